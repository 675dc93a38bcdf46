import { useCallback, useEffect, useRef, useState } from 'react';

export interface PendingRemovals {
  /** Keys of the saved pictures whose removal is in flight. */
  pending: ReadonlySet<string>;
  /** Whether any removal is in flight (the form must not be saved with that picture in it). */
  isPending: boolean;
  /**
   * Runs `task` (the server removal of the picture `key`) unless one for that picture is already
   * running: a second click while the first is in flight does nothing.
   */
  run: (key: string, task: () => Promise<void>) => Promise<void>;
}

/**
 * The in-flight removals of saved pictures: an update form disables the picture's remove control
 * and its own Submit until the server has answered, so a picture being deleted is never saved back.
 */
export function usePendingRemovals(): PendingRemovals {
  const running = useRef(new Set<string>());
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async (key: string, task: () => Promise<void>) => {
    // The ref answers at once; the state only drives the render.
    if (running.current.has(key)) return;
    running.current.add(key);
    setPending(new Set(running.current));
    try {
      await task();
    } finally {
      running.current.delete(key);
      if (mounted.current) setPending(new Set(running.current));
    }
  }, []);

  return { pending, isPending: pending.size > 0, run };
}
