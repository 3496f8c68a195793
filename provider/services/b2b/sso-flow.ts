import { randomUUID } from 'node:crypto';
import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { secretToken, sha256 } from '../ids.ts';
import { DEFAULT_SCOPES, Upstream } from '../oauth-upstream.ts';
import { authnRequestUrl, verifySamlResponse, type SamlIdentityProvider, type SamlServiceProvider, type VerifiedAssertion } from '../saml.ts';
import type { ClientInfo, Factor } from '../sessions.ts';
import { issueRedirectToken, spendToken, type TokenRow } from '../single-use-tokens.ts';
import { withTx } from '../tx.ts';
import { activateMember, requireMember } from './members.ts';
import { requireOrganization } from './organizations.ts';
import { completePrimaryAuth, type AuthAnswer } from './primary-auth.ts';
import { audienceUri, callbackUrl, connectionById, isActive, type ConnectionRow } from './sso-connections.ts';
import { externalById } from './sso-external.ts';

/*
 * One SSO sign-in: the browser leaves for the organization's IdP with a single-use state,
 * comes back to the callback (a SAML POST or an OIDC code), and is sent on to the app with a
 * single-use SSO token that sso/authenticate redeems.
 */

/** How long a started SSO sign-in and an issued SSO token stay redeemable. */
export const SSO_TTL_MS = 10 * 60_000;

