import type * as R from '../schemas/b2b-requests.ts';
import { authenticate, call } from '../api/context.ts';
import type { SDKRequest } from '../core/request.ts';
import type { BaseResponse, SessionTokens } from '../session/types.ts';
import type { CallerOptions } from '../schemas/requests.ts';
import { checkB2BRequest } from './checks.ts';
import type { B2BContext } from './context.ts';
import type { GetConnectedAppsResponse } from '../api/idp.ts';
import type { B2BAuthenticateResponse, Member, MemberResponse, MemberSession, Organization } from './types.ts';

export type B2BOrganizationUpdateOptions = CallerOptions<typeof R.OrganizationsUpdate>;
export type B2BMemberCreateOptions = CallerOptions<typeof R.MembersCreate>;
export type B2BMemberUpdateOptions = CallerOptions<typeof R.MembersUpdate> & { member_id: string };
export type B2BSelfUpdateOptions = CallerOptions<typeof R.SelfUpdate>;
/** The official `B2BSessionAttestOptions`: the profile, the token, the organization when the token names none. */
export type B2BSessionAttestOptions = CallerOptions<typeof R.SessionsAttest>;

export type B2BSelfUnlinkRetiredEmailOptions = CallerOptions<typeof R.MembersUnlinkRetiredEmail>;
export type B2BSelfStartEmailUpdateOptions = CallerOptions<typeof R.MembersStartEmailUpdate>;
export type B2BMemberUnlinkRetiredEmailOptions = B2BSelfUnlinkRetiredEmailOptions & { member_id: string };
export type B2BMemberStartEmailUpdateOptions = B2BSelfStartEmailUpdateOptions & { member_id: string };

/** The request of a call about one member's addresses: the member in the path (`organization.members.*`), or the caller's own (`self.*`). */
async function addressCall(method: string, schema: 'MembersUnlinkRetiredEmail' | 'MembersStartEmailUpdate', action: string, o: Record<string, unknown> & { member_id?: string }): Promise<SDKRequest> {
  const { member_id, ...rest } = o;
  const member = member_id === undefined ? '' : `/${await id(method, member_id)}`;
  return { method: 'POST', path: `/b2b/organizations/members${member}/${action}`, body: await checkB2BRequest(method, schema, rest) };
}

/** `session`: the member session, its refresh, revoke, exchange to another organization and attest of a trusted auth token. */
export function b2bSession(ctx: B2BContext) {
  return {
    getSync: (): MemberSession | null => ctx.session.get('session'),
    /** The session, and whether it is still the stored copy (no answer from the provider yet). */
    getInfo: () => ctx.session.info('session'),
    getTokens: (): SessionTokens | null => ctx.session.getTokens(),
    /** Called with the member session whenever it changes (here or in another tab). */
    onChange: (l: (s: MemberSession | null) => void): (() => void) => ctx.session.on('session', l),
    /** Re-checks the session with the provider; non-recoverable errors sign out locally. */
    async authenticate(o: { session_duration_minutes?: number } = {}) {
      await checkB2BRequest('stytch.session.authenticate', 'SessionsAuthenticate', o);
      await ctx.bootstrap.ready();
      return ctx.session.authenticate(o.session_duration_minutes);
    },
    /** Ends the session; `forceClear` clears local state even when the call fails. */
    async revoke(o: { forceClear?: boolean } = {}): Promise<unknown> {
      await ctx.bootstrap.ready();
      return ctx.session.revoke(!!o.forceClear);
    },
    /** Ends every session of a member (an admin's action, or one's own). */
    async revokeForMember(o: { member_id: string }): Promise<BaseResponse> {
      await checkB2BRequest('stytch.session.revokeForMember', 'IdParam', o.member_id);
      return call(ctx, { method: 'POST', path: `/b2b/sessions/revoke/${encodeURIComponent(o.member_id)}` });
    },
    /** Trades the session for one in another organization of the same address. */
    async exchange(o: { organization_id: string; session_duration_minutes: number; locale?: string }): Promise<B2BAuthenticateResponse> {
      return authenticate(ctx, '/b2b/sessions/exchange', await checkB2BRequest('stytch.session.exchange', 'SessionsExchange', o));
    },
    /** Exchanges a JWT another system signed, for one of the project's trusted auth token profiles, for a member session. */
    async attest(o: B2BSessionAttestOptions): Promise<B2BAuthenticateResponse> {
      return authenticate(ctx, '/b2b/sessions/attest', await checkB2BRequest('stytch.session.attest', 'SessionsAttest', o));
    },
  };
}

