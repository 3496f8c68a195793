import { useEffect, useState } from 'react';
import { useAnyWidget } from '../context.ts';

/** Whole seconds until `until` (clock ms), counted down on the widget's timers; 0 once past or when unset. */
export function useSecondsUntil(until: number | undefined): number {
  const { timers } = useAnyWidget().env;
  const [, tick] = useState(0);
  const left = until === undefined ? 0 : Math.max(0, Math.ceil((until - timers.now()) / 1000));
  useEffect(() => {
    if (left <= 0) return;
    const h = timers.setTimeout(() => tick((n) => n + 1), 1000);
    return () => timers.clearTimeout(h);
  });
  return left;
}
