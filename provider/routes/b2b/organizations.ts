import { Hono } from 'hono';
import * as R from '../../../client/schemas/b2b-requests.ts';
import { B2BMemberSearch } from '../../../client/schemas/requests.ts';
import type { ProviderContext } from '../../context.ts';
import { requireAdmin } from '../../http/auth.ts';
import { endpoint } from '../../http/endpoint.ts';
import { ApiError, ok } from '../../http/errors.ts';
import { searchMembers } from '../../services/b2b/member-search.ts';
import { revokeMemberSessions } from '../../services/b2b/member-sessions.ts';
import { activeAdminCount, addMember, ADMIN_ROLE, deleteMember, isAdmin, memberByEmail, memberShape, requireMember, updateMember, type MemberRow } from '../../services/b2b/members.ts';
import { deleteOrganization, loadOrganization, organizationBySlug, organizationShape, updateOrganization, type OrganizationRow } from '../../services/b2b/organizations.ts';
import { withTx } from '../../services/tx.ts';
import { phoneOf } from '../../services/users.ts';
import type { Queryable } from '../../db/index.ts';

const memberAnswer = (member: MemberRow, org: OrganizationRow) => ({ member_id: member.member_id, member: memberShape(member), organization: organizationShape(org) });

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

/**
 * An organization keeps at least one active admin: removing or demoting the last one is
 * refused (checked under the organization's row lock, so two parallel demotions cannot both pass).
 */
async function keepAnAdmin(tx: Queryable, org: OrganizationRow, target: MemberRow): Promise<void> {
  await loadOrganization(tx, org.organization_id, true);
  if (isAdmin(target) && target.status === 'active' && (await activeAdminCount(tx, org.organization_id)) <= 1) {
    throw new ApiError(400, 'last_admin', 'The organization must keep at least one active admin.');
  }
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
      requireAdmin(caller);
      const org = await withTx(ctx.db, (tx) => updateOrganization(tx, caller.org.organization_id, ctx.clock.now(), req));
      return ok(c, { organization: organizationShape(org) });
    }),
  );

  app.delete(
    '/b2b/organizations/me',
    endpoint(ctx, signedIn, async ({ c, caller }) => {
      requireAdmin(caller);
      await withTx(ctx.db, (tx) => deleteOrganization(tx, caller.org.organization_id));
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
      requireAdmin(caller);
      const found = await searchMembers(ctx.db, [caller.org.organization_id], req.query, req.limit, req.cursor);
      return ok(c, {
        members: found.members.map(memberShape),
        results_metadata: { total: found.total, next_cursor: found.nextCursor },
        organizations: { [caller.org.organization_id]: organizationShape(caller.org) },
      });
    }),
  );

  app.post(
    '/b2b/organizations/members',
    endpoint(ctx, { ...signedIn, schema: R.MembersCreate }, async ({ c, caller, req }) => {
      requireAdmin(caller);
      const member = await addMember(ctx, caller.org.organization_id, req);
      return ok(c, memberAnswer(member, caller.org));
    }),
  );

  app.get(
    '/b2b/organizations/members/me',
    endpoint(ctx, signedIn, async ({ c, caller }) => ok(c, memberAnswer(caller.member, caller.org))),
  );

  // Registered before `/members/:memberId`: `update` is the caller's own record, not a member id.
  app.put(
    '/b2b/organizations/members/update',
    endpoint(ctx, { ...signedIn, schema: R.SelfUpdate }, async ({ c, caller, req }) => {
      const member = await withTx(ctx.db, (tx) =>
        updateMember(tx, caller.member.member_id, ctx.clock.now(), {
          ...req,
          mfa_phone_number: req.mfa_phone_number ? phoneOf(req.mfa_phone_number) : req.mfa_phone_number,
        }),
      );
      return ok(c, memberAnswer(member, caller.org));
    }),
  );

  app.put(
    '/b2b/organizations/members/:memberId',
    endpoint(ctx, { ...signedIn, schema: R.MembersUpdate }, async ({ c, caller, req }) => {
      requireAdmin(caller);
      const memberId = c.req.param('memberId') ?? '';
      const { preserve_existing_sessions: preserve, ...changes } = req;
      const member = await withTx(ctx.db, async (tx) => {
        const target = await requireMember(tx, caller.org.organization_id, memberId, true);
        if (changes.roles && !changes.roles.includes(ADMIN_ROLE)) await keepAnAdmin(tx, caller.org, target);
        return updateMember(tx, memberId, ctx.clock.now(), { ...changes, mfa_phone_number: changes.mfa_phone_number ? phoneOf(changes.mfa_phone_number) : changes.mfa_phone_number });
      });
      // A member whose roles changed signs in again unless asked otherwise: its sessions carry the old roles.
      if (req.roles && preserve !== true) await revokeMemberSessions(ctx, ctx.db, memberId);
      return ok(c, memberAnswer(member, caller.org));
    }),
  );

  app.delete(
    '/b2b/organizations/members/:memberId',
    endpoint(ctx, signedIn, async ({ c, caller }) => {
      const memberId = c.req.param('memberId') ?? '';
      if (memberId !== caller.member.member_id) requireAdmin(caller);
      await withTx(ctx.db, async (tx) => {
        const target = await requireMember(tx, caller.org.organization_id, memberId, true);
        await keepAnAdmin(tx, caller.org, target);
        await deleteMember(tx, caller.org.organization_id, memberId);
      });
      return ok(c, { member_id: memberId });
    }),
  );

  return app;
}
