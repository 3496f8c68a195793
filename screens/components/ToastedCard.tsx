import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { screenAtom, toastsAtom } from '../state/atoms.ts';

const Toasts = lazy(() => import('./Toasts.tsx').then((m) => ({ default: m.Toasts })));

/** Every toast belongs to the screen that raised it ('Code resent', 'Couldn't copy…'): a new screen drops them. */
function useToastsEndWithTheirScreen(): void {
  const screen = useAtomValue(screenAtom);
  const setToasts = useSetAtom(toastsAtom);
  const shown = useRef(screen);
  useEffect(() => {
    if (shown.current === screen) return;
    shown.current = screen;
    setToasts([]);
  }, [screen, setToasts]);
}

/** A line's current screen with the widget's toast stack over the bottom of its card (both lines' roots). */
export function ToastedCard({ children }: { children: ReactNode }) {
  const toasts = useAtomValue(toastsAtom).length > 0;
  useToastsEndWithTheirScreen();
  return (
    // The toasts lie over the bottom of the card, inside the widget's box: below it they
    // pushed the host page down and sat apart from the screen they speak about.
    <div css={{ position: 'relative' }}>
      <Suspense fallback={null}>{children}</Suspense>
      {/* A live region must exist before its text arrives, or screen readers may miss it: this
          polite region stays mounted, and the on-demand toast stack renders inside it. */}
      <div part="toast-region" role="status" css={{ position: 'absolute', insetInline: 12, bottom: 12, zIndex: 1 }}>
        {toasts ? (
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
