import { useEffect, useRef } from 'react';

/**
 * Runs `effect` once per mounted component, after its first render, even where React runs
 * effects twice or the values it reads change: for what may happen only once (a single-use
 * token spent, a completion event fired, the address bar read).
 */
export function useOnce(effect: () => void): void {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    effect();
  });
}
