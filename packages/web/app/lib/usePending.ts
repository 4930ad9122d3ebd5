import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Undo windows: schedule(key, run) marks `key` pending and runs `run` after `delayMs` unless undo(key)
 * is called first. Pending timers are flushed (run) when the component goes away, so a confirmed-by-
 * waiting removal is never lost by closing a modal.
 */
export function usePending(delayMs = 5000) {
  const timers = useRef(new Map<string, { timer: ReturnType<typeof setTimeout>; run: () => void }>());
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  const clear = useCallback((key: string) => {
    timers.current.delete(key);
    setPending((current) => {
      const next = new Set(current);
      next.delete(key);
      return next;
    });
  }, []);

  const schedule = useCallback(
    (key: string, run: () => unknown) => {
      const go = () => {
        clear(key);
        void run();
      };
      timers.current.set(key, { timer: setTimeout(go, delayMs), run: go });
      setPending((current) => new Set(current).add(key));
    },
    [clear, delayMs],
  );

  const undo = useCallback(
    (key: string) => {
      const entry = timers.current.get(key);
      if (entry) clearTimeout(entry.timer);
      clear(key);
    },
    [clear],
  );

  useEffect(() => {
    const current = timers.current;
    return () => {
      for (const entry of current.values()) {
        clearTimeout(entry.timer);
        entry.run();
      }
    };
  }, []);

  return { pending, schedule, undo, isPending: (key: string) => pending.has(key) };
}
