import { useCallback, useState } from 'react';

/** A small UI preference kept in localStorage (per window origin), falling back when absent or unknown. */
export function useStoredState<T extends string>(key: string, allowed: readonly T[], fallback: T): [T, (v: T) => void] {
  const [value, setValue] = useState<T>(() => {
    try {
      const stored = localStorage.getItem(key);
      return allowed.find((a) => a === stored) ?? fallback;
    } catch {
      return fallback;
    }
  });
  const set = useCallback(
    (next: T) => {
      setValue(next);
      try {
        localStorage.setItem(key, next);
      } catch {
        // Storage may be unavailable (private windows); the choice still holds for this session.
      }
    },
    [key],
  );
  return [value, set];
}
