import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { ToastedCard } from '../components/ToastedCard.tsx';
import { useStrings, useWidget } from '../context.ts';
import { useGo } from '../hooks/useGo.ts';
import { useOnce } from '../hooks/useOnce.ts';
import { screens } from '../registry.ts';
import { linkReturnAtom, oauthRefusalAtom, screenAtom, type LoginScreenName, type ScreenName } from '../state/atoms.ts';
import { takeRedirectSignIn, takeRefusal } from '../state/redirectSignIn.ts';
import { useReportError } from '../hooks/useReportError.ts';
import { useToast } from '../hooks/useToast.ts';
import { afterPaint } from '../schedule.ts';
import { oauthMessages } from '../i18n/en/oauth.ts';
import { oauthButtonCount } from '../main/methods.ts';

const isLoginScreen = (name: ScreenName): name is LoginScreenName => Object.hasOwn(screens, name);

/** The current screen, from the registry; another element's screen name shows Main. */
function Screen() {
  const name = useAtomValue(screenAtom);
  const Current = isLoginScreen(name) ? screens[name] : screens.Main;
  return <Current />;
}

/**
 * A magic link or an OAuth return whose redirect URL is the page hosting the widget brings
 * `?token=…&stytch_token_type=magic_links|oauth` (as with the official UI): the widget
 * completes it. The token leaves the address bar first, so a reload does not spend it twice.
 * An OAuth sign-in this tab started that comes back refused (`error`, `error_description`)
 * shows in the widget's words; the provider's go to the host's onError.
 */
function useLinkReturn(): void {
  const setLinkReturn = useSetAtom(linkReturnAtom);
  const setRefusal = useSetAtom(oauthRefusalAtom);
  const report = useReportError();
  const t = useStrings(oauthMessages);
  const { config } = useWidget();
  const toast = useToast();
  const go = useGo();
  useOnce(() => {
    const url = new URL(globalThis.location.href);
    const token = url.searchParams.get('token');
    const type = url.searchParams.get('stytch_token_type');
    // Session storage only on a return: a page load with neither reads nothing.
    const started = token || url.searchParams.has('error') ? takeRedirectSignIn() : undefined;
    const refused = token ? undefined : takeRefusal(url, started === 'oauth' ? started : undefined);
    if (refused) {
      report(refused);
      const message = t('error.oauthFlowCallbackError');
      // Main shows it under its OAuth buttons; a page whose config has none shows it as a toast.
      if (oauthButtonCount(config) > 0) setRefusal(message);
      else toast.show('error', message);
      return;
    }
    if (!token || (type !== 'magic_links' && type !== 'oauth')) return;
    url.searchParams.delete('token');
    url.searchParams.delete('stytch_token_type');
    globalThis.history.replaceState(globalThis.history.state, '', url);
    setLinkReturn({ token, type });
    go('LinkReturn');
  });
}

/** The login widget: the current screen and the toast stack, inside the widget's box. */
export function LoginFlow() {
  const { client, config } = useWidget();
  useLinkReturn();
  // SPEC §7 client event logging: once per login render, with the host's options; logged after
  // the paint (stamping the event is work the first screen need not wait for).
  useEffect(() => afterPaint(() => client?.logEvent({ event_name: 'render_login_screen', details: { options: config.input } })), [client, config]);
  return (
    <ToastedCard>
      <Screen />
    </ToastedCard>
  );
}
