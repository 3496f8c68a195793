import { useAtomValue, useSetAtom } from 'jotai';
import { startTransition, useEffect, useRef, useState } from 'react';
import { messageLocale } from '../../send/send.ts';
import { useGo } from '../../hooks/useGo.ts';
import { useReportError } from '../../hooks/useReportError.ts';
import { usePrimaryOutcome } from '../outcome.ts';
import { takeRedirectSignIn, takeRefusal } from '../../state/redirectSignIn.ts';
import { localeOf } from '../send.ts';
import { screenAtom } from '../../state/atoms.ts';
import { b2bEmailAtom, b2bErrorAtom, primaryRequiredAtom } from '../state.ts';
import { useShowDiscovered } from '../useShowDiscovered.ts';
import { useB2B, useB2BClient, useB2BStrings } from '../widget.ts';

const TOKEN_TYPES = ['sso', 'oauth', 'discovery_oauth'] as const;
type TokenType = (typeof TOKEN_TYPES)[number];
const isTokenType = (t: string | null): t is TokenType => (TOKEN_TYPES as readonly (string | null)[]).includes(t);

/**
 * The return from an IdP or OAuth provider (the official `authenticateByUrl` for `sso`,
 * `oauth` and `discovery_oauth`): the token is taken out of the address bar first (a reload
 * does not spend it twice), then spent once. An organization's sign-in goes to the one
 * outcome (Logged In, MFA, another primary factor); a discovery sign-in lists the
 * organizations. A failed exchange, or a refusal coming back from a sign-in this tab started
 * (`error`), shows the Error screen. True while the token the page came back with is being
 * spent: the card says 'Logging in...' until the answer moves the widget off Main.
 */
export function useRedirectReturn(): boolean {
  const client = useB2BClient();
  const go = useGo();
  const report = useReportError();
  const showDiscovered = useShowDiscovered();
  const signedIn = usePrimaryOutcome();
  const { config } = useB2B();
  const t = useB2BStrings();
  const setEmail = useSetAtom(b2bEmailAtom);
  const setError = useSetAtom(b2bErrorAtom);
  const done = useRef(false);
  const [spending, setSpending] = useState(() => {
    const q = new URL(globalThis.location?.href ?? 'about:blank').searchParams;
    return isTokenType(q.get('stytch_token_type')) && !!q.get('token');
  });
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const started = takeRedirectSignIn();
    const url = new URL(globalThis.location.href);
    const q = url.searchParams;
    const type = q.get('stytch_token_type');
    const token = q.get('token');
    const showError = (message: string) => {
      startTransition(() => setError({ type: 'Default', message }));
      go('Error');
    };
    const failed = (err: unknown) => showError(report(err));
    if (isTokenType(type) && token) {
      q.delete('token');
      q.delete('stytch_token_type');
      globalThis.history.replaceState(globalThis.history.state, '', url);
      const minutes = config.sessionOptions.sessionDurationMinutes;
      if (type === 'sso') {
        client.sso.authenticate({ sso_token: token, session_duration_minutes: minutes, ...localeOf(config, t.locale) }).then(signedIn, failed);
      } else if (type === 'oauth') {
        const locale = messageLocale(config.oauthOptions.locale, t.locale);
        client.oauth.authenticate({ oauth_token: token, session_duration_minutes: minutes, ...(locale ? { locale } : {}) }).then(signedIn, failed);
      } else {
        client.oauth.discovery
          .authenticate({ discovery_oauth_token: token })
          .then((r) => {
            setEmail(r.email_address);
            return showDiscovered(r.discovered_organizations);
          })
          .then(undefined, failed);
      }
      return;
    }
    const refused = takeRefusal(url, started);
    if (refused) {
      report(refused);
      showError(t(started === 'oauth' ? 'error.oauthFlowCallbackError' : 'ssoDiscovery.email.error.unknown'));
    }
  }, [client, config, go, report, showDiscovered, setEmail, setError, signedIn, t]);
  // Once the answer has moved the widget off Main (any screen, or Main for another primary
  // factor), the return is over: a later Main (Go back, Try again) is Main again.
  const screen = useAtomValue(screenAtom);
  const required = useAtomValue(primaryRequiredAtom);
  const moved = screen !== 'Main' || !!required;
  if (spending && moved) setSpending(false);
  return spending && !moved;
}
