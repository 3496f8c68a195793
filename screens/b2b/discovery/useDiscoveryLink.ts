import { useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { usePrimaryOutcome } from '../outcome.ts';
import { localeOf } from '../send.ts';
import { useShowError } from '../showError.ts';
import { b2bEmailAtom } from '../state.ts';
import { useShowDiscovered } from '../useShowDiscovered.ts';
import { useB2B, useB2BClient, useB2BStrings } from '../widget.ts';

/**
 * A link brings the user back to this page with `stytch_token_type` and a token: a discovery
 * link lists the organizations it proves, an organization's login link signs in to it. The
 * token is spent once, on load, and taken out of the address bar first, so a reload does not
 * spend it twice.
 */
export function useDiscoveryLink(): void {
  const client = useB2BClient();
  const showError = useShowError();
  const showDiscovered = useShowDiscovered();
  const signedIn = usePrimaryOutcome();
  const { config } = useB2B();
  const { locale } = useB2BStrings();
  const setEmail = useSetAtom(b2bEmailAtom);
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const url = new URL(globalThis.location.href);
    const token = url.searchParams.get('token');
    const type = url.searchParams.get('stytch_token_type');
    if ((type !== 'discovery' && type !== 'multi_tenant_magic_links') || !token) return;
    // On the reset page a login link proves a member who is about to set a password: the reset form spends it.
    if (type === 'multi_tenant_magic_links' && config.authFlowType === 'PasswordReset') return;
    // A discovery reset link: the reset form spends it.
    if (url.searchParams.get('stytch_redirect_type') === 'reset_password') return;
    url.searchParams.delete('token');
    url.searchParams.delete('stytch_token_type');
    url.searchParams.delete('stytch_redirect_type');
    globalThis.history.replaceState(globalThis.history.state, '', url);
    // A link that cannot sign in (spent, expired, revoked): the EmailMagicLink sub-view, as the official.
    const failed = (err: unknown) => showError(err, { type: 'EmailMagicLink' });
    if (type === 'multi_tenant_magic_links') {
      // An organization's login link: straight into that organization.
      client.magicLinks
        .authenticate({ magic_links_token: token, session_duration_minutes: config.sessionOptions.sessionDurationMinutes, ...localeOf(config, locale) })
        .then(signedIn)
        .then(undefined, failed);
      return;
    }
    client.magicLinks.discovery
      .authenticate({ discovery_magic_links_token: token })
      .then((r) => {
        setEmail(r.email_address);
        return showDiscovered(r.discovered_organizations);
      })
      .then(undefined, failed);
  }, [client, config, showError, showDiscovered, setEmail, signedIn, locale]);
}
