import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { B2BClient } from 'stytch';
import { databases, uniqueEmail } from './harness.ts';
import { asMember, uniqueSlug } from './b2b-harness.ts';
import { memberSession, oktaUser, scimOrganization } from './scim-support.ts';
import { startServerApi, stytchError, type ServerApiSetup } from './server-api-harness.ts';

/*
 * An organization's own roles (issue 49) through the official Node SDK: rbac.organizations
 * setOrgPolicy and getOrgPolicy, the refusals, an org role's permissions held by that
 * organization's members only (the server API's check, a call made for a member, the SDK's
 * local check), a removed role taken from everything that granted it, and a removal racing a grant.
 */

/** The project's own resource and role, beside the Stytch defaults. */
const RBAC = {
  resources: [{ resource_id: 'billing', description: 'Invoices', actions: ['read', 'pay'] }],
  roles: [{ role_id: 'billing_viewer', description: 'Reads invoices', permissions: [{ resource_id: 'billing', actions: ['read'] }] }],
};
const AUDITOR = {
  role_id: 'auditor',
  description: 'Reads invoices and renames the organization',
  permissions: [
    { resource_id: 'billing', actions: ['read'] },
    { resource_id: 'stytch.organization', actions: ['update.info.name'] },
  ],
};
const PAYER = { role_id: 'payer', description: 'Pays invoices', permissions: [{ resource_id: 'billing', actions: ['*'] }] };

