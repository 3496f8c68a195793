import { useAtomValue } from 'jotai';
import { useEffect, useRef, type ReactNode } from 'react';
import { screenAtom } from '../state/atoms.ts';

// Module-level would be shared by every widget on the page; a ref per heading is not.
/** A screen title that takes focus when the screen changes, but never on first load. */
export function Heading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const screen = useAtomValue(screenAtom);
  const first = useRef(screen);
  useEffect(() => {
    if (screen !== first.current) ref.current?.focus();
  }, [screen]);
  return (
    <h1 part="header" tabIndex={-1} ref={ref}>
      {children}
    </h1>
  );
}
