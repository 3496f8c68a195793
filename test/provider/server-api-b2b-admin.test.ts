import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databases, outbox, uniqueEmail, uniquePhone } from './harness.ts';
import { uniqueSlug } from './b2b-harness.ts';
import { startServerApi, stytchError, type ServerApiSetup } from './server-api-harness.ts';

/*
 * The admin portal's server API through the official Node SDK: the RBAC policy, deactivation
 * and reactivation, a member's MFA phone removed, authorization checks, and calls made for a
 * member (`authorization`) held to that member's permissions.
 */
for (const kind of databases) {
  describe(`server API: B2B admin through the official SDK (${kind})`, () => {
    let setup: ServerApiSetup;
    before(async () => {
      setup = await startServerApi(kind);
    });
    after(() => setup.provider.destroy());

    async function orgWithMembers() {
      const { organization } = await setup.b2b.organizations.create({ organization_name: 'Admin Co', organization_slug: uniqueSlug('admin') });
      const organization_id = organization.organization_id;
      const admin = await setup.b2b.organizations.members.create({ organization_id, email_address: uniqueEmail('admin'), roles: ['stytch_admin'] });
      const staff = await setup.b2b.organizations.members.create({ organization_id, email_address: uniqueEmail('staff'), mfa_phone_number: uniquePhone() });
      return { organization_id, adminId: admin.member_id, staffId: staff.member_id };
    }

    it('serves the policy the SDK caches: the default roles and resources', async () => {
      const { policy } = await setup.b2b.rbac.policy();
      assert.deepEqual(
        policy!.roles.map((r) => r.role_id),
        ['stytch_member', 'stytch_admin'],
      );
      assert.ok(policy!.resources.some((r) => r.resource_id === 'stytch.member' && r.actions.includes('revoke-sessions')));
    });

    it('deactivates, reactivates and removes an MFA phone', async () => {
      const { organization_id, staffId } = await orgWithMembers();
      const phone = await setup.b2b.organizations.members.deleteMFAPhoneNumber({ organization_id, member_id: staffId });
      assert.equal(phone.member.mfa_phone_number, '');
      // Created by the backend, its address was never verified: it cannot come back.
      await setup.b2b.organizations.members.delete({ organization_id, member_id: staffId });
      const got = await setup.b2b.organizations.members.get({ organization_id, member_id: staffId });
      assert.equal(got.member.status, 'deleted');
      const refused = await stytchError(setup.b2b.organizations.members.reactivate({ organization_id, member_id: staffId }));
      assert.equal(refused.error_type, 'member_reactivation_not_allowed');
    });

    it('holds a call made for a member to its permissions, and checks a session against the policy', async () => {
      const { organization_id, adminId, staffId } = await orgWithMembers();
      // A session for each member, by the server API's own sign-in path.
      const sessionOf = async (memberId: string) => {
        const { member } = await setup.b2b.organizations.members.get({ organization_id, member_id: memberId });
        const sent = await setup.b2b.magicLinks.email.loginOrSignup({
          organization_id,
          email_address: member.email_address,
          login_redirect_url: 'https://app.test/authenticate',
          signup_redirect_url: 'https://app.test/authenticate',
        });
        assert.equal(sent.status_code, 200);
        const [message] = await outbox(setup.provider, member.email_address);
        const token = new URL(message!.link!).searchParams.get('token')!;
        const auth = await setup.b2b.magicLinks.authenticate({ magic_links_token: token, session_duration_minutes: 30 });
        return auth.session_token;
      };
      const staffSession = await sessionOf(staffId);
      const adminSession = await sessionOf(adminId);
      const refused = await stytchError(setup.b2b.organizations.members.delete({ organization_id, member_id: adminId }, { authorization: { session_token: staffSession } }));
      assert.equal(refused.status_code, 403);
      assert.equal(refused.error_type, 'unauthorized_action');
      assert.equal((await setup.b2b.organizations.members.get({ organization_id, member_id: adminId })).member.status, 'active');
      const updated = await setup.b2b.organizations.members.update({ organization_id, member_id: staffId, name: 'Renamed' }, { authorization: { session_token: adminSession } });
      assert.equal(updated.member.name, 'Renamed');

      const ok = await setup.b2b.sessions.authenticate({ session_token: adminSession, authorization_check: { organization_id, resource_id: 'stytch.member', action: 'delete' } });
      assert.deepEqual(ok.verdict, { authorized: true, granting_roles: ['stytch_admin'] });
      const no = await stytchError(setup.b2b.sessions.authenticate({ session_token: staffSession, authorization_check: { organization_id, resource_id: 'stytch.member', action: 'delete' } }));
      assert.equal(no.status_code, 403);
      assert.equal(no.error_type, 'unauthorized_action');
    });
  });
}
