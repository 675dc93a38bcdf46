/** What a call threw (it must throw): for tests that check an error's class and message. */
export async function thrown(run: () => Promise<unknown>): Promise<Error> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to throw');
}
