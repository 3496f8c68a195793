import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { ToastedCard } from '../components/ToastedCard.tsx';
import { useWidget } from '../context.ts';
import { screens } from '../registry.ts';
import { screenAtom, type LoginScreenName, type ScreenName } from '../state/atoms.ts';

const isLoginScreen = (name: ScreenName): name is LoginScreenName => Object.hasOwn(screens, name);

/** The current screen, from the registry; another element's screen name shows Main. */
function Screen() {
  const name = useAtomValue(screenAtom);
  const Current = isLoginScreen(name) ? screens[name] : screens.Main;
  return <Current />;
}

/** The login widget: the current screen and the toast stack, inside the widget's box. */
export function LoginFlow() {
  const { client, config } = useWidget();
  // SPEC §7 client event logging: once per login render, with the host's options.
  useEffect(() => {
    client?.logEvent({ event_name: 'render_login_screen', details: { options: config.input } });
  }, [client, config]);
  return (
    <ToastedCard>
      <Screen />
    </ToastedCard>
  );
}
