import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useOnce } from '../hooks/useOnce.ts';
import { Authorize } from './Authorize.tsx';
import { Logout } from './Logout.tsx';
import { parseIdpRequest, type IdpRequest } from './params.ts';
import { prefetchedFor, readPrefetchedConsent, type PrefetchedConsent } from './prefetched.ts';
import { Notice, Waiting } from './Status.tsx';
import { useIdp, useIdpStrings, type IdpClient, type IdpOptions } from './widget.ts';

/** A required parameter of the request is missing (the official `IDPOAuthFlowMissingParamError`). */
export class IDPOAuthFlowMissingParamError extends Error {
  override readonly name = 'IDPOAuthFlowMissingParamError';
}

/** The consent element was shown without a signed-in user or member (the official `NoCurrentSessionError`). */
export class NoCurrentSessionError extends Error {
  override readonly name = 'NoCurrentSessionError';
  constructor() {
    super('No active session: the consent element needs a signed-in user.');
  }
}

/**
 * The request on the page, read once at the first render (a magic link's token the page's login
 * element takes out of the address bar later does not lose it), then its flow: the logout, or
 * the consent for a signed-in user. The first render is the wait, the same everywhere, so the
 * server's markup, which cannot know the page's query or session, is what the browser hydrates;
 * unless the site's server started the consent itself (`prefetchedConsent`) for this very query:
 * then both render the consent screen from that answer, and the browser does not start it again.
 */
export function IdpFlow({ options }: { options: IdpOptions }) {
  const { env, client, callbacks } = useIdp();
  const t = useIdpStrings();
  const [{ request, prefetched, problem }] = useState(() => readRequest(options.prefetchedConsent, env.page?.search ?? globalThis.location?.search));
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  useOnce(() => {
    if (problem) callbacks.onError(new Error(problem));
    if (request.type === 'missing') callbacks.onError(new IDPOAuthFlowMissingParamError(t('idpConsent.missingParam', { field: request.field })));
  });
  if (!ready && !prefetched) return <Waiting text={t('idpConsent.loading')} />;
  if (request.type === 'missing') return <Notice error text={t('idpConsent.missingParam', { field: request.field })} />;
  if (request.type === 'logout') return client ? <Logout client={client} params={request.params} /> : <Notice error text={t('errors.generic')} />;
  if (!client && !prefetched) return <Notice error text={t('errors.generic')} />;
  return (
    <SignedIn client={client} options={options} vouched={!!prefetched}>
      {(signedOut) => <Authorize client={client} params={request.params} generator={options.getIDPConsentManifest} prefetched={prefetched} signedOut={signedOut} />}
    </SignedIn>
  );
}

/**
 * The page's request (on the server, where there is no page, the prefetched consent's), and the
 * prefetched consent when it is valid and was made for an authorization request of that query;
 * what was wrong with one that is not, for onError.
 */
function readRequest(value: unknown, search: string | undefined): { request: IdpRequest; prefetched?: PrefetchedConsent | undefined; problem?: string | undefined } {
  const checked = value === undefined || value === null ? undefined : readPrefetchedConsent(value);
  const valid = checked?.ok ? checked.value : undefined;
  const request = parseIdpRequest(search ?? valid?.request ?? '');
  if (checked && !checked.ok) return { request, problem: checked.message };
  if (!valid) return { request };
  if (request.type !== 'authorize' || !prefetchedFor(valid, search ?? valid.request))
    return { request, problem: "prefetchedConsent was made for another request than the page's query: the consent is started afresh" };
  return { request, prefetched: valid };
}

/**
 * The consent only for a signed-in user (or member): otherwise the official words ask to log
 * in, and the consent follows as soon as a session appears (the page's login element signs in
 * with the same client, or another tab does). A trusted auth token the site passes is attested
 * first. A prefetched consent (`vouched`) was started with the user's session by the site's
 * server: the consent shows at once, though the client may learn of the session later. So does
 * a session the client holds only the tokens of (a cookie shared with another subdomain, no
 * copy stored by this page yet): the consent starts with them beside the client's own check,
 * and `signedOut` (the provider refused them) turns to the login words.
 */
function SignedIn({ client, options, vouched, children }: { client: IdpClient | undefined; options: IdpOptions; vouched: boolean; children: (signedOut: () => void) => ReactNode }) {
  const { callbacks } = useIdp();
  const t = useIdpStrings();
  const [signedIn, setSignedIn] = useState(() => vouched || client?.session.getSync() != null || client?.session.getTokens?.() != null);
  const signedOut = useCallback(() => setSignedIn(false), []);
  const [attesting, setAttesting] = useState(() => !!options.authTokenParams?.trustedAuthToken);
  useEffect(() => client?.session.onChange((s) => setSignedIn(s != null)), [client]);
  useOnce(() => {
    const params = options.authTokenParams;
    if (!params?.trustedAuthToken) return;
    const session = client?.session;
    const attest = session?.attest
      ? attestFor(session as Required<IdpClient['session']>, params.trustedAuthToken, params.tokenProfileID)
      : Promise.reject(new Error('authTokenParams: this client cannot attest a trusted auth token (session.attest); the consent goes on with the current session.'));
    attest.catch((e: unknown) => callbacks.onError(e instanceof Error ? e : new Error(String(e)))).finally(() => setAttesting(false));
  });
  useEffect(() => {
    if (!attesting && !signedIn) callbacks.onError(new NoCurrentSessionError());
  }, [attesting, signedIn, callbacks]);
  if (attesting) return <Waiting text={t('idpConsent.loading')} />;
  if (!signedIn) return <Notice text={t('idpConsent.noActiveSession')} />;
  return children(signedOut);
}

/**
 * As the official element does: whoever is signed in is signed out first (the token names the
 * person the consent is for), then the token is attested for an hour; a member's organization
 * goes with it, for a token that names none.
 */
async function attestFor(session: Required<IdpClient['session']>, token: string, profileId: string): Promise<unknown> {
  const current = session.getSync() as { organization_id?: string } | null;
  if (current) await session.revoke({ forceClear: true });
  const organization = current?.organization_id;
  return session.attest({ token, profile_id: profileId, session_duration_minutes: 60, ...(organization ? { organization_id: organization } : {}) });
}
