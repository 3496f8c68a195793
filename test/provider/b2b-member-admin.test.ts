import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as OTPAuth from 'otpauth';
import { databases, outbox, sdk, startTestProvider, uniqueEmail, uniquePhone, type TestProvider } from './harness.ts';
import { asMember, createOrganization, uniqueSlug } from './b2b-harness.ts';

const REDIRECT = 'http://app.test/authenticate.html';
const PASSWORD = 'plum quiver jackdaw nymph';

/*
 * The admin portal's member management on the provider: deactivate (the official delete),
 * reactivate, a member's factors removed, invitations, the portal's config; each refused to a
 * member whose roles do not allow it.
 */
for (const kind of databases) {
  describe(`B2B member management (${kind})`, () => {
    let provider: TestProvider;
    before(async () => {
      provider = await startTestProvider(kind, { redirectUrls: [REDIRECT], sendLimits: { perAddress: 1000, burstPerAddress: 1000 } });
    });
    after(() => provider.destroy());

    async function invite(admin: ReturnType<typeof asMember>, email: string) {
      const res = await admin('POST', '/b2b/magic_links/email/invite', { email_address: email, invite_redirect_url: REDIRECT });
      return res;
    }

    /** An organization, its admin, and a member who accepted an invitation and is signed in. */
    async function orgWithStaff() {
      const org = await createOrganization(provider, uniqueEmail('boss'), { organization_name: 'Members', organization_slug: uniqueSlug() });
      const admin = asMember(provider, org.session_token);
      const email = uniqueEmail('staff');
      assert.equal((await invite(admin, email)).status, 200);
      const [message] = await outbox(provider, email);
      const token = new URL(message!.link!).searchParams.get('token')!;
      const staff = await sdk(provider, 'POST', '/b2b/magic_links/authenticate', { magic_links_token: token, session_duration_minutes: 30 });
      assert.equal(staff.status, 200, staff.text);
      return { org, orgId: org.organization.organization_id as string, admin, email, staff: asMember(provider, staff.json.data.session_token), staffId: staff.json.data.member_id as string };
    }

    async function statusOf(admin: ReturnType<typeof asMember>, email: string) {
      const res = await admin('POST', '/b2b/organizations/me/members/search', { query: { operator: 'AND', operands: [{ filter_name: 'member_emails', filter_value: [email] }] } });
      assert.equal(res.status, 200, res.text);
      return res.json.data.members.map((m: { status: string }) => m.status);
    }

    it('answers the admin portal config to a signed-in member only', async () => {
      const { staff } = await orgWithStaff();
      const res = await staff('GET', '/b2b/admin_portal_config');
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.json.data.sso_config, { sso_enabled: true, can_create_saml_connection: true, can_create_oidc_connection: true });
      assert.equal(res.json.data.organization_config.mfa_controls_enabled, true);
      assert.equal((await sdk(provider, 'GET', '/b2b/admin_portal_config')).status, 401);
    });

    it('deactivates a member: its sessions end, it signs in nowhere, and only a reactivation brings it back', async () => {
      const { admin, orgId, staff, staffId, email } = await orgWithStaff();
      // A member without stytch.member delete cannot deactivate the admin.
      const refused = await staff('DELETE', `/b2b/organizations/members/${(await admin('GET', '/b2b/organizations/members/me')).json.data.member_id}`);
      assert.equal(refused.status, 403, refused.text);
      assert.equal(refused.json.error_type, 'unauthorized_action');

      const del = await admin('DELETE', `/b2b/organizations/members/${staffId}`);
      assert.equal(del.status, 200, del.text);
      assert.deepEqual(await statusOf(admin, email), ['deleted']);
      assert.equal((await staff('POST', '/b2b/sessions/authenticate', {})).status, 404);
      // A passcode sign-in of the address is refused, and so is an invitation.
      const send = await sdk(provider, 'POST', '/b2b/otps/email/login_or_signup', { organization_id: orgId, email_address: email });
      if (send.status === 200) {
        const message = (await outbox(provider, email)).find((m) => m.code);
        const auth = await sdk(provider, 'POST', '/b2b/otps/email/authenticate', { organization_id: orgId, email_address: email, code: message!.code, session_duration_minutes: 30 });
        assert.equal(auth.status, 403, auth.text);
        assert.equal(auth.json.error_type, 'member_deleted');
      } else assert.equal(send.json.error_type, 'member_deleted', send.text);
      const again = await invite(admin, email);
      assert.equal(again.status, 403, again.text);
      assert.equal(again.json.error_type, 'member_deleted');
      assert.deepEqual(await statusOf(admin, email), ['deleted']);

      // Parallel reactivations: one succeeds, the others find it active.
      const results = await Promise.all(Array.from({ length: 4 }, () => admin('PUT', `/b2b/organizations/members/${staffId}/reactivate`)));
      assert.deepEqual(results.map((r) => r.status).sort(), [200, 400, 400, 400], results.map((r) => r.text).join('\n'));
      const winner = results.find((r) => r.status === 200)!.json.data;
      assert.equal(winner.member.status, 'active');
      assert.deepEqual(
        winner.member.roles.map((r: { role_id: string }) => r.role_id),
        ['stytch_member'],
      );
      assert.ok(results.filter((r) => r.status === 400).every((r) => r.json.error_type === 'member_reactivation_not_allowed'));
    });

    it('revokes an invitation outright: inviting again makes a new member; parallel re-invitations make one', async () => {
      const org = await createOrganization(provider, uniqueEmail('boss'), { organization_name: 'Invites', organization_slug: uniqueSlug() });
      const admin = asMember(provider, org.session_token);
      const email = uniqueEmail('invitee');
      const first = await invite(admin, email);
      assert.equal(first.status, 200, first.text);
      const again = await Promise.all(Array.from({ length: 3 }, () => invite(admin, email)));
      assert.ok(
        again.every((r) => r.status === 200),
        again.map((r) => r.text).join('\n'),
      );
      assert.deepEqual([...new Set(again.map((r) => r.json.data.member_id))], [first.json.data.member_id]);
      assert.equal((await admin('DELETE', `/b2b/organizations/members/${first.json.data.member_id}`)).status, 200);
      assert.deepEqual(await statusOf(admin, email), []);
      const reactivate = await admin('PUT', `/b2b/organizations/members/${first.json.data.member_id}/reactivate`);
      assert.equal(reactivate.status, 404, reactivate.text);
      const fresh = await invite(admin, email);
      assert.equal(fresh.status, 200, fresh.text);
      assert.notEqual(fresh.json.data.member_id, first.json.data.member_id);
    });

    it("removes a member's MFA phone, authenticator and password for an admin, and refuses them to another member", async () => {
      const { admin, orgId, staff, staffId } = await orgWithStaff();
      const adminId = (await admin('GET', '/b2b/organizations/members/me')).json.data.member_id;
      // The staff member sets up each factor itself.
      const phone = uniquePhone();
      assert.equal((await staff('PUT', '/b2b/organizations/members/update', { mfa_phone_number: phone })).status, 200);
      const totp = await staff('POST', '/b2b/totp', { organization_id: orgId, member_id: staffId });
      assert.equal(totp.status, 200, totp.text);
      const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(totp.json.data.secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
      const enrolled = await staff('POST', '/b2b/totp/authenticate', { organization_id: orgId, member_id: staffId, code, session_duration_minutes: 30 });
      assert.equal(enrolled.status, 200, enrolled.text);
      const reset = await staff('POST', '/b2b/passwords/session/reset', { organization_id: orgId, password: PASSWORD });
      assert.equal(reset.status, 200, reset.text);
      const staffAfter = asMember(provider, reset.json.data.session_token ?? enrolled.json.data.session_token);
      const me = (await staffAfter('GET', '/b2b/organizations/members/me')).json.data.member;
      assert.notEqual(me.member_password_id, '');
      assert.notEqual(me.totp_registration_id, '');

      // The staff member may not touch the admin's factors.
      for (const [path, action] of [
        [`/b2b/organizations/members/mfa_phone_numbers/${adminId}`, 'mfa phone'],
        [`/b2b/organizations/members/totp/${adminId}`, 'totp'],
      ] as const) {
        const res = await staffAfter('DELETE', path);
        assert.equal(res.status, 403, `${action}: ${res.text}`);
      }

      const noPhone = await admin('DELETE', `/b2b/organizations/members/mfa_phone_numbers/${staffId}`);
      assert.equal(noPhone.status, 200, noPhone.text);
      assert.equal(noPhone.json.data.member.mfa_phone_number, '');
      const noTotp = await admin('DELETE', `/b2b/organizations/members/totp/${staffId}`);
      assert.equal(noTotp.status, 200, noTotp.text);
      assert.equal(noTotp.json.data.member.totp_registration_id, '');
      const noPassword = await admin('DELETE', `/b2b/organizations/members/passwords/${me.member_password_id}`);
      assert.equal(noPassword.status, 200, noPassword.text);
      assert.equal(noPassword.json.data.member.member_password_id, '');
      const gone = await admin('DELETE', `/b2b/organizations/members/passwords/${me.member_password_id}`);
      assert.equal(gone.status, 404, gone.text);
      assert.equal(gone.json.error_type, 'member_password_not_found');
      // The password no longer signs in.
      const signIn = await sdk(provider, 'POST', '/b2b/passwords/authenticate', { organization_id: orgId, email_address: me.email_address, password: PASSWORD, session_duration_minutes: 30 });
      assert.notEqual(signIn.status, 200, signIn.text);
    });

    it('lets a member remove its own MFA phone', async () => {
      const { staff } = await orgWithStaff();
      assert.equal((await staff('PUT', '/b2b/organizations/members/update', { mfa_phone_number: uniquePhone() })).status, 200);
      const res = await staff('DELETE', '/b2b/organizations/members/deletePhoneNumber');
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.data.member.mfa_phone_number, '');
    });
  });
}
