/**
 * Polls `read` until `done` holds, or `timeoutMs` has passed, and gives the last value read: for
 * what another connection's NOTIFY changes (a generation, a cache), which takes a moment to arrive.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