/** Who the IdP vouched for, in the connection's attribute mapping. */
export interface SsoProfile {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The groups the IdP says the person is in (SAML; a connection's group rules give roles by them). */
  groups: string[];
}

export interface SsoState {
  state_hash: string;
  connection_id: string;
  saml_request_id: string | null;
  code_challenge: string | null;
  login_redirect_url: string;
  signup_redirect_url: string;
  upstream_verifier: string | null;
  upstream_nonce: string | null;
  /** The external connection the sign-in is for (services/b2b/sso-external.ts); null for the connection's own organization. */
  external_connection_id: string | null;
}

/**
 * The connection's upstream client, made per sign-in from its current settings: it holds
 * nothing fetched itself (discovery is kept in the bounded ctx.outsideCache, by issuer), so a
 * changed issuer leaves nothing behind.
 */
function oidcUpstream(ctx: ProviderContext, row: ConnectionRow): Upstream {
  const s = row.settings;
  return new Upstream(
    {
      clientId: s.client_id ?? '',
      clientSecret: row.client_secret ? ctx.secrets.open(row.client_secret, row.connection_id) : '',
      issuer: s.issuer,
      authorizationEndpoint: s.authorization_url || undefined,
      tokenEndpoint: s.token_url || undefined,
      userinfoEndpoint: s.userinfo_url || undefined,
      tokenAuth: 'client_secret_basic',
    },
    ctx.outbound,
    ctx.outsideCache,
  );
}

const samlParties = (base: string, row: ConnectionRow): { sp: SamlServiceProvider; idp: SamlIdentityProvider } => ({
  sp: { entityId: audienceUri(base, row.connection_id), acsUrl: callbackUrl(base, row.connection_id) },
  idp: { entityId: row.settings.idp_entity_id ?? '', ssoUrl: row.settings.idp_sso_url ?? '', certificates: row.verification_certificates.map((c) => c.certificate) },
});

export interface StartOptions {
  codeChallenge: string | null;
  loginRedirectUrl: string;
  signupRedirectUrl: string;
  /** `provider_*` query parameters, passed to an OIDC IdP. */
  params: Record<string, string>;
  /** The external connection the sign-in started with, when `row` is its source. */
  via?: string | null;
}

/** Stores the sign-in and returns the IdP URL to send the browser to. */
export async function startSso(ctx: ProviderContext, db: Queryable, base: string, row: ConnectionRow, o: StartOptions): Promise<string> {
  if (!isActive(row)) throw new ApiError(400, 'sso_connection_not_active', 'The SSO connection is not fully configured yet.');
  const state = secretToken(32);
  const now = ctx.clock.now();
  const samlRequestId = row.protocol === 'saml' ? `_${randomUUID()}` : null;
  const oidc = row.protocol === 'oidc' ? { verifier: secretToken(32), nonce: secretToken(16) } : null;
  // Each start sweeps what has expired, so abandoned sign-ins and old assertion IDs don't pile up.
  await db.query('DELETE FROM b2b_sso_states WHERE expires_at <= $1', [now]);
  await db.query('DELETE FROM b2b_saml_assertions WHERE expires_at <= $1', [now]);
  await db.query('DELETE FROM b2b_sso_tokens WHERE expires_at <= $1', [now]);
  await db.query(
    `INSERT INTO b2b_sso_states (state_hash, connection_id, saml_request_id, code_challenge, login_redirect_url, signup_redirect_url, upstream_verifier, upstream_nonce, created_at, expires_at, external_connection_id)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)`,
    [
      sha256(state),
      row.connection_id,
      samlRequestId,
      o.codeChallenge,
      o.loginRedirectUrl,
      o.signupRedirectUrl,
      oidc?.verifier ?? null,
      oidc?.nonce ?? null,
      now,
      new Date(now.getTime() + SSO_TTL_MS),
      o.via ?? null,
    ],
  );
  if (row.protocol === 'saml') {
    const { sp, idp } = samlParties(base, row);
    return authnRequestUrl(sp, idp, samlRequestId!, state);
  }
  const scopes = [...new Set([...DEFAULT_SCOPES, ...(row.settings.custom_scopes ?? '').split(/\s+/).filter(Boolean)])];
  return oidcUpstream(ctx, row).authorizationUrl({ redirectUri: callbackUrl(base, row.connection_id), state, verifier: oidc!.verifier, nonce: oidc!.nonce, scopes, params: o.params });
}

const stateGone = () => new ApiError(400, 'sso_state_not_found', 'This SSO sign-in has expired or was already completed; start again.');

/** The live, unused sign-in `state` names, for `connectionId`, without spending it. */
export async function peekSsoState(ctx: ProviderContext, db: Queryable, connectionId: string, state: string): Promise<SsoState> {
  const { rows } = await db.query<SsoState>('SELECT * FROM b2b_sso_states WHERE state_hash = $1 AND connection_id = $2 AND used_at IS NULL AND expires_at > $3', [
    sha256(state),
    connectionId,
    ctx.clock.now(),
  ]);
  if (!rows[0]) throw stateGone();
  return rows[0];
}

/** The app a sign-in `state` came from, spent or expired alike (until swept): where its refusals go. */
export async function ssoStateApp(db: Queryable, connectionId: string, state: string): Promise<string | null> {
  const { rows } = await db.query<{ login_redirect_url: string }>('SELECT login_redirect_url FROM b2b_sso_states WHERE state_hash = $1 AND connection_id = $2', [sha256(state), connectionId]);
  return rows[0]?.login_redirect_url ?? null;
}

/** Spends the sign-in; of two callbacks racing with one state, one gets it. */
export async function consumeSsoState(ctx: ProviderContext, tx: Queryable, s: SsoState): Promise<void> {
  const { rows } = await tx.query('UPDATE b2b_sso_states SET used_at = $2 WHERE state_hash = $1 AND used_at IS NULL RETURNING state_hash', [s.state_hash, ctx.clock.now()]);
  if (!rows[0]) throw stateGone();
}

/** A mapped attribute: the connection's mapping names the IdP attribute for each of ours. */
function mapped(attributes: Record<string, string>, mapping: Record<string, string>, key: string, fallbacks: string[]): string {
  for (const name of [mapping[key], ...fallbacks]) if (name && attributes[name]) return attributes[name];
  return '';
}

/**
 * Verifies a SAML POST's signature, issuer, audience, recipient and time (services/saml.ts).
 * CPU work and no database: done before the sign-in's transaction, which then holds its
 * connection for its writes only.
 */
export function verifiedSaml(base: string, row: ConnectionRow, samlResponse: string): Promise<VerifiedAssertion> {
  const { sp, idp } = samlParties(base, row);
  return verifySamlResponse(sp, idp, samlResponse);
}

/**
 * The profile of a verified SAML assertion for the sign-in it answers: the InResponseTo of this
 * sign-in's request, and the assertion ID, recorded (in the caller's transaction) so that the
 * same assertion is refused if it is posted again.
 */
export async function samlProfile(tx: Queryable, row: ConnectionRow, state: SsoState, a: VerifiedAssertion): Promise<SsoProfile> {
  const fresh = await tx.query('INSERT INTO b2b_saml_assertions (connection_id, assertion_id, expires_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING assertion_id', [
    row.connection_id,
    a.assertionId,
    a.notOnOrAfter,
  ]);
  if (!fresh.rows[0]) throw new ApiError(400, 'saml_assertion_replayed', 'This SAML assertion was already used to sign in.');
  if (a.inResponseTo !== state.saml_request_id) throw new ApiError(400, 'saml_in_response_to_mismatch', 'The SAML response answers another sign-in than this one.');
  const m = row.settings.attribute_mapping ?? {};
  const email = mapped(a.attributes, m, 'email', ['email', 'Email', 'emailAddress', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress']) || (a.nameId.includes('@') ? a.nameId : '');
  return {
    subject: a.nameId,
    email,
    firstName: mapped(a.attributes, m, 'first_name', ['first_name', 'firstName', 'givenName']),
    lastName: mapped(a.attributes, m, 'last_name', ['last_name', 'lastName', 'surname']),
    groups:
      [m['groups'], 'groups', 'Groups', 'memberOf', 'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups'].map((name) => (name ? a.values[name] : undefined)).find((v) => v?.length) ?? [],
  };
}

/** Finishes an OIDC sign-in: the code redeemed with our PKCE verifier, the ID token checked. */
export async function oidcProfile(ctx: ProviderContext, base: string, row: ConnectionRow, state: SsoState, callback: URL, rawState: string): Promise<SsoProfile> {
  const { profile } = await oidcUpstream(ctx, row).finish({
    callback,
    state: rawState,
    redirectUri: callbackUrl(base, row.connection_id),
    verifier: state.upstream_verifier ?? '',
    nonce: state.upstream_nonce,
  });
  const [first, ...rest] = profile.name.trim().split(/\s+/);
  // An OIDC connection has no group rules (the official OIDCConnection has none).
  return { subject: profile.subject, email: profile.email, firstName: first ?? '', lastName: rest.join(' '), groups: [] };
}

/** The SSO factor a member session records: of the connection signed in with (an external connection's id, through its source's protocol). */
export function ssoFactor(ctx: ProviderContext, row: ConnectionRow, subject: string, connectionId = row.connection_id): Record<string, unknown> {
  return {
    type: 'sso',
    delivery_method: row.protocol === 'saml' ? 'sso_saml' : 'sso_oidc',
    last_authenticated_at: ctx.clock.now().toISOString(),
    [row.protocol === 'saml' ? 'saml_sso_factor' : 'oidc_sso_factor']: { id: connectionId, provider_id: connectionId, external_id: subject },
    sequence_order: 'PRIMARY',
  };
}

/** Issues the single-use SSO token and returns the app URL that carries it. */
export async function issueSsoToken(ctx: ProviderContext, tx: Queryable, state: SsoState, memberId: string, factor: Record<string, unknown>, created: boolean): Promise<string> {
  return issueRedirectToken(ctx, tx, {
    table: 'b2b_sso_tokens',
    columns: { connection_id: state.connection_id, external_connection_id: state.external_connection_id, member_id: memberId, factor: JSON.stringify(factor) },
    codeChallenge: state.code_challenge,
    ttlMs: SSO_TTL_MS,
    url: created ? state.signup_redirect_url : state.login_redirect_url,
    tokenType: 'sso',
  });
}

/** Redeems an SSO token once (row lock), checking the PKCE verifier when the sign-in had a challenge. */
export async function redeemSsoToken(
  ctx: ProviderContext,
  tx: Queryable,
  token: string,
  verifier: string | undefined,
): Promise<{ memberId: string; connectionId: string; externalConnectionId: string | null; factor: Record<string, unknown> }> {
  const row = await spendToken<TokenRow & { member_id: string; connection_id: string; external_connection_id: string | null; factor: Record<string, unknown> }>(
    ctx,
    tx,
    'b2b_sso_tokens',
    token,
    verifier,
    {
      notFound: () => new ApiError(404, 'sso_token_not_found', 'The SSO token is incorrect, expired or already used.'),
      pkce: { missing: 'This SSO sign-in was started with PKCE; pkce_code_verifier is required.', mismatch: 'The code verifier does not match the code challenge (pkce).' },
    },
  );
  return {
    memberId: row.member_id,
    connectionId: row.connection_id,
    externalConnectionId: row.external_connection_id,
    factor: { ...row.factor, last_authenticated_at: ctx.clock.now().toISOString() },
  };
}

/**
 * sso/authenticate (browser and server API alike): the token redeemed once, the member
 * activated (the IdP proved the address), and `completePrimaryAuth` decides between a member
 * session and MFA. `current` is the caller's member session: extended when it is this member's.
 */
export async function authenticateSso(
  ctx: ProviderContext,
  token: string,
  verifier: string | undefined,
  e: { minutes: number; client: ClientInfo; current: { memberId: string; sessionId: string } | null },
): Promise<AuthAnswer> {
  return withTx(ctx.db, async (tx) => {
    const r = await redeemSsoToken(ctx, tx, token, verifier);
    // A sign-in through an external connection belongs to the organization that owns it (deleting it deleted its tokens).
    const connection = r.externalConnectionId ? await externalById(tx, r.externalConnectionId) : await connectionById(tx, r.connectionId);
    if (!connection) throw new ApiError(404, 'sso_token_not_found', 'The SSO token is incorrect, expired or already used.');
    const org = await requireOrganization(tx, connection.organization_id);
    const member = await activateMember(tx, (await requireMember(tx, org.organization_id, r.memberId)).member_id, ctx.clock.now());
    return completePrimaryAuth(ctx, tx, {
      org,
      member,
      factor: r.factor as Factor,
      method: 'sso',
      minutes: e.minutes,
      client: e.client,
      currentSessionId: e.current?.memberId === member.member_id ? e.current.sessionId : null,
    });
  });
}
