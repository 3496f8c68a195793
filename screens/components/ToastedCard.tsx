import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
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

/**
 * The toast stack's height while it shows: the card makes that much room at its bottom
 * (--stytch-toast-space in the theme's container padding), so a toast lying over the bottom of
 * the card covers none of its buttons ("Email resent" hid "Login without a password" at 375 px).
 */
function useToastSpace(region: RefObject<HTMLDivElement | null>, shown: boolean): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const el = region.current;
    if (!shown || !el || typeof ResizeObserver === 'undefined') return setHeight(0);
    const observer = new ResizeObserver(() => setHeight(Math.ceil(el.getBoundingClientRect().height)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [region, shown]);
  return shown ? height : 0;
}

/** A line's current screen with the widget's toast stack over the bottom of its card (both lines' roots). */
export function ToastedCard({ children }: { children: ReactNode }) {
  const toasts = useAtomValue(toastsAtom).length > 0;
  useToastsEndWithTheirScreen();
  const region = useRef<HTMLDivElement>(null);
  const toastSpace = useToastSpace(region, toasts);
  return (
    // The toasts lie over the bottom of the card, inside the widget's box: below it they
    // pushed the host page down and sat apart from the screen they speak about.
    <div css={{ position: 'relative' }} style={toastSpace ? ({ '--stytch-toast-space': `${toastSpace}px` } as CSSProperties) : undefined}>
      <Suspense fallback={null}>{children}</Suspense>
      {/* A live region must exist before its text arrives, or screen readers may miss it: this
          polite region stays mounted, and the on-demand toast stack renders inside it. */}
      <div ref={region} part="toast-region" role="status" css={{ position: 'absolute', insetInline: 12, bottom: 12, zIndex: 1 }}>
        {toasts ? (
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
