import { Hono } from 'hono';
import type * as v from 'valibot';
import type { ProviderContext } from '../../context.ts';
import { actingMember } from '../../http/auth.ts';
import { endpoint } from '../../http/endpoint.ts';
import { ApiError } from '../../http/errors.ts';
import { serverOk } from '../../http/server-auth.ts';
import { query } from '../../http/validate.ts';
import { searchMembers } from '../../services/b2b/member-search.ts';
import {
  changeMember,
  changeOrganization,
  memberOfPassword,
  openOrganization,
  reactivateMember,
  removeMember,
  removeMemberFactor,
  removeMemberPassword,
  removeOrganization,
} from '../../services/b2b/member-admin.ts';
import { startEmailUpdate } from '../../services/b2b/member-email-update.ts';
import { unlinkRetiredEmail } from '../../services/b2b/member-emails.ts';
import { addMember, memberAnswer, memberByEmail, memberShape, requireMember } from '../../services/b2b/members.ts';
import { organizationShape, requireOrganization, searchOrganizations, type OrganizationRow } from '../../services/b2b/organizations.ts';
import { requireActing, requireMemberAction, requireMemberUpdate, requireOrganizationUpdate, requirePermission } from '../../services/b2b/rbac.ts';
import { MembersCreate, MembersGet, MembersSearch, MembersStartEmailUpdate, MembersUnlinkRetiredEmail, MembersUpdate, OrganizationsCreate, OrganizationsUpdate, Search } from './b2b-schemas.ts';

/**
 * Server API organizations and members (`/v1/b2b/organizations`): the backend holds the
 * project secret, so no role is checked; every member route is scoped by the organization in
 * its path, and a member of another organization is not found.
 */
