import { useAtomValue } from 'jotai';
import { useEffect, useRef, type ReactNode } from 'react';
import { transitionCountAtom } from '../state/atoms.ts';

/**
 * A screen title. After any transition it takes focus, so screen readers announce the new
 * screen; on first load it does not, so the widget never steals focus from the host page.
 */
export function Heading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const transitions = useAtomValue(transitionCountAtom);
  useEffect(() => {
    if (transitions > 0) ref.current?.focus();
  }, [transitions]);
  return (
    <h1 part="header" tabIndex={-1} ref={ref}>
      {children}
    </h1>
  );
}
