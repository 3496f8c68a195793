import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
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

/** The login widget: the current screen and the toast stack. */
export function LoginFlow() {
  const toasts = useAtomValue(toastsAtom).length > 0;
  const { client, config } = useWidget();
  // SPEC §7 client event logging: once per login render, with the host's options.
  useEffect(() => {
    client?.logEvent({ event_name: 'render_login_screen', details: { options: config.input } });
  }, [client, config]);
  return (
    <>
      <Suspense fallback={null}>
        <Screen />
      </Suspense>
      {/* A live region must exist before its text arrives, or screen readers may miss it: this
          polite region stays mounted, and the on-demand toast stack renders inside it. */}
      <div part="toast-region" role="status">
        {toasts ? (
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        ) : null}
      </div>
    </>
  );
}
