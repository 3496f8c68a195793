import { Hono } from 'hono';
import * as R from '../../../client/schemas/b2b-requests.ts';
import { B2BMemberSearch } from '../../../client/schemas/requests.ts';
import type { ProviderContext } from '../../context.ts';
import { endpoint } from '../../http/endpoint.ts';
import { ok } from '../../http/errors.ts';
import { searchMembers } from '../../services/b2b/member-search.ts';
import {
  changeMember,
  changeOrganization,
  changeOwnMember,
  memberOfPassword,
  reactivateMember,
  removeMember,
  removeMemberFactor,
  removeMemberPassword,
  removeOrganization,
} from '../../services/b2b/member-admin.ts';
import { startEmailUpdate } from '../../services/b2b/member-email-update.ts';
import { unlinkRetiredEmail } from '../../services/b2b/member-emails.ts';
import { addMember, memberAnswer, memberByEmail, memberShape } from '../../services/b2b/members.ts';
import { organizationBySlug, organizationShape, type OrganizationRow } from '../../services/b2b/organizations.ts';
import { requireMemberAction, requireMemberUpdate, requireOrganizationUpdate, requirePermission } from '../../services/b2b/rbac.ts';

/** The fields of OrganizationBySlugMatch: what anyone may learn of an organization by its slug. */
function publicOrganization(o: OrganizationRow): Record<string, unknown> {
  const full = organizationShape(o);
  const keys = [
    'organization_id',
    'organization_name',
    'organization_slug',
    'organization_logo_url',
    'sso_active_connections',
    'sso_default_connection_id',
    'email_jit_provisioning',
    'email_allowed_domains',
    'oauth_tenant_jit_provisioning',
    'allowed_oauth_tenants',
    'auth_methods',
    'allowed_auth_methods',
    'mfa_policy',
  ];
  return Object.fromEntries(keys.map((k) => [k, full[k]]));
}

