import { useEffect, useRef, useState } from 'react';

/**
 * The value at most once per `ms`, always ending on the latest one. Used for the fetch window:
 * dragging the scrollbar across 100,000 assets must not ask for every page it passes.
 */
export function useThrottledValue<T>(value: T, ms: number): T {
  const [current, setCurrent] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    const wait = last.current + ms - Date.now();
    const apply = () => {
      last.current = Date.now();
      setCurrent(value);
    };
    if (wait <= 0) {
      apply();
      return undefined;
    }
    const timer = setTimeout(apply, wait);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return current;
}