export function serverB2BOrganizationRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  const orgOf = (c: { req: { param(name: string): string | undefined } }) => requireOrganization(ctx.db, c.req.param('organizationId') ?? '');

  app.post(
    '/b2b/organizations',
    endpoint(ctx, { session: 'none', schema: OrganizationsCreate }, async ({ c, req }) => {
      const org = await openOrganization(ctx, req);
      return serverOk(c, { organization: organizationShape(org) });
    }),
  );

  app.post(
    '/b2b/organizations/search',
    endpoint(ctx, { session: 'none', schema: Search }, async ({ c, req }) => {
      const found = await searchOrganizations(ctx.db, req.query, req.limit, req.cursor);
      return serverOk(c, { organizations: found.organizations.map(organizationShape), results_metadata: { total: found.total, next_cursor: found.nextCursor } });
    }),
  );

  app.post(
    '/b2b/organizations/members/search',
    endpoint(ctx, { session: 'none', schema: MembersSearch }, async ({ c, req }) => {
      const found = await searchMembers(ctx.db, req.organization_ids, req.query, req.limit, req.cursor);
      const rows = new Map<string, OrganizationRow>();
      for (const id of new Set(found.members.map((m) => m.organization_id))) rows.set(id, await requireOrganization(ctx.db, id));
      const orgs = Object.fromEntries([...rows].map(([id, o]) => [id, organizationShape(o)]));
      return serverOk(c, {
        members: found.members.map((m) => memberShape(m, rows.get(m.organization_id)!)),
        results_metadata: { total: found.total, next_cursor: found.nextCursor },
        organizations: orgs,
      });
    }),
  );

  app.get('/b2b/organizations/:organizationId', async (c) => serverOk(c, { organization: organizationShape(await orgOf(c)) }));

  app.put(
    '/b2b/organizations/:organizationId',
    endpoint(ctx, { session: 'none', schema: OrganizationsUpdate }, async ({ c, req }) => {
      const id = c.req.param('organizationId') ?? '';
      requireActing(await actingMember(ctx, c), id, (m) => requireOrganizationUpdate(ctx.config, m, req));
      const org = await changeOrganization(ctx, id, req);
      return serverOk(c, { organization: organizationShape(org) });
    }),
  );

  app.delete('/b2b/organizations/:organizationId', async (c) => {
    const id = c.req.param('organizationId');
    requireActing(await actingMember(ctx, c), id, (m) => requirePermission(ctx.config, m, 'stytch.organization', 'delete'));
    await removeOrganization(ctx, id);
    return serverOk(c, { organization_id: id });
  });

  app.post(
    '/b2b/organizations/:organizationId/members',
    endpoint(ctx, { session: 'none', schema: MembersCreate }, async ({ c, req }) => {
      const org = await orgOf(c);
      requireActing(await actingMember(ctx, c), org.organization_id, (m) => requirePermission(ctx.config, m, 'stytch.member', 'create'));
      const member = await addMember(ctx, org.organization_id, req);
      return serverOk(c, memberAnswer(member, org));
    }),
  );

  app.get('/b2b/organizations/:organizationId/member', async (c) => {
    const org = await orgOf(c);
    const req = query(c, MembersGet);
    const member = req.member_id ? await requireMember(ctx.db, org.organization_id, req.member_id) : await memberByEmail(ctx.db, org.organization_id, req.email_address!);
    if (!member) throw new ApiError(404, 'member_not_found', 'Member could not be found.');
    return serverOk(c, memberAnswer(member, org));
  });

  app.put(
    '/b2b/organizations/:organizationId/members/:memberId',
    endpoint(ctx, { session: 'none', schema: MembersUpdate }, async ({ c, req }) => {
      const org = await orgOf(c);
      const memberId = c.req.param('memberId') ?? '';
      const acting = await actingMember(ctx, c);
      requireActing(acting, org.organization_id, (m) => requireMemberUpdate(ctx.config, m, memberId, req));
      const member = await changeMember(ctx, org, memberId, req, { keepAdmin: false, actor: acting?.member.member_id ?? null });
      return serverOk(c, memberAnswer(member, org));
    }),
  );

  // A member's addresses (services/b2b/member-emails.ts): a call made for a member is checked on
  // stytch.self or stytch.member as the target is that member or not.
  const memberEmailRoute = <S extends v.GenericSchema>(
    path: string,
    action: string,
    schema: S,
    run: (org: OrganizationRow, memberId: string, req: v.InferOutput<S>) => Promise<Record<string, unknown>>,
  ) =>
    app.post(
      `/b2b/organizations/:organizationId/members/:memberId/${path}`,
      endpoint(ctx, { session: 'none', schema }, async ({ c, req }) => {
        const org = await orgOf(c);
        const memberId = c.req.param('memberId') ?? '';
        requireActing(await actingMember(ctx, c), org.organization_id, (m) => requireMemberAction(ctx.config, m, memberId, action));
        return serverOk(c, await run(org, memberId, req as v.InferOutput<S>));
      }),
    );
  memberEmailRoute('unlink_retired_email', 'update.info.unlink.retired-email', MembersUnlinkRetiredEmail, async (org, memberId, req) => ({
    ...memberAnswer(await unlinkRetiredEmail(ctx, org, memberId, req), org),
    organization_id: org.organization_id,
  }));
  memberEmailRoute('start_email_update', 'update.info.email', MembersStartEmailUpdate, async (org, memberId, req) => memberAnswer(await startEmailUpdate(ctx, org, memberId, req, null), org));

  app.put('/b2b/organizations/:organizationId/members/:memberId/reactivate', async (c) => {
    const org = await orgOf(c);
    requireActing(await actingMember(ctx, c), org.organization_id, (m) => requirePermission(ctx.config, m, 'stytch.member', 'create'));
    return serverOk(c, memberAnswer(await reactivateMember(ctx, org, c.req.param('memberId')), org));
  });

  app.delete('/b2b/organizations/:organizationId/members/mfa_phone_numbers/:memberId', async (c) => {
    const org = await orgOf(c);
    requireActing(await actingMember(ctx, c), org.organization_id, (m) => requireMemberAction(ctx.config, m, c.req.param('memberId'), 'update.info.delete.mfa-phone'));
    return serverOk(c, memberAnswer(await removeMemberFactor(ctx, org, c.req.param('memberId'), 'mfa_phone'), org));
  });

  app.delete('/b2b/organizations/:organizationId/members/:memberId/totp', async (c) => {
    const org = await orgOf(c);
    requireActing(await actingMember(ctx, c), org.organization_id, (m) => requireMemberAction(ctx.config, m, c.req.param('memberId'), 'update.info.delete.mfa-totp'));
    return serverOk(c, memberAnswer(await removeMemberFactor(ctx, org, c.req.param('memberId'), 'totp'), org));
  });

  app.delete('/b2b/organizations/:organizationId/members/passwords/:passwordId', async (c) => {
    const org = await orgOf(c);
    const acting = await actingMember(ctx, c);
    if (acting) {
      const owner = await memberOfPassword(ctx, org, c.req.param('passwordId'));
      requireActing(acting, org.organization_id, (m) => requireMemberAction(ctx.config, m, owner.member_id, 'update.info.delete.password'));
    }
    return serverOk(c, memberAnswer(await removeMemberPassword(ctx, org, c.req.param('passwordId')), org));
  });

  app.delete('/b2b/organizations/:organizationId/members/:memberId', async (c) => {
    const org = await orgOf(c);
    const memberId = c.req.param('memberId');
    requireActing(await actingMember(ctx, c), org.organization_id, (m) => requireMemberAction(ctx.config, m, memberId, 'delete'));
    await removeMember(ctx, org, memberId, { keepAdmin: false });
    return serverOk(c, { member_id: memberId });
  });

  return app;
}
