import type { trpc } from '@dealership/web-trpc-client';

type TrpcUtils = ReturnType<typeof trpc.useUtils>;

/**
 * After a car is written (created, updated, deleted, a picture removed): every car query is
 * stale, the public ones too (their 30 s staleTime would keep the old car on screen), and so is
 * the activity log.
 */
export function refreshAfterCarWrite(utils: TrpcUtils): Promise<unknown> {
  return Promise.all([utils.car.invalidate(), utils.audit.list.invalidate()]);
}
