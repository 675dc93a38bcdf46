import type { FastifyInstance } from 'fastify';

/** How long the server must have been quiet before it gives memory back. */
export const IDLE_TRIM_AFTER_MS = 10_000;

/** V8's `gc` as `node --expose-gc` provides it (`globalThis.gc`); only the call made here. */
export type CollectGarbage = (options: { type: 'major'; flavor: 'last-resort' }) => unknown;

/**
 * Once the server has been quiet for `afterMs` (no request open and none finished meanwhile),
 * runs one memory-reducing collection: V8 keeps its heap at its busiest size while nothing
 * allocates (the young generation at its peak, freed pages pooled), so an idle server held 60-80
 * MB it no longer used (docs/speed.md, "Memory"). The next quiet spell after more requests trims
 * again; a server that stays idle is left alone. Needs `gc`, which Node provides when started with
 * `--expose-gc` (tools/scripts/start.mjs and README's direct start do); without it, nothing runs.
 */
export function trimMemoryWhenIdle(
  fastify: FastifyInstance,
  { gc, afterMs = IDLE_TRIM_AFTER_MS }: { gc: CollectGarbage | undefined; afterMs?: number },
): { trims: number } {
  const state = { trims: 0 };
  if (typeof gc !== 'function') return state;
  let open = 0;
  let timer: NodeJS.Timeout | undefined;
  const trim = () => {
    // Still answering (a long download): its end starts another quiet spell.
    if (open > 0) return;
    state.trims++;
    gc({ type: 'major', flavor: 'last-resort' });
  };
  fastify.addHook('onRequest', (_request, reply, done) => {
    open++;
    // 'close' comes for every response: sent, failed or abandoned by the client.
    reply.raw.once('close', () => {
      open--;
      if (timer) timer.refresh();
      else timer = setTimeout(trim, afterMs).unref();
    });
    done();
  });
  fastify.addHook('onClose', (_instance, done) => {
    clearTimeout(timer);
    done();
  });
  return state;
}
