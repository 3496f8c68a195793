import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { useWidget } from '../context.ts';
import { screens } from '../registry.ts';
import { useGo } from '../hooks/useGo.ts';
import { linkReturnAtom, screenAtom, toastsAtom, type LoginScreenName, type ScreenName } from '../state/atoms.ts';

const Toasts = lazy(() => import('../components/Toasts.tsx').then((m) => ({ default: m.Toasts })));

const isLoginScreen = (name: ScreenName): name is LoginScreenName => Object.hasOwn(screens, name);

/** The current screen, from the registry; another element's screen name shows Main. */
function Screen() {
  const name = useAtomValue(screenAtom);
  const Current = isLoginScreen(name) ? screens[name] : screens.Main;
  return <Current />;
}

/** Every toast belongs to the screen that raised it ('Code resent', 'Email resent'): a new screen drops them. */
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
 * A magic link or an OAuth return whose redirect URL is the page hosting the widget brings
 * `?token=…&stytch_token_type=magic_links|oauth` (as with the official UI): the widget
 * completes it. The token leaves the address bar first, so a reload does not spend it twice.
 */
function useLinkReturn(): void {
  const setLinkReturn = useSetAtom(linkReturnAtom);
  const go = useGo();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const url = new URL(globalThis.location.href);
    const token = url.searchParams.get('token');
    const type = url.searchParams.get('stytch_token_type');
    if (!token || (type !== 'magic_links' && type !== 'oauth')) return;
    url.searchParams.delete('token');
    url.searchParams.delete('stytch_token_type');
    globalThis.history.replaceState(globalThis.history.state, '', url);
    setLinkReturn({ token, type });
    go('LinkReturn');
  }, [go, setLinkReturn]);
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

/** The login widget: the current screen and the toast stack, inside the widget's box. */
export function LoginFlow() {
  const toasts = useAtomValue(toastsAtom).length > 0;
  const { client, config } = useWidget();
  useToastsEndWithTheirScreen();
  useLinkReturn();
  const region = useRef<HTMLDivElement>(null);
  const toastSpace = useToastSpace(region, toasts);
  // SPEC §7 client event logging: once per login render, with the host's options.
  useEffect(() => {
    client?.logEvent({ event_name: 'render_login_screen', details: { options: config.input } });
  }, [client, config]);
  return (
    // The toasts lie over the bottom of the card, inside the widget's box: below it they
    // pushed the host page down and sat apart from the screen they speak about.
    <div css={{ position: 'relative' }} style={toastSpace ? ({ '--stytch-toast-space': `${toastSpace}px` } as CSSProperties) : undefined}>
      <Suspense fallback={null}>
        <Screen />
      </Suspense>
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
