import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useWidget } from '../context.ts';
import { screens } from '../registry.ts';
import { screenAtom, toastsAtom, type LoginScreenName, type ScreenName } from '../state/atoms.ts';

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

/** The login widget: the current screen and the toast stack, inside the widget's box. */
export function LoginFlow() {
  const toasts = useAtomValue(toastsAtom).length > 0;
  const { client, config } = useWidget();
  useToastsEndWithTheirScreen();
  // SPEC §7 client event logging: once per login render, with the host's options.
  useEffect(() => {
    client?.logEvent({ event_name: 'render_login_screen', details: { options: config.input } });
  }, [client, config]);
  return (
    // The toasts lie over the bottom of the card, inside the widget's box: below it they
    // pushed the host page down and sat apart from the screen they speak about.
    <div css={{ position: 'relative' }}>
      <Suspense fallback={null}>
        <Screen />
      </Suspense>
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
