import type { Context } from 'hono';
import type * as v from 'valibot';
import type { ProviderContext } from '../context.ts';
import { findMemberSession, sessionOwner } from '../services/b2b/member-sessions.ts';
import { ADMIN_ROLE, isAdmin, type MemberRow } from '../services/b2b/members.ts';
import type { OrganizationRow } from '../services/b2b/organizations.ts';
import { requireProduct } from '../services/sends.ts';
import { durationMinutes, type ClientInfo } from '../services/sessions.ts';
import { clientInfo, sessionSecret } from './auth.ts';
import { ApiError } from './errors.ts';
import { body } from './validate.ts';

type Product = ProviderContext['config']['products'][number];

/** A B2B caller: the public token, and the member session it presented if any. */
export interface MemberCaller {
  client: ClientInfo;
  memberSessionId: string | null;
  member: MemberRow | null;
  org: OrganizationRow | null;
}

/** A caller that `session: 'required'` let through. */
export type SignedInMember = MemberCaller & { memberSessionId: string; member: MemberRow; org: OrganizationRow };

/**
 * Checks the Basic credentials as the B2C routes do; the secret, when not the public token,
 * must be a member session (a B2C session is not one). An unknown secret is refused when
 * `needSession`, ignored otherwise (the caller signs in afresh).
 */
export async function authenticateMember(ctx: ProviderContext, c: Context, needSession: boolean): Promise<MemberCaller> {
  const secret = sessionSecret(ctx, c);
  const client = clientInfo(ctx, c);
  if (secret === null) {
    if (needSession) throw new ApiError(401, 'unauthorized_credentials', 'This call needs an active member session.');
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

type Need = 'none' | 'optional' | 'required';
type CallerOf<N extends Need> = N extends 'required' ? SignedInMember : N extends 'optional' ? MemberCaller : undefined;
type RequestOf<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;

export interface B2BEndpointSpec<N extends Need, S extends v.GenericSchema | undefined, M extends boolean> {
  product?: Product;
  session: N;
  schema?: S;
  minutes?: M;
}

export interface B2BEndpointArgs<N extends Need, S extends v.GenericSchema | undefined, M extends boolean> {
  c: Context;
  caller: CallerOf<N>;
  req: RequestOf<S>;
  minutes: M extends true ? number : undefined;
}

/**
 * `endpoint()` for `/sdk/v1/b2b`: the same preamble in the same order (product, credentials,
 * body, session duration), with member sessions in place of user sessions.
 */
export function b2bEndpoint<N extends Need, S extends v.GenericSchema | undefined = undefined, M extends boolean = false>(
  ctx: ProviderContext,
  spec: B2BEndpointSpec<N, S, M>,
  handler: (args: B2BEndpointArgs<N, S, M>) => Promise<Response>,
): (c: Context) => Promise<Response> {
  return async (c) => {
    if (spec.product !== undefined) requireProduct(ctx, spec.product);
    const caller = spec.session === 'none' ? undefined : await authenticateMember(ctx, c, spec.session === 'required');
    const req = spec.schema === undefined ? undefined : await body(c, spec.schema);
    const minutes = spec.minutes === true ? durationMinutes(ctx, (req as { session_duration_minutes?: number } | undefined)?.session_duration_minutes) : undefined;
    return handler({ c, caller, req, minutes } as B2BEndpointArgs<N, S, M>);
  };
}

/** Refuses a caller whose roles do not include the organization's admin role (RBAC). */
export function requireAdmin(caller: SignedInMember): void {
  if (!isAdmin(caller.member)) {
    throw new ApiError(403, 'unauthorized_action', `The member does not have the role this action needs (${ADMIN_ROLE}).`);
  }
}
