import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databases, outbox, sdk, startTestProvider, uniqueEmail, type TestProvider } from './harness.ts';
import { asMember, createOrganization, uniqueSlug } from './b2b-harness.ts';

const REDIRECT = 'http://app.test/authenticate.html';

/*
 * The browser routes the official B2B client calls to change an address (issue 49), on the
 * paths its 6.3.0 source calls: `organization.members.update` with `email_address`,
 * `organization.members.unlinkRetiredEmail` / `startEmailUpdate` (a member in the path) and
 * `self.unlinkRetiredEmail` / `self.startEmailUpdate` (the caller), each checked on stytch.member
 * or stytch.self as the target is another member or the caller.
 */
for (const kind of databases) {
  describe(`B2B member email changes in the browser API (${kind})`, () => {
    let provider: TestProvider;
    before(async () => {
      provider = await startTestProvider(kind, { redirectUrls: [REDIRECT], sendLimits: { perAddress: 1000, burstPerAddress: 1000 } });
    });
    after(() => provider.destroy());

    const linkToken = async (email: string) => new URL((await outbox(provider, email)).at(-1)!.link!).searchParams.get('token')!;

    /** An organization, its admin, and a member who accepted an invitation and is signed in. */
    async function orgWithStaff() {
      const org = await createOrganization(provider, uniqueEmail('boss'), { organization_name: 'Mail', organization_slug: uniqueSlug() });
      const admin = asMember(provider, org.session_token);
      const email = uniqueEmail('staff');
      assert.equal((await admin('POST', '/b2b/magic_links/email/invite', { email_address: email, invite_redirect_url: REDIRECT })).status, 200);
      const staff = await sdk(provider, 'POST', '/b2b/magic_links/authenticate', { magic_links_token: await linkToken(email), session_duration_minutes: 30 });
      assert.equal(staff.status, 200, staff.text);
      return { admin, adminId: org.member_id as string, email, staff: asMember(provider, staff.json.data.session_token), staffId: staff.json.data.member_id as string };
    }

    it("lets an admin change another member's address; refuses a member without update.info.email and an admin its own", async () => {
      const { admin, adminId, staff, staffId, email } = await orgWithStaff();
      const grab = await staff('PUT', `/b2b/organizations/members/${adminId}`, { email_address: uniqueEmail('grab') });
      assert.equal(grab.status, 403, grab.text);
      assert.equal(grab.json.error_type, 'unauthorized_action');
      const own = await admin('PUT', `/b2b/organizations/members/${adminId}`, { email_address: uniqueEmail('own') });
      assert.equal(own.status, 403, own.text);
      assert.equal(own.json.error_type, 'member_cannot_update_their_email_address');
      const bad = await admin('PUT', `/b2b/organizations/members/${staffId}`, { email_address: 'not an address' });
      assert.equal(bad.status, 400, bad.text);

      const next = uniqueEmail('moved');
      const res = await admin('PUT', `/b2b/organizations/members/${staffId}`, { email_address: next });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.data.member.email_address, next);
      assert.equal(res.json.data.member.email_address_verified, false);
      assert.deepEqual(
        res.json.data.member.retired_email_addresses.map((r: { email_address: string }) => r.email_address),
        [email],
      );
      // The member's sessions end with the change.
      assert.equal((await staff('POST', '/b2b/sessions/authenticate', {})).status, 404);
    });

    it("changes the caller's own address by self.startEmailUpdate and its link, and unlinks the retired one by self.unlinkRetiredEmail", async () => {
      const { staff, staffId, email } = await orgWithStaff();
      const next = uniqueEmail('self');
      const started = await staff('POST', '/b2b/organizations/members/start_email_update', { email_address: next, login_redirect_url: REDIRECT });
      assert.equal(started.status, 200, started.text);
      assert.equal(started.json.data.member.email_address, email);
      const auth = await sdk(provider, 'POST', '/b2b/magic_links/authenticate', { magic_links_token: await linkToken(next), session_duration_minutes: 30 });
      assert.equal(auth.status, 200, auth.text);
      assert.equal(auth.json.data.member_id, staffId);
      assert.equal(auth.json.data.member.email_address, next);

      const missing = await staff('POST', '/b2b/organizations/members/unlink_retired_email', {});
      assert.equal(missing.status, 400, missing.text);
      assert.equal(missing.json.error_type, 'retired_email_missing_email_identifiers');
      const unlinked = await staff('POST', '/b2b/organizations/members/unlink_retired_email', { email_address: email });
      assert.equal(unlinked.status, 200, unlinked.text);
      assert.deepEqual(unlinked.json.data.member.retired_email_addresses, []);
    });

    it("starts another member's update and unlinks its retired address for an admin only (organization.members.*)", async () => {
      const { admin, staff, staffId, adminId, email } = await orgWithStaff();
      const refused = await staff('POST', `/b2b/organizations/members/${adminId}/start_email_update`, { email_address: uniqueEmail('x'), delivery_method: 'EMAIL_OTP' });
      assert.equal(refused.status, 403, refused.text);

      const next = uniqueEmail('coded');
      const started = await admin('POST', `/b2b/organizations/members/${staffId}/start_email_update`, { email_address: next, delivery_method: 'EMAIL_OTP' });
      assert.equal(started.status, 200, started.text);
      const code = (await outbox(provider, next)).find((m) => m.code)!.code!;
      const orgId = started.json.data.organization.organization_id;
      const auth = await sdk(provider, 'POST', '/b2b/otps/email/authenticate', { organization_id: orgId, email_address: next, code, session_duration_minutes: 30 });
      assert.equal(auth.status, 200, auth.text);
      assert.equal(auth.json.data.member_id, staffId);

      const emailId = auth.json.data.member.retired_email_addresses[0].email_id as string;
      const notAllowed = await asMember(provider, auth.json.data.session_token)('POST', `/b2b/organizations/members/${adminId}/unlink_retired_email`, { email_id: emailId });
      assert.equal(notAllowed.status, 403, notAllowed.text);
      const unlinked = await admin('POST', `/b2b/organizations/members/${staffId}/unlink_retired_email`, { email_id: emailId });
      assert.equal(unlinked.status, 200, unlinked.text);
      assert.deepEqual(unlinked.json.data.member.retired_email_addresses, []);
      // Unlinked, the old address may join again as a new member.
      assert.equal((await admin('POST', '/b2b/organizations/members', { email_address: email })).status, 200);
    });
  });
}