/** Organization and member self-service of the browser SDK, gated by the caller's role. */
export function b2bOrganizationRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  const signedIn = { as: 'member', session: 'required' } as const;

  app.get(
    '/b2b/organizations/me',
    endpoint(ctx, signedIn, async ({ c, caller }) => ok(c, { organization: organizationShape(caller.org) })),
  );

  app.put(
    '/b2b/organizations/me',
    endpoint(ctx, { ...signedIn, schema: R.OrganizationsUpdate }, async ({ c, caller, req }) => {
      requireOrganizationUpdate(ctx.config, caller, req);
      const org = await changeOrganization(ctx, caller.org.organization_id, req);
      return ok(c, { organization: organizationShape(org) });
    }),
  );

  app.delete(
    '/b2b/organizations/me',
    endpoint(ctx, signedIn, async ({ c, caller }) => {
      requirePermission(ctx.config, caller, 'stytch.organization', 'delete');
      await removeOrganization(ctx, caller.org.organization_id);
      return ok(c, { organization_id: caller.org.organization_id });
    }),
  );

  app.post(
    '/b2b/organizations/search',
    endpoint(ctx, { as: 'member', session: 'optional', schema: R.OrganizationsGetBySlug }, async ({ c, req }) => {
      const org = await organizationBySlug(ctx.db, req.organization_slug);
      return ok(c, { organization: org ? publicOrganization(org) : null });
    }),
  );

  // SPEC §7: the widget asks whether a member with a password exists before showing the password field.
  app.post(
    '/b2b/organizations/members/search',
    endpoint(ctx, { as: 'member', session: 'optional', schema: B2BMemberSearch }, async ({ c, req }) => {
      const member = await memberByEmail(ctx.db, req.organization_id, req.email_address);
      const withPassword = member && member.member_password_id !== '' ? member : null;
      return ok(c, { member: withPassword ? { member_id: withPassword.member_id, status: withPassword.status, name: withPassword.name, member_password_id: withPassword.member_password_id } : null });
    }),
  );

  app.post(
    '/b2b/organizations/me/members/search',
    endpoint(ctx, { ...signedIn, schema: R.MembersSearch }, async ({ c, caller, req }) => {
      requirePermission(ctx.config, caller, 'stytch.member', 'search');
      const found = await searchMembers(ctx.db, [caller.org.organization_id], req.query, req.limit, req.cursor);
      return ok(c, {
        members: found.members.map((m) => memberShape(m, caller.org)),
        results_metadata: { total: found.total, next_cursor: found.nextCursor },
        organizations: { [caller.org.organization_id]: organizationShape(caller.org) },
      });
    }),
  );

  app.post(
    '/b2b/organizations/members',
    endpoint(ctx, { ...signedIn, schema: R.MembersCreate }, async ({ c, caller, req }) => {
      requirePermission(ctx.config, caller, 'stytch.member', 'create');
      requireMemberUpdate(ctx.config, caller, '', req);
      const member = await addMember(ctx, caller.org.organization_id, req);
      return ok(c, memberAnswer(member, caller.org));
    }),
  );

  app.get(
    '/b2b/organizations/members/me',
    endpoint(ctx, signedIn, async ({ c, caller }) => ok(c, memberAnswer(caller.member, caller.org))),
  );

  // The admin's removals of a member's factors; `stytch.self` when the member is the caller.
  for (const [path, action, factor] of [
    ['mfa_phone_numbers', 'update.info.delete.mfa-phone', 'mfa_phone'],
    ['totp', 'update.info.delete.mfa-totp', 'totp'],
  ] as const) {
    app.delete(
      `/b2b/organizations/members/${path}/:memberId`,
      endpoint(ctx, signedIn, async ({ c, caller }) => {
        const memberId = c.req.param('memberId') ?? '';
        requireMemberAction(ctx.config, caller, memberId, action);
        return ok(c, memberAnswer(await removeMemberFactor(ctx, caller.org, memberId, factor), caller.org));
      }),
    );
  }

  // Shared by `self.deletePassword` and `organization.members.deletePassword`: the password names its member.
  app.delete(
    '/b2b/organizations/members/passwords/:passwordId',
    endpoint(ctx, signedIn, async ({ c, caller }) => {
      const owner = await memberOfPassword(ctx, caller.org, c.req.param('passwordId') ?? '');
      requireMemberAction(ctx.config, caller, owner.member_id, 'update.info.delete.password');
      return ok(c, memberAnswer(await removeMemberPassword(ctx, caller.org, c.req.param('passwordId') ?? ''), caller.org));
    }),
  );

  // The caller's own factors (`self.deleteMFAPhoneNumber`, `self.deleteMFATOTP`).
  app.delete(
    '/b2b/organizations/members/deletePhoneNumber',
    endpoint(ctx, signedIn, async ({ c, caller }) => {
      requireMemberAction(ctx.config, caller, caller.member.member_id, 'update.info.delete.mfa-phone');
      return ok(c, memberAnswer(await removeMemberFactor(ctx, caller.org, caller.member.member_id, 'mfa_phone'), caller.org));
    }),
  );

  app.delete(
    '/b2b/organizations/members/deleteTOTP',
    endpoint(ctx, signedIn, async ({ c, caller }) => {
      requireMemberAction(ctx.config, caller, caller.member.member_id, 'update.info.delete.mfa-totp');
      return ok(c, memberAnswer(await removeMemberFactor(ctx, caller.org, caller.member.member_id, 'totp'), caller.org));
    }),
  );

  // Reactivating is adding the member back: the admin portal offers it to whoever may create members.
  app.put(
    '/b2b/organizations/members/:memberId/reactivate',
    endpoint(ctx, signedIn, async ({ c, caller }) => {
      requirePermission(ctx.config, caller, 'stytch.member', 'create');
      return ok(c, memberAnswer(await reactivateMember(ctx, caller.org, c.req.param('memberId') ?? ''), caller.org));
    }),
  );

  // A member's address: `self.*` names no member (the caller's own), `organization.members.*` one
  // in the path; each checked on `stytch.self` or `stytch.member` as the target is the caller or not.
  const emailRoutes = (path: string, memberOf: (c: { req: { param(name: string): string | undefined } }, self: string) => string) => {
    app.post(
      `${path}/unlink_retired_email`,
      endpoint(ctx, { ...signedIn, schema: R.MembersUnlinkRetiredEmail }, async ({ c, caller, req }) => {
        const memberId = memberOf(c, caller.member.member_id);
        requireMemberAction(ctx.config, caller, memberId, 'update.info.unlink.retired-email');
        return ok(c, memberAnswer(await unlinkRetiredEmail(ctx, caller.org, memberId, req), caller.org));
      }),
    );
    app.post(
      `${path}/start_email_update`,
      endpoint(ctx, { ...signedIn, schema: R.MembersStartEmailUpdate }, async ({ c, caller, req }) => {
        const memberId = memberOf(c, caller.member.member_id);
        requireMemberAction(ctx.config, caller, memberId, 'update.info.email');
        return ok(c, memberAnswer(await startEmailUpdate(ctx, caller.org, memberId, req, caller.client), caller.org));
      }),
    );
  };
  emailRoutes('/b2b/organizations/members', (_c, self) => self);
  emailRoutes('/b2b/organizations/members/:memberId', (c) => c.req.param('memberId') ?? '');

  // Registered before `/members/:memberId`: `update` is the caller's own record, not a member id.
  app.put(
    '/b2b/organizations/members/update',
    endpoint(ctx, { ...signedIn, schema: R.SelfUpdate }, async ({ c, caller, req }) => {
      requireMemberUpdate(ctx.config, caller, caller.member.member_id, req);
      const member = await changeOwnMember(ctx, caller.member.member_id, req);
      return ok(c, memberAnswer(member, caller.org));
    }),
  );

  app.put(
    '/b2b/organizations/members/:memberId',
    endpoint(ctx, { ...signedIn, schema: R.MembersUpdate }, async ({ c, caller, req }) => {
      const memberId = c.req.param('memberId') ?? '';
      requireMemberUpdate(ctx.config, caller, memberId, req);
      const member = await changeMember(ctx, caller.org, memberId, req, { keepAdmin: true, actor: caller.member.member_id });
      return ok(c, memberAnswer(member, caller.org));
    }),
  );

  app.delete(
    '/b2b/organizations/members/:memberId',
    endpoint(ctx, signedIn, async ({ c, caller }) => {
      const memberId = c.req.param('memberId') ?? '';
      requireMemberAction(ctx.config, caller, memberId, 'delete');
      await removeMember(ctx, caller.org, memberId, { keepAdmin: true });
      return ok(c, { member_id: memberId });
    }),
  );

  return app;
}
