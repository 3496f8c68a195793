import { useAtomValue, useSetAtom } from 'jotai';
import { RedeemLink } from '../components/LoggingIn.tsx';
import { useWidget } from '../context.ts';
import { requireClient } from '../hooks/requireClient.ts';
import { useGo } from '../hooks/useGo.ts';
import { linkReturnAtom, signInMethodAtom } from '../state/atoms.ts';
import { usePrefetchPasskeyOffer } from '../hooks/usePasskeyOffer.ts';
import { LinkConfirm } from './LinkConfirm.tsx';

/**
 * The login widget's page opened from a magic link or an OAuth return (`?token=…&stytch_token_type=
 * magic_links|oauth`, the redirect URL pointing at the page that hosts the widget, as with the
 * official UI): 'Logging in...', the token redeemed once, then the success screen. With
 * `emailMagicLinksOptions.crossDevice`, a magic link's page confirms first (LinkConfirm).
 */
export default function LinkReturn() {
  const { client, config, callbacks } = useWidget();
  usePrefetchPasskeyOffer();
  const { token, type } = useAtomValue(linkReturnAtom);
  const go = useGo();
  const setSignInMethod = useSetAtom(signInMethodAtom);
  // Scanner-proof, cross-device links: a click (and the asking tab's code, when one waits) spends the token.
  if (type === 'magic_links' && config.emailMagicLinks.crossDevice) return <LinkConfirm token={token} />;
  return (
    <RedeemLink
      redeem={async () => {
        const c = requireClient(client);
        const options = { session_duration_minutes: config.session.sessionDurationMinutes };
        const r = type === 'oauth' ? await c.oauth.authenticate(token, options) : await c.magicLinks.authenticate(token, options);
        callbacks.onEvent({ type: type === 'oauth' ? 'OAUTH_AUTHENTICATE' : 'MAGIC_LINK_AUTHENTICATE', data: r });
        setSignInMethod(type === 'oauth' ? 'oauth' : 'magic_link');
        go('PasswordConfirmation');
      }}
    />
  );
}