/** A member answer; the local member is replaced when the answer is about the signed-in member. */
async function memberCall(ctx: B2BContext, req: SDKRequest): Promise<MemberResponse> {
  const since = ctx.session.since();
  const r = await call<MemberResponse>(ctx, req);
  if (r.member && r.member_id === ctx.session.get('member')?.member_id) ctx.session.patch({ member: r.member }, since);
  return r;
}

const id = async (method: string, v: string) => encodeURIComponent(await checkB2BRequest(method, 'IdParam', v));

/** `organization`: the signed-in member's organization, and its members (for admins). */
export function b2bOrganization(ctx: B2BContext) {
  return {
    /** Fetches the organization and refreshes the local copy. */
    async get(): Promise<Organization> {
      const since = ctx.session.since();
      const r = await call<{ organization: Organization }>(ctx, { method: 'GET', path: '/b2b/organizations/me' });
      ctx.session.patch({ organization: r.organization }, since);
      return r.organization;
    },
    getSync: (): Organization | null => ctx.session.get('organization'),
    getInfo: () => ctx.session.info('organization'),
    onChange: (l: (o: Organization | null) => void): (() => void) => ctx.session.on('organization', l),
    /** Updates the organization's settings (admins). */
    async update(o: B2BOrganizationUpdateOptions): Promise<BaseResponse & { organization: Organization }> {
      const since = ctx.session.since();
      const body = await checkB2BRequest('stytch.organization.update', 'OrganizationsUpdate', o);
      const r = await call<BaseResponse & { organization: Organization }>(ctx, { method: 'PUT', path: '/b2b/organizations/me', body });
      ctx.session.patch({ organization: r.organization }, since);
      return r;
    },
    /** Deletes the organization (admins); the local session ends with it. */
    async delete(): Promise<BaseResponse & { organization_id: string }> {
      const r = await call<BaseResponse & { organization_id: string }>(ctx, { method: 'DELETE', path: '/b2b/organizations/me' });
      ctx.session.clearLocal();
      return r;
    },
    /** An organization's public face by its slug (null when none). */
    async getBySlug(o: { organization_slug: string }): Promise<BaseResponse & { organization: Partial<Organization> | null }> {
      return call(ctx, { method: 'POST', path: '/b2b/organizations/search', body: await checkB2BRequest('stytch.organization.getBySlug', 'OrganizationsGetBySlug', o) });
    },
    /**
     * Whether the address is a member of the organization with a password (the official UI asks
     * before it offers the password field or a reset): the member, or null.
     */
    async searchMember(o: {
      organization_id: string;
      email_address: string;
    }): Promise<BaseResponse & { member: { member_id: string; status: string; name: string; member_password_id: string } | null }> {
      return call(ctx, { method: 'POST', path: '/b2b/organizations/members/search', body: await checkB2BRequest('stytch.organization.searchMember', 'B2BMemberSearch', o) });
    },
    members: {
      create: async (o: B2BMemberCreateOptions) =>
        memberCall(ctx, { method: 'POST', path: '/b2b/organizations/members', body: await checkB2BRequest('stytch.organization.members.create', 'MembersCreate', o) }),
      async search(
        o: { cursor?: string; limit?: number; query?: { operator: string; operands: { filter_name: string; filter_value: unknown }[] } } = {},
      ): Promise<BaseResponse & { members: Member[]; results_metadata: { total: number; next_cursor: string | null } }> {
        return call(ctx, { method: 'POST', path: '/b2b/organizations/me/members/search', body: await checkB2BRequest('stytch.organization.members.search', 'MembersSearch', o) });
      },
      async update(o: B2BMemberUpdateOptions): Promise<MemberResponse> {
        const { member_id, ...rest } = o;
        const path = `/b2b/organizations/members/${await id('stytch.organization.members.update', member_id)}`;
        return memberCall(ctx, { method: 'PUT', path, body: { member_id, ...(await checkB2BRequest('stytch.organization.members.update', 'MembersUpdate', rest)) } });
      },
      async delete(memberId: string): Promise<BaseResponse & { member_id: string }> {
        const r = await call<BaseResponse & { member_id: string }>(ctx, { method: 'DELETE', path: `/b2b/organizations/members/${await id('stytch.organization.members.delete', memberId)}` });
        if (memberId === ctx.session.get('member')?.member_id) ctx.session.clearLocal();
        return r;
      },
      reactivate: async (memberId: string) => memberCall(ctx, { method: 'PUT', path: `/b2b/organizations/members/${await id('stytch.organization.members.reactivate', memberId)}/reactivate` }),
      deletePassword: async (passwordId: string) =>
        memberCall(ctx, { method: 'DELETE', path: `/b2b/organizations/members/passwords/${await id('stytch.organization.members.deletePassword', passwordId)}` }),
      deleteMFAPhoneNumber: async (memberId: string) =>
        memberCall(ctx, { method: 'DELETE', path: `/b2b/organizations/members/mfa_phone_numbers/${await id('stytch.organization.members.deleteMFAPhoneNumber', memberId)}` }),
      deleteMFATOTP: async (memberId: string) => memberCall(ctx, { method: 'DELETE', path: `/b2b/organizations/members/totp/${await id('stytch.organization.members.deleteMFATOTP', memberId)}` }),
      /** Unlinks a retired address of a member (`update.info.unlink.retired-email`): another member may take it from then on. */
      unlinkRetiredEmail: async (o: B2BMemberUnlinkRetiredEmailOptions) =>
        memberCall(ctx, await addressCall('stytch.organization.members.unlinkRetiredEmail', 'MembersUnlinkRetiredEmail', 'unlink_retired_email', o)),
      /** Sends a sign-in link (or passcode) to a member's new address; signing in with it changes the address (`update.info.email`). */
      startEmailUpdate: async (o: B2BMemberStartEmailUpdateOptions) =>
        memberCall(ctx, await addressCall('stytch.organization.members.startEmailUpdate', 'MembersStartEmailUpdate', 'start_email_update', o)),
      /** The apps a member of the organization has allowed (admins). */
      getConnectedApps: async (o: { member_id: string }): Promise<GetConnectedAppsResponse> =>
        call(ctx, { method: 'GET', path: `/b2b/organizations/members/${await id('stytch.organization.members.getConnectedApps', o.member_id)}/connected_apps` }),
      /** Revokes an app's access to a member of the organization (admins). */
      async revokeConnectedApp(o: { member_id: string; connected_app_id: string }): Promise<BaseResponse> {
        const member = await id('stytch.organization.members.revokeConnectedApp', o.member_id);
        const app = await id('stytch.organization.members.revokeConnectedApp', o.connected_app_id);
        return call(ctx, { method: 'POST', path: `/b2b/organizations/members/${member}/connected_apps/${app}/revoke` });
      },
    },
  };
}

