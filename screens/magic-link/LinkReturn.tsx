import { useAtomValue } from 'jotai';
import { RedeemLink } from '../components/LoggingIn.tsx';
import { useWidget } from '../context.ts';
import { requireClient } from '../hooks/requireClient.ts';
import { useSignedIn } from '../hooks/useSignedIn.ts';
import { linkReturnAtom } from '../state/atoms.ts';
import { usePrefetchPasskeyOffer } from '../components/usePasskeyOffer.ts';
import { LinkConfirm } from './LinkConfirm.tsx';

/**
 * The login widget's page opened from a magic link or an OAuth return (`?token=…&stytch_token_type=
 * magic_links|oauth`, the redirect URL pointing at the page that hosts the widget, as with the
 * official UI): 'Logging in...', the token redeemed once, then the success screen. With
 * `emailMagicLinksOptions.crossDevice`, a magic link's page confirms first (LinkConfirm).
 */
export default function LinkReturn() {
  const { client, config } = useWidget();
  usePrefetchPasskeyOffer();
  const { token, type } = useAtomValue(linkReturnAtom);
  const signedIn = useSignedIn();
  // Scanner-proof, cross-device links: a click (and the asking tab's code, when one waits) spends the token.
  if (type === 'magic_links' && config.emailMagicLinks.crossDevice) return <LinkConfirm token={token} />;
  return (
    <RedeemLink
      redeem={async () => {
        const c = requireClient(client);
        const options = { session_duration_minutes: config.session.sessionDurationMinutes };
        const r = type === 'oauth' ? await c.oauth.authenticate(token, options) : await c.magicLinks.authenticate(token, options);
        if (type === 'oauth') signedIn('OAUTH_AUTHENTICATE', r, 'oauth');
        else signedIn('MAGIC_LINK_AUTHENTICATE', r, 'magic_link');
      }}
    />
  );
}
