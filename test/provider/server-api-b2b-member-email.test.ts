import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databases, outbox, TestClock, uniqueEmail } from './harness.ts';
import { uniqueSlug } from './b2b-harness.ts';
import { assertScimError, oktaUser, scimOrganization } from './scim-support.ts';
import { startServerApi, stytchError, type ServerApiSetup } from './server-api-harness.ts';

const REDIRECT = 'https://app.test/authenticate';
const PASSWORD = 'plum quiver jackdaw nymph';

/*
 * Changing a member's email address through the official Node SDK (issue 49): an admin's update
 * (the old address retired, or unlinked), the retired list and its unlinking, the self-serve
 * update completed by its link or passcode, the refusals, and two updates racing to one address.
 */
for (const kind of databases) {
  describe(`server API: a member's email address changes (${kind})`, () => {
    let setup: ServerApiSetup;
    const clock = new TestClock();
    before(async () => {
      setup = await startServerApi(kind, { sendLimits: { perAddress: 1000, burstPerAddress: 1000 } }, clock);
    });
    after(() => setup.provider.destroy());

    /** An organization whose email domain admits new members by JIT, with an admin and a staff member. */
    async function org() {
      const domain = `${uniqueSlug('d')}.test`;
      const { organization } = await setup.b2b.organizations.create({
        organization_name: 'Mail Co',
        organization_slug: uniqueSlug('mail'),
        email_allowed_domains: [domain],
        email_jit_provisioning: 'RESTRICTED',
      });
      const organization_id = organization.organization_id;
      const at = (tag: string) => uniqueEmail(tag).replace(/@.*$/, `@${domain}`);
      const admin = await setup.b2b.organizations.members.create({ organization_id, email_address: at('admin'), roles: ['stytch_admin'] });
      const staff = await setup.b2b.organizations.members.create({ organization_id, email_address: at('staff') });
      return { organization_id, at, adminId: admin.member_id, staffId: staff.member_id, staffEmail: staff.member.email_address };
    }

    /** Signs the address in by the server API's magic link; the session token. */
    async function signIn(organization_id: string, email: string): Promise<string> {
      await setup.b2b.magicLinks.email.loginOrSignup({ organization_id, email_address: email, login_redirect_url: REDIRECT, signup_redirect_url: REDIRECT });
      const token = await lastLinkToken(email);
      return (await setup.b2b.magicLinks.authenticate({ magic_links_token: token, session_duration_minutes: 30 })).session_token;
    }

    async function lastLinkToken(email: string): Promise<string> {
      const messages = await outbox(setup.provider, email);
      return new URL(messages.at(-1)!.link!).searchParams.get('token')!;
    }

    const get = (organization_id: string, member_id: string) => setup.b2b.organizations.members.get({ organization_id, member_id }).then((r) => r.member);

    it("changes a member's address: the old one retired, the new one unverified, the password and sessions gone", async () => {
      const { organization_id, at, staffId, staffEmail } = await org();
      const session = await signIn(organization_id, staffEmail);
      const withPassword = await setup.b2b.passwords.sessions.reset({ organization_id, password: PASSWORD, session_token: session });
      assert.notEqual(withPassword.member.member_password_id, '');
      // A link sent to the old address before the change.
      await setup.b2b.magicLinks.email.loginOrSignup({ organization_id, email_address: staffEmail, login_redirect_url: REDIRECT });
      const staleLink = await lastLinkToken(staffEmail);

      const next = at('renamed').toUpperCase();
      const { member } = await setup.b2b.organizations.members.update({ organization_id, member_id: staffId, email_address: next });
      assert.equal(member.email_address, next.toLowerCase());
      assert.equal(member.email_address_verified, false);
      assert.equal(member.member_password_id, '');
      assert.equal(member.retired_email_addresses.length, 1);
      assert.equal(member.retired_email_addresses[0]!.email_address, staffEmail);
      assert.match(member.retired_email_addresses[0]!.email_id!, /^member-email-test-/);
      // The official admin portal's words: updating revokes the member's sessions.
      assert.equal((await stytchError(setup.b2b.sessions.authenticate({ session_token: session }))).status_code, 404);

      // The retired address signs in as no one: the old link, a new link, JIT by its domain.
      assert.equal((await stytchError(setup.b2b.magicLinks.authenticate({ magic_links_token: staleLink, session_duration_minutes: 30 }))).error_type, 'unable_to_auth_magic_link');
      const send = await stytchError(setup.b2b.magicLinks.email.loginOrSignup({ organization_id, email_address: staffEmail, login_redirect_url: REDIRECT, signup_redirect_url: REDIRECT }));
      assert.equal(send.error_type, 'retired_member_email');
      assert.equal((await stytchError(setup.b2b.otps.email.loginOrSignup({ organization_id, email_address: staffEmail }))).error_type, 'retired_member_email');
      assert.equal((await stytchError(setup.b2b.organizations.members.create({ organization_id, email_address: staffEmail }))).error_type, 'retired_member_email');
      const byPassword = await stytchError(setup.b2b.passwords.authenticate({ organization_id, email_address: staffEmail, password: PASSWORD }));
      assert.equal(byPassword.status_code >= 400 && byPassword.status_code < 500, true);
      assert.equal((await stytchError(setup.b2b.passwords.authenticate({ organization_id, email_address: next, password: PASSWORD }))).status_code >= 400, true);

      // The new address signs in, and proves itself.
      await signIn(organization_id, next.toLowerCase());
      assert.equal((await get(organization_id, staffId)).email_address_verified, true);
    });

    it('refuses an address another member holds or retired; the member itself may take its retired one back', async () => {
      const { organization_id, at, adminId, staffId, staffEmail } = await org();
      const admin = await get(organization_id, adminId);
      const taken = await stytchError(setup.b2b.organizations.members.update({ organization_id, member_id: staffId, email_address: admin.email_address }));
      assert.equal(taken.status_code, 409);
      assert.equal(taken.error_type, 'duplicate_member_email');
      assert.equal((await get(organization_id, staffId)).email_address, staffEmail);

      await setup.b2b.organizations.members.update({ organization_id, member_id: staffId, email_address: at('second') });
      const retired = await stytchError(setup.b2b.organizations.members.update({ organization_id, member_id: adminId, email_address: staffEmail }));
      assert.equal(retired.error_type, 'retired_member_email');
      const back = await setup.b2b.organizations.members.update({ organization_id, member_id: staffId, email_address: staffEmail });
      assert.equal(back.member.email_address, staffEmail);
      assert.deepEqual(
        back.member.retired_email_addresses.map((r) => r.email_address),
        [(await get(organization_id, staffId)).retired_email_addresses[0]!.email_address],
      );
      assert.ok(!back.member.retired_email_addresses.some((r) => r.email_address === staffEmail));
    });

    it('drops the old address with unlink_email, and unlinks a retired one by email_id or email_address', async () => {
      const { organization_id, at, staffId, staffEmail } = await org();
      const dropped = await setup.b2b.organizations.members.update({ organization_id, member_id: staffId, email_address: at('two'), unlink_email: true });
      assert.deepEqual(dropped.member.retired_email_addresses, []);
      // Another member may take the dropped address at once.
      assert.equal((await setup.b2b.organizations.members.create({ organization_id, email_address: staffEmail })).status_code, 200);

      const three = at('three');
      await setup.b2b.organizations.members.update({ organization_id, member_id: staffId, email_address: three });
      const four = await setup.b2b.organizations.members.update({ organization_id, member_id: staffId, email_address: at('four') });
      const [byId, byAddress] = four.member.retired_email_addresses;
      assert.equal(byId!.email_address, dropped.member.email_address);
      assert.equal(byAddress!.email_address, three);

      const none = await stytchError(setup.b2b.organizations.members.unlinkRetiredEmail({ organization_id, member_id: staffId }));
      assert.equal(none.error_type, 'retired_email_missing_email_identifiers');
      const mismatch = await stytchError(setup.b2b.organizations.members.unlinkRetiredEmail({ organization_id, member_id: staffId, email_id: byId!.email_id, email_address: three }));
      assert.equal(mismatch.status_code, 404);

      const first = await setup.b2b.organizations.members.unlinkRetiredEmail({ organization_id, member_id: staffId, email_id: byId!.email_id });
      assert.equal(first.organization_id, organization_id);
      assert.deepEqual(first.member.retired_email_addresses, [byAddress]);
      const second = await setup.b2b.organizations.members.unlinkRetiredEmail({ organization_id, member_id: staffId, email_address: three.toUpperCase() });
      assert.deepEqual(second.member.retired_email_addresses, []);
      assert.equal((await setup.b2b.organizations.members.create({ organization_id, email_address: three })).member.email_address, three);
    });

    it('completes a self-serve update when the member signs in with the link sent to the new address', async () => {
      const { organization_id, at, staffId, staffEmail } = await org();
      const session = await signIn(organization_id, staffEmail);
      const next = at('moved');
      const started = await setup.b2b.organizations.members.startEmailUpdate({ organization_id, member_id: staffId, email_address: next, login_redirect_url: REDIRECT });
      assert.equal(started.member.email_address, staffEmail);
      // The address is kept for the member while the update waits.
      assert.equal((await stytchError(setup.b2b.organizations.members.create({ organization_id, email_address: next }))).error_type, 'desired_email_updating_for_different_member');

      const auth = await setup.b2b.magicLinks.authenticate({ magic_links_token: await lastLinkToken(next), session_duration_minutes: 30 });
      assert.equal(auth.member_id, staffId);
      assert.equal(auth.member.email_address, next);
      assert.equal(auth.member.email_address_verified, true);
      assert.deepEqual(
        auth.member.retired_email_addresses.map((r) => r.email_address),
        [staffEmail],
      );
      // A proven update keeps the member's other sessions.
      assert.equal((await setup.b2b.sessions.authenticate({ session_token: session })).member.email_address, next);
    });

    it('frees the address of a self-serve update not completed in five minutes: its link is refused, another member may take it', async () => {
      const { organization_id, at, staffId, staffEmail } = await org();
      await signIn(organization_id, staffEmail);
      const next = at('lapsed');
      await setup.b2b.organizations.members.startEmailUpdate({ organization_id, member_id: staffId, email_address: next, login_redirect_url: REDIRECT });
      const token = await lastLinkToken(next);
      clock.advance(5 * 60_000 + 1000);
      assert.equal((await stytchError(setup.b2b.magicLinks.authenticate({ magic_links_token: token, session_duration_minutes: 30 }))).status_code, 404);
      assert.equal((await setup.b2b.organizations.members.create({ organization_id, email_address: next })).member.email_address, next);
      assert.equal((await get(organization_id, staffId)).email_address, staffEmail);
    });

    it('completes a self-serve update by a passcode sent to the new address; refuses one for an unverified or changing member', async () => {
      const { organization_id, at, adminId, staffId, staffEmail } = await org();
      const unverified = await stytchError(setup.b2b.organizations.members.startEmailUpdate({ organization_id, member_id: staffId, email_address: at('x'), delivery_method: 'EMAIL_OTP' }));
      assert.equal(unverified.error_type, 'member_has_no_active_verified_email');
      await signIn(organization_id, staffEmail);
      const adminEmail = (await get(organization_id, adminId)).email_address;
      await signIn(organization_id, adminEmail);

      const next = at('coded');
      await setup.b2b.organizations.members.startEmailUpdate({ organization_id, member_id: staffId, email_address: next, delivery_method: 'EMAIL_OTP' });
      const other = await stytchError(setup.b2b.organizations.members.startEmailUpdate({ organization_id, member_id: adminId, email_address: next, delivery_method: 'EMAIL_OTP' }));
      assert.equal(other.error_type, 'desired_email_updating_for_different_member');

      const code = (await outbox(setup.provider, next)).find((m) => m.code)!.code!;
      const auth = await setup.b2b.otps.email.authenticate({ organization_id, email_address: next, code, session_duration_minutes: 30 });
      assert.equal(auth.member_id, staffId);
      assert.equal((await get(organization_id, staffId)).email_address, next);
    });

    it('holds a call made for a member to update.info.email, and refuses a member its own address', async () => {
      const { organization_id, at, adminId, staffId, staffEmail } = await org();
      const staffSession = await signIn(organization_id, staffEmail);
      const adminSession = await signIn(organization_id, (await get(organization_id, adminId)).email_address);
      const adminBefore = await get(organization_id, adminId);

      const refused = await stytchError(setup.b2b.organizations.members.update({ organization_id, member_id: adminId, email_address: at('grab') }, { authorization: { session_token: staffSession } }));
      assert.equal(refused.status_code, 403);
      assert.equal(refused.error_type, 'unauthorized_action');
      const unlink = await stytchError(
        setup.b2b.organizations.members.unlinkRetiredEmail({ organization_id, member_id: adminId, email_address: staffEmail }, { authorization: { session_token: staffSession } }),
      );
      assert.equal(unlink.error_type, 'unauthorized_action');
      const own = await stytchError(setup.b2b.organizations.members.update({ organization_id, member_id: adminId, email_address: at('self') }, { authorization: { session_token: adminSession } }));
      assert.equal(own.error_type, 'member_cannot_update_their_email_address');
      assert.equal((await get(organization_id, adminId)).email_address, adminBefore.email_address);

      const next = at('by-admin');
      const done = await setup.b2b.organizations.members.update({ organization_id, member_id: staffId, email_address: next }, { authorization: { session_token: adminSession } });
      assert.equal(done.member.email_address, next);
    });

    it('refuses SCIM a retired address, for a new user and for a user moved to it', async () => {
      const { organizationId: organization_id, call } = await scimOrganization(setup);
      const retiring = uniqueEmail('scim-old');
      const { member_id } = await setup.b2b.organizations.members.create({ organization_id, email_address: retiring });
      await setup.b2b.organizations.members.update({ organization_id, member_id, email_address: uniqueEmail('scim-new') });
      assertScimError(await call('POST', '/Users', oktaUser(retiring)), 409);
      const other = uniqueEmail('scim-user');
      const user = await call('POST', '/Users', oktaUser(other));
      assert.equal(user.status, 201, user.text);
      assertScimError(await call('PUT', `/Users/${user.json.id}`, oktaUser(retiring, { userName: retiring })), 409);
      const { member } = await setup.b2b.organizations.members.get({ organization_id, email_address: other });
      assert.equal(member.email_address, other);
    });

    it('lets one of two parallel updates to one address win; the other is refused and keeps its address', async () => {
      const { organization_id, at, adminId, staffId } = await org();
      const next = at('contested');
      const before = await Promise.all([get(organization_id, adminId), get(organization_id, staffId)]);
      const results = await Promise.allSettled([adminId, staffId].map((member_id) => setup.b2b.organizations.members.update({ organization_id, member_id, email_address: next })));
      assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
      const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      assert.equal(lost.reason.error_type, 'duplicate_member_email');
      const after = await Promise.all([get(organization_id, adminId), get(organization_id, staffId)]);
      assert.equal(after.filter((m) => m.email_address === next).length, 1);
      const loser = after.find((m) => m.email_address !== next)!;
      assert.equal(loser.email_address, before.find((m) => m.member_id === loser.member_id)!.email_address);
      assert.deepEqual(loser.retired_email_addresses, []);
    });
  });
}