/** `self`: the signed-in member. */
export function b2bSelf(ctx: B2BContext) {
  const own = async (req: SDKRequest): Promise<MemberResponse> => {
    const since = ctx.session.since();
    const r = await call<MemberResponse>(ctx, req);
    ctx.session.patch({ member: r.member }, since);
    return r;
  };
  return {
    /** Fetches the member and refreshes the local copy. */
    get: async (): Promise<Member> => (await own({ method: 'GET', path: '/b2b/organizations/members/me' })).member,
    getSync: (): Member | null => ctx.session.get('member'),
    getInfo: () => ctx.session.info('member'),
    onChange: (l: (m: Member | null) => void): (() => void) => ctx.session.on('member', l),
    /** Updates the member's own name, metadata or MFA settings. */
    update: async (o: B2BSelfUpdateOptions) => own({ method: 'PUT', path: '/b2b/organizations/members/update', body: await checkB2BRequest('stytch.self.update', 'SelfUpdate', o) }),
    deleteMFAPhoneNumber: async () => own({ method: 'DELETE', path: '/b2b/organizations/members/deletePhoneNumber' }),
    deleteMFATOTP: async () => own({ method: 'DELETE', path: '/b2b/organizations/members/deleteTOTP' }),
    deletePassword: async (passwordId: string) => own({ method: 'DELETE', path: `/b2b/organizations/members/passwords/${await id('stytch.self.deletePassword', passwordId)}` }),
    /** Unlinks one of the member's own retired addresses. */
    unlinkRetiredEmail: async (o: B2BSelfUnlinkRetiredEmailOptions) => own(await addressCall('stytch.self.unlinkRetiredEmail', 'MembersUnlinkRetiredEmail', 'unlink_retired_email', o)),
    /** Sends a sign-in link (or passcode) to a new address of the member's; signing in with it changes the address. */
    startEmailUpdate: async (o: B2BSelfStartEmailUpdateOptions) => own(await addressCall('stytch.self.startEmailUpdate', 'MembersStartEmailUpdate', 'start_email_update', o)),
    /** The apps the member has allowed (connected apps). */
    getConnectedApps: (): Promise<GetConnectedAppsResponse> => call(ctx, { method: 'GET', path: '/b2b/organizations/members/connected_apps' }),
    /** Revokes an app's access and every token it holds for the member. */
    revokeConnectedApp: async (o: { connected_app_id: string }): Promise<BaseResponse> =>
      call(ctx, { method: 'POST', path: `/b2b/organizations/members/connected_apps/${await id('stytch.self.revokeConnectedApp', o.connected_app_id)}/revoke` }),
  };
}
