import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { databases, outbox, sdk, startTestProvider, TEST_B2B_TOKEN, type TestProvider } from './harness.ts';
import { asMember, createOrganization, uniqueSlug } from './b2b-harness.ts';

const REDIRECT = 'http://app.test/authenticate.html';
/** The project's own resource and roles, beside the Stytch defaults. */
const RBAC = {
  resources: [{ resource_id: 'billing', description: 'Invoices', actions: ['read', 'pay'] }],
  roles: [
    { role_id: 'billing_viewer', description: 'Reads invoices', permissions: [{ resource_id: 'billing', actions: ['read'] }] },
    { role_id: 'member_searcher', description: 'Lists the members', permissions: [{ resource_id: 'stytch.member', actions: ['search'] }] },
    { role_id: 'stytch_admin', permissions: [{ resource_id: 'billing', actions: ['*'] }] },
  ],
};

const domainEmail = (domain: string, tag = 'staff') => `${tag}-${randomUUID().slice(0, 8)}@${domain}`;

for (const kind of databases) {
  describe(`B2B RBAC policy (${kind})`, () => {
    let provider: TestProvider;
    before(async () => {
      provider = await startTestProvider(kind, { redirectUrls: [REDIRECT], sendLimits: { perAddress: 1000, burstPerAddress: 1000 }, b2b: { rbac: RBAC } });
    });
    after(() => provider.destroy());

    /** An organization with its admin and a signed-in member (by invitation) at `domain`. */
    async function orgWithStaff(domain = `staff-${randomUUID().slice(0, 8)}.test`) {
      const org = await createOrganization(provider, domainEmail('example.test', 'boss'), { organization_name: 'RBAC', organization_slug: uniqueSlug() });
      const admin = asMember(provider, org.session_token);
      const email = domainEmail(domain);
      const invite = await admin('POST', '/b2b/magic_links/email/invite', { email_address: email, invite_redirect_url: REDIRECT });
      assert.equal(invite.status, 200, invite.text);
      const [message] = await outbox(provider, email);
      const token = new URL(message!.link!).searchParams.get('token')!;
      const staff = await sdk(provider, 'POST', '/b2b/magic_links/authenticate', { magic_links_token: token, session_duration_minutes: 30 });
      assert.equal(staff.status, 200, staff.text);
      return { org, admin, domain, staff: asMember(provider, staff.json.data.session_token), staffId: staff.json.data.member_id as string };
    }

    it('reports the default and the project roles and resources in bootstrap', async () => {
      const res = await sdk(provider, 'GET', `/projects/bootstrap/${TEST_B2B_TOKEN}`);
      assert.equal(res.status, 200, res.text);
      const policy = res.json.data.rbac_policy;
      assert.deepEqual(
        policy.roles.map((r: { role_id: string }) => r.role_id),
        ['stytch_member', 'stytch_admin', 'billing_viewer', 'member_searcher'],
      );
      assert.deepEqual(
        policy.resources.map((r: { resource_id: string }) => r.resource_id),
        ['stytch.organization', 'stytch.member', 'stytch.sso', 'stytch.scim', 'stytch.self', 'billing'],
      );
      const admin = policy.roles.find((r: { role_id: string }) => r.role_id === 'stytch_admin');
      assert.ok(admin.permissions.some((p: { resource_id: string; actions: string[] }) => p.resource_id === 'billing' && p.actions.includes('*')));
      assert.ok(admin.permissions.some((p: { resource_id: string; actions: string[] }) => p.resource_id === 'stytch.scim' && p.actions.includes('*')));
    });

    it('refuses a member without the permission on the provider, with nothing changed', async () => {
      const { org, admin, staff, staffId } = await orgWithStaff();
      for (const [method, path, body] of [
        ['PUT', '/b2b/organizations/me', { mfa_policy: 'REQUIRED_FOR_ALL' }],
        ['PUT', '/b2b/organizations/me', { rbac_email_implicit_role_assignments: [{ domain: 'example.test', role_id: 'stytch_admin' }] }],
        ['PUT', `/b2b/organizations/members/${staffId}`, { roles: ['stytch_admin'] }],
        ['POST', '/b2b/organizations/me/members/search', {}],
        ['POST', `/b2b/sessions/revoke/${org.member_id}`, {}],
        ['GET', '/b2b/sso', undefined],
        ['POST', '/b2b/sso/oidc', { display_name: 'Mine' }],
      ] as const) {
        const res = await staff(method, path, body);
        assert.equal(res.status, 403, `${method} ${path}: ${res.text}`);
        assert.equal(res.json.error_type, 'unauthorized_action');
      }
      const orgNow = await admin('GET', '/b2b/organizations/me');
      assert.equal(orgNow.json.data.organization.mfa_policy, 'OPTIONAL');
      assert.deepEqual(orgNow.json.data.organization.rbac_email_implicit_role_assignments, []);
      const self = await staff('GET', '/b2b/organizations/members/me');
      assert.deepEqual(
        self.json.data.member.roles.map((r: { role_id: string }) => r.role_id),
        ['stytch_member'],
      );
      // The admin's session is still alive.
      assert.equal((await admin('POST', '/b2b/sessions/authenticate', {})).status, 200);
    });

    it('grants a role by email domain, and the next session check sees it at once', async () => {
      const { admin, staff, domain } = await orgWithStaff();
      assert.equal((await staff('POST', '/b2b/organizations/me/members/search', {})).status, 403);
      const set = await admin('PUT', '/b2b/organizations/me', { rbac_email_implicit_role_assignments: [{ domain: domain.toUpperCase(), role_id: 'member_searcher' }] });
      assert.equal(set.status, 200, set.text);
      assert.deepEqual(set.json.data.organization.rbac_email_implicit_role_assignments, [{ domain, role_id: 'member_searcher' }]);
      const check = await staff('POST', '/b2b/sessions/authenticate', {});
      assert.equal(check.status, 200, check.text);
      assert.deepEqual(check.json.data.member_session.roles, ['stytch_member', 'member_searcher']);
      const searcher = check.json.data.member.roles.find((r: { role_id: string }) => r.role_id === 'member_searcher');
      assert.deepEqual(searcher.sources, [{ type: 'email_assignment', details: { email_domain: domain } }]);
      assert.equal((await staff('POST', '/b2b/organizations/me/members/search', {})).status, 200);
      // The role lets it search, not change the organization.
      assert.equal((await staff('PUT', '/b2b/organizations/me', { organization_name: 'Mine' })).status, 403);
      // Taken away, it is refused again at once.
      assert.equal((await admin('PUT', '/b2b/organizations/me', { rbac_email_implicit_role_assignments: [] })).status, 200);
      assert.equal((await staff('POST', '/b2b/organizations/me/members/search', {})).status, 403);
    });

    it('assigns only roles the policy defines', async () => {
      const { admin, staffId } = await orgWithStaff();
      const unknown = await admin('PUT', `/b2b/organizations/members/${staffId}`, { roles: ['owner'] });
      assert.equal(unknown.status, 400, unknown.text);
      assert.equal(unknown.json.error_type, 'invalid_role');
      const implicit = await admin('PUT', '/b2b/organizations/me', { rbac_email_implicit_role_assignments: [{ domain: 'example.test', role_id: 'owner' }] });
      assert.equal(implicit.status, 400, implicit.text);
      const custom = await admin('PUT', `/b2b/organizations/members/${staffId}`, { roles: ['billing_viewer'], preserve_existing_sessions: true });
      assert.equal(custom.status, 200, custom.text);
      assert.deepEqual(
        custom.json.data.member.roles.map((r: { role_id: string }) => r.role_id),
        ['stytch_member', 'billing_viewer'],
      );
    });

    it('refuses a project config whose role names an unknown resource or action', async () => {
      for (const rbac of [
        { roles: [{ role_id: 'x', permissions: [{ resource_id: 'nowhere', actions: ['read'] }] }] },
        { roles: [{ role_id: 'x', permissions: [{ resource_id: 'stytch.member', actions: ['fly'] }] }] },
        { resources: [{ resource_id: 'stytch.mine', actions: ['read'] }] },
      ]) {
        await assert.rejects(startTestProvider(kind, { b2b: { rbac } }), /b2b\.rbac/);
      }
    });
  });
}
