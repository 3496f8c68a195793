import type { Context } from 'hono';
import type { ProviderContext } from '../context.ts';
import { findMemberSession, sessionOwner } from '../services/b2b/member-sessions.ts';
import type { MemberRow } from '../services/b2b/members.ts';
import type { OrganizationRow } from '../services/b2b/organizations.ts';
import { findSession, type ClientInfo } from '../services/sessions.ts';
import { safeEqual, sha256 } from '../services/ids.ts';
import { clientAddress } from './client-address.ts';
import { ApiError } from './errors.ts';
import { publicTokensOf } from '../config.ts';

export interface Caller {
  /** The session the caller presented, or null when the secret is the public token. */
  sessionId: string | null;
  userId: string | null;
  client: ClientInfo;
}

/** `[user, password]` of a Basic Authorization header, or null. */
export function parseBasic(header: string | undefined): [string, string] | null {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  return i < 0 ? null : [decoded.slice(0, i), decoded.slice(i + 1)];
}

/** The caller's IP (the socket's peer, or what trusted proxies say: http/client-address.ts) and user agent. */
export function clientInfo(ctx: ProviderContext, c: Context): ClientInfo {
  return { ip: clientAddress(ctx.config, c), userAgent: c.req.header('user-agent') ?? '' };
}

function tokenMatches(ctx: ProviderContext, token: string): boolean {
  const h = sha256(token);
  return publicTokensOf(ctx.config).some((t) => safeEqual(sha256(t.token), h));
}

/** Why a call that needs a session is refused when the caller presents none, by whose session it needs. */
const NO_SESSION = { user: 'This call needs an active session.', member: 'This call needs an active member session.' } as const;

/** A caller that presented a session secret, not yet looked up (`session: 'secret'` of endpoint()). */
export interface PresentedSecret {
  secret: string;
  client: ClientInfo;
}

/** Checks the public token and refuses a caller without a session secret; the session is the service's to find. */
export function presentedSecret(ctx: ProviderContext, c: Context, kind: keyof typeof NO_SESSION): PresentedSecret {
  const secret = sessionSecret(ctx, c);
  if (secret === null) throw new ApiError(401, 'unauthorized_credentials', NO_SESSION[kind]);
  return { secret, client: clientInfo(ctx, c) };
}

/**
 * Checks the Basic credentials: the public token must be the project's; the secret is the
 * public token again (no session) or a session token/JWT. An unknown session secret is
 * refused when `needSession`, ignored otherwise (the caller signs in afresh).
 */
export async function authenticateCaller(ctx: ProviderContext, c: Context, needSession: boolean): Promise<Caller> {
  const secret = sessionSecret(ctx, c);
  const client = clientInfo(ctx, c);
  if (secret === null) {
    if (needSession) throw new ApiError(401, 'unauthorized_credentials', NO_SESSION.user);
    return { sessionId: null, userId: null, client };
  }
  const session = await findSession(ctx, ctx.db, secret);
  if (!session && needSession) throw new ApiError(404, 'session_not_found', 'Session could not be found.');
  return { sessionId: session?.session_id ?? null, userId: session?.user_id ?? null, client };
}

/** Checks the public token and returns the session secret, or null when the caller has none. */
export function sessionSecret(ctx: ProviderContext, c: Context): string | null {
  const creds = parseBasic(c.req.header('authorization'));
  if (!creds || !tokenMatches(ctx, creds[0])) {
    throw new ApiError(401, 'unauthorized_credentials', 'Unauthorized credentials: the public token is missing or not valid.');
  }
  const [publicToken, secret] = creds;
  return secret === '' || secret === publicToken ? null : secret;
}

/** A B2B caller: the public token, and the member session it presented if any. */
export interface MemberCaller {
  client: ClientInfo;
  memberSessionId: string | null;
  member: MemberRow | null;
  org: OrganizationRow | null;
}

/** A member that `session: 'required'` let through. */
export type SignedInMember = MemberCaller & { memberSessionId: string; member: MemberRow; org: OrganizationRow };

/**
 * Checks the Basic credentials as for users; the secret, when not the public token, must be a
 * member session (a B2C session is not one). An unknown secret is refused when `needSession`,
 * ignored otherwise (the caller signs in afresh).
 */
export async function authenticateMember(ctx: ProviderContext, c: Context, needSession: boolean): Promise<MemberCaller> {
  const secret = sessionSecret(ctx, c);
  const client = clientInfo(ctx, c);
  if (secret === null) {
    if (needSession) throw new ApiError(401, 'unauthorized_credentials', NO_SESSION.member);
    return { client, memberSessionId: null, member: null, org: null };
  }
  const session = await findMemberSession(ctx, ctx.db, secret);
  if (!session) {
    if (needSession) throw new ApiError(404, 'session_not_found', 'Session could not be found.');
    return { client, memberSessionId: null, member: null, org: null };
  }
  const { member, org } = await sessionOwner(ctx.db, session);
  return { client, memberSessionId: session.member_session_id, member, org };
}
