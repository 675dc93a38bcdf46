import { act, renderHook } from '@testing-library/react';
import { usePendingRemovals } from './use-pending-removals';

describe('usePendingRemovals', () => {
  it('tracks a removal while it is in flight and ignores a second one of the same picture', async () => {
    let finish: () => void = () => undefined;
    const task = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => usePendingRemovals());
    expect(result.current.isPending).toBe(false);

    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.run('saved-a', task);
      // A double click: the second call comes before any re-render.
      void result.current.run('saved-a', task);
    });
    expect(task).toHaveBeenCalledTimes(1);
    expect(result.current.isPending).toBe(true);
    expect([...result.current.pending]).toEqual(['saved-a']);

    await act(async () => {
      finish();
      await first;
    });
    expect(result.current.isPending).toBe(false);

    act(() => void result.current.run('saved-a', async () => undefined));
    await act(async () => undefined);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('is free again when the removal fails', async () => {
    const { result } = renderHook(() => usePendingRemovals());
    await act(async () => {
      await result.current.run('saved-a', async () => Promise.reject(new Error('offline'))).catch(() => undefined);
    });
    expect(result.current.isPending).toBe(false);
  });
});