for (const kind of databases) {
  describe(`server API: an organization's own roles through the official SDK (${kind})`, () => {
    let setup: ServerApiSetup;
    before(async () => {
      setup = await startServerApi(kind, { b2b: { rbac: RBAC } });
    });
    after(() => setup.provider.destroy());

    /** An organization with one staff member, both through the SDK. */
    async function orgWithStaff() {
      const { organization } = await setup.b2b.organizations.create({ organization_name: 'Roles Co', organization_slug: uniqueSlug('roles') });
      const organization_id = organization.organization_id;
      const email = uniqueEmail('staff');
      const staff = await setup.b2b.organizations.members.create({ organization_id, email_address: email });
      return { organization_id, email, staffId: staff.member_id };
    }
    const roleIdsOf = (m: { roles: Array<{ role_id: string }> }) => m.roles.map((r) => r.role_id);
    const check = (organization_id: string, resource_id: string, action: string) => ({ organization_id, resource_id, action });

    it('sets and reads an organization’s roles, shown in its custom_roles; another organization has none', async () => {
      const { organization_id } = await orgWithStaff();
      const other = await orgWithStaff();
      assert.deepEqual((await setup.b2b.rbac.organizations.getOrgPolicy({ organization_id })).org_policy, { roles: [] });
      const set = await setup.b2b.rbac.organizations.setOrgPolicy({ organization_id, org_policy: { roles: [AUDITOR, PAYER] } });
      assert.equal(set.status_code, 200);
      assert.deepEqual(set.org_policy, { roles: [AUDITOR, PAYER] });
      assert.deepEqual((await setup.b2b.rbac.organizations.getOrgPolicy({ organization_id })).org_policy, { roles: [AUDITOR, PAYER] });
      assert.deepEqual((await setup.b2b.organizations.get({ organization_id })).organization.custom_roles, [AUDITOR, PAYER]);
      assert.deepEqual((await setup.b2b.rbac.organizations.getOrgPolicy({ organization_id: other.organization_id })).org_policy, { roles: [] });
      // The project's policy is unchanged by it.
      assert.ok(!(await setup.b2b.rbac.policy()).policy!.roles.some((r) => r.role_id === 'auditor'));
      // Replaced as a whole.
      await setup.b2b.rbac.organizations.setOrgPolicy({ organization_id, org_policy: { roles: [PAYER] } });
      assert.deepEqual((await setup.b2b.organizations.get({ organization_id })).organization.custom_roles, [PAYER]);
      const missing = await stytchError(setup.b2b.rbac.organizations.getOrgPolicy({ organization_id: 'organization-test-00000000-0000-0000-0000-000000000000' }));
      assert.equal(missing.error_type, 'organization_not_found');
    });

    it('refuses a role that is reserved, a project role, twice, or names what the project’s policy lacks, with nothing changed', async () => {
      const { organization_id } = await orgWithStaff();
      await setup.b2b.rbac.organizations.setOrgPolicy({ organization_id, org_policy: { roles: [PAYER] } });
      const role = (role_id: string, permissions = [{ resource_id: 'billing', actions: ['read'] }]) => ({ role_id, description: '', permissions });
      for (const [roles, type] of [
        [[role('stytch_admin')], 'reserved_role_id'],
        [[role('stytch_member')], 'reserved_role_id'],
        [[role('stytch_owner')], 'reserved_role_id'],
        [[role('billing_viewer')], 'duplicate_role_id'],
        [[role('clerk'), role('clerk')], 'duplicate_role_id'],
        [[role('clerk', [{ resource_id: 'invoices', actions: ['read'] }])], 'invalid_resource_id'],
        [[role('clerk', [{ resource_id: 'billing', actions: ['refund'] }])], 'invalid_action'],
        [[role('clerk', [{ resource_id: 'stytch.member', actions: ['fly'] }])], 'invalid_action'],
        [
          [
            role('clerk', [
              { resource_id: 'billing', actions: ['read'] },
              { resource_id: 'billing', actions: ['pay'] },
            ]),
          ],
          'duplicate_permission',
        ],
        [[role('clerk', [{ resource_id: 'billing', actions: ['read', 'read'] }])], 'duplicate_permission'],
        [[role('two words')], 'invalid_request'],
        [[role('x'.repeat(129))], 'invalid_request'],
        [Array.from({ length: 51 }, (_, i) => role(`role-${i}`)), 'invalid_request'],
      ] as const) {
        const refused = await stytchError(setup.b2b.rbac.organizations.setOrgPolicy({ organization_id, org_policy: { roles: roles as never } }));
        assert.equal(refused.status_code, 400, JSON.stringify(roles).slice(0, 200));
        assert.equal(refused.error_type, type, refused.error_message);
      }
      assert.deepEqual((await setup.b2b.rbac.organizations.getOrgPolicy({ organization_id })).org_policy, { roles: [PAYER] });
    });

    it('a member given an org role may do what it permits, in its organization only; another organization cannot use the role id', async () => {
      const { organization_id, email, staffId } = await orgWithStaff();
      await setup.b2b.rbac.organizations.setOrgPolicy({ organization_id, org_policy: { roles: [AUDITOR] } });
      const given = await setup.b2b.organizations.members.update({ organization_id, member_id: staffId, roles: ['auditor'] });
      assert.deepEqual(roleIdsOf(given.member), ['stytch_member', 'auditor']);
      const session = await memberSession(setup, organization_id, email);

      const ok = await setup.b2b.sessions.authenticate({ session_token: session, authorization_check: check(organization_id, 'billing', 'read') });
      assert.deepEqual(ok.verdict, { authorized: true, granting_roles: ['auditor'] });
      assert.deepEqual(ok.member_session.roles, ['stytch_member', 'auditor']);
      const pay = await stytchError(setup.b2b.sessions.authenticate({ session_token: session, authorization_check: check(organization_id, 'billing', 'pay') }));
      assert.equal(pay.error_type, 'unauthorized_action');
      // A call made for the member: the org role lets it rename the organization, not change its MFA policy.
      const renamed = await setup.b2b.organizations.update({ organization_id, organization_name: 'Audited' }, { authorization: { session_token: session } });
      assert.equal(renamed.organization.organization_name, 'Audited');
      const mfa = await stytchError(setup.b2b.organizations.update({ organization_id, mfa_policy: 'REQUIRED_FOR_ALL' }, { authorization: { session_token: session } }));
      assert.equal(mfa.error_type, 'unauthorized_action');
      // The browser's admin routes the same, and its organization carries the roles the official client merges.
      const browser = asMember(setup.provider, session);
      const me = await browser('GET', '/b2b/organizations/me');
      assert.deepEqual(me.json.data.organization.custom_roles, [AUDITOR]);
      assert.equal((await browser('PUT', '/b2b/organizations/me', { organization_name: 'Audited again' })).status, 200);
      const browserMfa = await browser('PUT', '/b2b/organizations/me', { mfa_policy: 'REQUIRED_FOR_ALL' });
      assert.equal(browserMfa.status, 403, browserMfa.text);
      assert.equal((await setup.b2b.organizations.get({ organization_id })).organization.mfa_policy, 'OPTIONAL');

      // The SDK's local check fetches the org policy beside the project's and sees the role.
      const local = await setup.b2b.sessions.authenticateJwt({ session_jwt: ok.session_jwt, authorization_check: check(organization_id, 'billing', 'read') });
      assert.equal(local.member_session.member_id, staffId);
      await assert.rejects(
        setup.b2b.sessions.authenticateJwtLocal({ session_jwt: ok.session_jwt, authorization_check: check(organization_id, 'billing', 'pay') }),
        (e: Error & { code?: string }) => e.code === 'invalid_permissions' || /permission/.test(e.message),
      );

      // Another organization: the role id is unknown there, for its members, its rules and its checks.
      const other = await orgWithStaff();
      const refused = await stytchError(setup.b2b.organizations.members.update({ organization_id: other.organization_id, member_id: other.staffId, roles: ['auditor'] }));
      assert.equal(refused.error_type, 'invalid_role');
      const rule = await stytchError(
        setup.b2b.organizations.update({ organization_id: other.organization_id, rbac_email_implicit_role_assignments: [{ domain: 'example.test', role_id: 'auditor' }] }),
      );
      assert.equal(rule.error_type, 'invalid_role');
      const otherSession = await memberSession(setup, other.organization_id, other.email);
      const cross = await stytchError(setup.b2b.sessions.authenticate({ session_token: otherSession, authorization_check: check(other.organization_id, 'billing', 'read') }));
      assert.equal(cross.error_type, 'unauthorized_action');
      // Nor does the role reach into the other organization for its own member.
      const outside = await stytchError(setup.b2b.sessions.authenticate({ session_token: session, authorization_check: check(other.organization_id, 'billing', 'read') }));
      assert.equal(outside.error_type, 'unauthorized_action');
    });

    it('an org role is taken from every grant when the policy drops it: the next check no longer has it', async () => {
      const org = await scimOrganization(setup);
      const organization_id = org.organizationId;
      await setup.b2b.rbac.organizations.setOrgPolicy({ organization_id, org_policy: { roles: [AUDITOR, PAYER] } });
      // Granted four ways: directly, by email domain, by a SAML connection's rule and by a SCIM group.
      const email = uniqueEmail('held');
      const domain = email.split('@')[1]!;
      const user = await org.call('POST', '/Users', oktaUser(email));
      assert.equal(user.status, 201, user.text);
      const group = await org.call('POST', '/Groups', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Auditors', members: [{ value: user.json.id }] });
      assert.equal(group.status, 201, group.text);
      await setup.b2b.scim.connection.update({
        organization_id,
        connection_id: org.connectionId,
        scim_group_implicit_role_assignments: [{ group_id: group.json.id, role_id: 'auditor', group_name: '' }],
      });
      const { member } = await setup.b2b.organizations.members.get({ organization_id, email_address: email });
      await setup.b2b.organizations.members.update({ organization_id, member_id: member.member_id, roles: ['auditor', 'payer'] });
      await setup.b2b.organizations.update({ organization_id, rbac_email_implicit_role_assignments: [{ domain, role_id: 'auditor' }] });
      const saml = (await setup.b2b.sso.saml.createConnection({ organization_id, display_name: 'Okta' })).connection!.connection_id;
      await setup.b2b.sso.saml.updateConnection({
        organization_id,
        connection_id: saml,
        saml_connection_implicit_role_assignments: [{ role_id: 'auditor' }],
        saml_group_implicit_role_assignments: [
          { group: 'finance', role_id: 'auditor' },
          { group: 'finance', role_id: 'payer' },
        ],
      });
      const session = await memberSession(setup, organization_id, email);
      const before = await setup.b2b.organizations.members.get({ organization_id, member_id: member.member_id });
      assert.deepEqual(
        before.member.roles.find((r) => r.role_id === 'auditor')!.sources.map((s) => s.type),
        ['direct_assignment', 'email_assignment', 'scim_connection_group'],
      );
      assert.ok((await setup.b2b.sessions.authenticate({ session_token: session, authorization_check: check(organization_id, 'stytch.organization', 'update.info.name') })).verdict);

      await setup.b2b.rbac.organizations.setOrgPolicy({ organization_id, org_policy: { roles: [PAYER] } });
      const after = await setup.b2b.organizations.members.get({ organization_id, member_id: member.member_id });
      assert.deepEqual(roleIdsOf(after.member), ['stytch_member', 'payer']);
      assert.deepEqual(after.organization!.rbac_email_implicit_role_assignments, []);
      const conn = (await setup.b2b.sso.getConnections({ organization_id })).saml_connections.find((c) => c.connection_id === saml)!;
      assert.deepEqual(conn.saml_connection_implicit_role_assignments, []);
      assert.deepEqual(
        conn.saml_group_implicit_role_assignments.map((a) => a.role_id),
        ['payer'],
      );
      const scimConn = await setup.b2b.scim.connection.get({ organization_id });
      assert.deepEqual(scimConn.connection!.scim_group_implicit_role_assignments, []);
      // Renaming was the removed role's alone (payer reads and pays invoices).
      const rename = check(organization_id, 'stytch.organization', 'update.info.name');
      const refused = await stytchError(setup.b2b.sessions.authenticate({ session_token: session, authorization_check: rename }));
      assert.equal(refused.error_type, 'unauthorized_action');
      const still = await setup.b2b.sessions.authenticate({ session_token: session, authorization_check: check(organization_id, 'billing', 'pay') });
      assert.deepEqual(still.verdict, { authorized: true, granting_roles: ['payer'] });
      assert.deepEqual(still.member_session.roles, ['stytch_member', 'payer']);
      // A backend starting afresh (no cached policy) checks the new JWT locally the same way.
      const fresh = new B2BClient({ project_id: setup.projectId, secret: setup.secret, custom_base_url: setup.provider.url });
      await assert.rejects(fresh.sessions.authenticateJwtLocal({ session_jwt: still.session_jwt, authorization_check: rename }));
      await fresh.sessions.authenticateJwtLocal({ session_jwt: still.session_jwt, authorization_check: check(organization_id, 'billing', 'pay') });
      // Granting it again is refused: it no longer exists.
      const gone = await stytchError(setup.b2b.organizations.members.update({ organization_id, member_id: member.member_id, roles: ['auditor'] }));
      assert.equal(gone.error_type, 'invalid_role');
    });

    it('a removal racing grants of the role never leaves a member holding it', async () => {
      const { organization_id, staffId } = await orgWithStaff();
      const second = await setup.b2b.organizations.members.create({ organization_id, email_address: uniqueEmail('second') });
      for (let round = 0; round < 8; round++) {
        await setup.b2b.rbac.organizations.setOrgPolicy({ organization_id, org_policy: { roles: [AUDITOR] } });
        const results = await Promise.allSettled([
          setup.b2b.organizations.members.update({ organization_id, member_id: staffId, roles: ['auditor'] }),
          setup.b2b.organizations.update({ organization_id, rbac_email_implicit_role_assignments: [{ domain: 'example.test', role_id: 'auditor' }] }),
          setup.b2b.rbac.organizations.setOrgPolicy({ organization_id, org_policy: { roles: [] } }),
          setup.b2b.organizations.members.update({ organization_id, member_id: second.member_id, roles: ['auditor'] }),
        ]);
        // The removal always succeeds; each grant either came first (and was taken away) or was refused.
        assert.equal(results[2].status, 'fulfilled', String((results[2] as PromiseRejectedResult).reason));
        for (const r of results) if (r.status === 'rejected') assert.equal((r.reason as { error_type?: string }).error_type, 'invalid_role', String(r.reason));
        for (const id of [staffId, second.member_id]) {
          const { member, organization } = await setup.b2b.organizations.members.get({ organization_id, member_id: id });
          assert.deepEqual(roleIdsOf(member), ['stytch_member'], `round ${round}`);
          assert.deepEqual(organization!.rbac_email_implicit_role_assignments, [], `round ${round}`);
        }
      }
    });
  });
}
