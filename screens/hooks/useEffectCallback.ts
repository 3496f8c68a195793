import { useCallback, useInsertionEffect, useRef } from 'react';

/**
 * `fn` as of the latest render, behind one stable function: what an effect calls without
 * re-running when `fn` changes (the words of the moment, the screen's current state). React
 * 19's `useEffectEvent`, which the widget files' React 18 does not have.
 */
export function useEffectCallback<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  const latest = useRef(fn);
  // Before any effect of this render runs, and on a server not at all.
  useInsertionEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
