import { useAtomValue } from 'jotai';
import { RedeemLink } from '../components/LoggingIn.tsx';
import { useWidget } from '../context.ts';
import { requireClient } from '../hooks/requireClient.ts';
import { resetPasswordStateAtom } from '../state/atoms.ts';
import { usePasswordActions } from './usePasswordActions.ts';

/** A reset page opened with `stytch_token_type=login`: the token signs in at once (SPEC §4). */
export default function LoginLinkToken() {
  const { client, config } = useWidget();
  const { token } = useAtomValue(resetPasswordStateAtom);
  const actions = usePasswordActions();
  return (
    <RedeemLink
      redeem={async () => {
        const r = await requireClient(client).magicLinks.authenticate(token, { session_duration_minutes: config.session.sessionDurationMinutes });
        actions.signedIn('MAGIC_LINK_AUTHENTICATE', r);
      }}
    />
  );
}
