import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SESSION_WRITE_WINDOW_MS } from '../../provider/services/session-family.ts';
import { databases, outbox, sdk, startTestProvider, TestClock, uniqueEmail, type TestProvider } from './harness.ts';
import { uniqueSlug } from './b2b-harness.ts';
import { apiError, linkToken, ourB2BClient } from './b2b-client-support.ts';

const REDIRECT = 'http://app.test/authenticate.html';
const STRONG = 'quokka umbrella jazz wharf';

async function latest(provider: TestProvider, to: string) {
  const messages = await outbox(provider, to);
  // Newest first.
  return messages[0]!;
}

/*
 * Referee: the flows the official B2B client runs against our provider, through our own B2B
 * client (client/b2b), unchanged.
 */
for (const kind of databases) {
  describe(`our B2B client against the provider (${kind})`, () => {
    let provider: TestProvider;
    const clock = new TestClock();
    before(async () => {
      provider = await startTestProvider(kind, { redirectUrls: [REDIRECT], sendLimits: { perAddress: 50 } }, clock);
    });
    after(() => provider.destroy());

    /** A founder who signs in by discovery email passcode and creates an organization. */
    async function founder(settings: { mfa_policy?: 'OPTIONAL' | 'REQUIRED_FOR_ALL' } = {}) {
      const email = uniqueEmail('founder');
      const { client, cookies } = ourB2BClient(provider);
      await client.otps.email.discovery.send({ email_address: email });
      const found = await client.otps.email.discovery.authenticate({ email_address: email, code: (await latest(provider, email)).code! });
      assert.deepEqual(found.discovered_organizations, []);
      assert.equal(cookies.get('stytch_intermediate_session_token'), found.intermediate_session_token);
      const slug = uniqueSlug();
      const created = await client.discovery.organizations.create({ session_duration_minutes: 30, organization_name: 'Acme', organization_slug: slug, ...settings });
      assert.equal(created.member_authenticated, true);
      return { email, client, cookies, org: created.organization, member: created.member };
    }

    it('discovery by email passcode, organization create, refresh, organization and self', async () => {
      const { client, cookies, org, email } = await founder();
      assert.equal(cookies.has('stytch_intermediate_session_token'), false);
      assert.equal((cookies.get('stytch_session')?.length ?? 0) > 0, true);
      assert.equal(client.session.getSync()?.organization_id, org.organization_id);
      assert.equal(client.organization.getSync()?.organization_slug, org.organization_slug);
      const before = client.session.getTokens()!.session_token;
      // A token is rotated once it is older than the write window.
      clock.advance(SESSION_WRITE_WINDOW_MS + 1_000);
      const refreshed = await client.session.authenticate();
      assert.equal(refreshed.member_session?.member_session_id, client.session.getSync()?.member_session_id);
      assert.notEqual(client.session.getTokens()!.session_token, before, 'the token rotates');
      assert.equal((await client.self.get()).email_address, email);
      await client.organization.update({ organization_name: 'Acme Renamed' });
      assert.equal(client.organization.getSync()?.organization_name, 'Acme Renamed');
      assert.equal((await client.organization.get()).organization_name, 'Acme Renamed');
      await client.session.revoke();
      assert.equal(client.session.getSync(), null);
      assert.equal((await apiError(client.self.get())).error_type, 'unauthorized_credentials');
      client.dispose();
    });

    it('discovery by magic link: list the organizations, exchange the intermediate session for a member session', async () => {
      const admin = await founder();
      const invitee = uniqueEmail('invitee');
      await admin.client.magicLinks.email.invite({ email_address: invitee, invite_redirect_url: REDIRECT });
      const { client, cookies } = ourB2BClient(provider);
      await client.magicLinks.email.discovery.send({ email_address: invitee, discovery_redirect_url: REDIRECT });
      const link = (await latest(provider, invitee)).link!;
      assert.equal(new URL(link).searchParams.get('stytch_token_type'), 'discovery');
      const found = await client.magicLinks.discovery.authenticate({ discovery_magic_links_token: linkToken(link) });
      assert.deepEqual(
        found.discovered_organizations.map((d) => d.organization.organization_id),
        [admin.org.organization_id],
      );
      const listed = await client.discovery.organizations.list();
      assert.deepEqual(
        listed.discovered_organizations.map((d) => d.membership.type),
        ['invited_member'],
      );
      const entered = await client.discovery.intermediateSessions.exchange({ organization_id: admin.org.organization_id, session_duration_minutes: 30 });
      assert.equal(entered.member_authenticated, true);
      assert.equal(entered.member.status, 'active');
      assert.equal(cookies.has('stytch_intermediate_session_token'), false);
      assert.equal(client.self.getSync()?.email_address, invitee);
      // The intermediate session was spent by the exchange (and its cookie dropped).
      const again = await sdk(provider, 'POST', '/b2b/discovery/intermediate_sessions/exchange', {
        intermediate_session_token: found.intermediate_session_token,
        organization_id: admin.org.organization_id,
        session_duration_minutes: 30,
      });
      assert.equal(again.status, 404, again.text);
      admin.client.dispose();
      client.dispose();
    });

    it('organization email passcode and magic link sign-in for an existing member', async () => {
      const admin = await founder();
      const { client } = ourB2BClient(provider);
      await client.otps.email.loginOrSignup({ organization_id: admin.org.organization_id, email_address: admin.email });
      const r = await client.otps.email.authenticate({
        organization_id: admin.org.organization_id,
        email_address: admin.email,
        code: (await latest(provider, admin.email)).code!,
        session_duration_minutes: 30,
      });
      assert.equal(r.member_authenticated, true);
      await client.session.revoke();
      await client.magicLinks.email.loginOrSignup({ organization_id: admin.org.organization_id, email_address: admin.email, login_redirect_url: REDIRECT });
      const m = await client.magicLinks.authenticate({ magic_links_token: linkToken((await latest(provider, admin.email)).link), session_duration_minutes: 30 });
      assert.equal(m.member_id, admin.member.member_id);
      assert.equal(client.session.getSync()?.member_id, admin.member.member_id);
      admin.client.dispose();
      client.dispose();
    });

    it('passwords: set by emailed reset, sign in, strength check, reset by existing password and by session', async () => {
      const admin = await founder();
      const orgId = admin.org.organization_id;
      const { client } = ourB2BClient(provider);
      const weak = await client.passwords.strengthCheck({ email_address: admin.email, password: 'password' });
      assert.equal(weak.valid_password, false);
      // The B2B shape, which the official B2B reset form reads (its Continue waits for it).
      assert.equal(weak.strength_policy, 'zxcvbn');
      assert.ok(weak.zxcvbn_feedback.warning.length > 0);
      assert.equal(typeof weak.luds_feedback.missing_characters, 'number');
      assert.equal('feedback' in weak, false);
      const strong = await client.passwords.strengthCheck({ password: STRONG });
      assert.equal(strong.valid_password, true);
      assert.deepEqual(strong.zxcvbn_feedback, { warning: '', suggestions: [] });
      // No password yet: the same refusal as a wrong one.
      assert.equal(
        (await apiError(client.passwords.authenticate({ organization_id: orgId, email_address: admin.email, password: STRONG, session_duration_minutes: 30 }))).error_type,
        'unauthorized_credentials',
      );

      await client.passwords.resetByEmailStart({ organization_id: orgId, email_address: admin.email, reset_password_redirect_url: REDIRECT });
      const link = (await latest(provider, admin.email)).link!;
      assert.equal(new URL(link).searchParams.get('stytch_token_type'), 'multi_tenant_passwords');
      const refused = await apiError(client.passwords.resetByEmail({ password_reset_token: linkToken(link), password: 'password', session_duration_minutes: 30 }));
      assert.equal(refused.error_type, 'breached_password', 'refused before the link is spent');
      const reset = await client.passwords.resetByEmail({ password_reset_token: linkToken(link), password: STRONG, session_duration_minutes: 30 });
      assert.equal(reset.member_authenticated, true);
      assert.ok(reset.member.member_password_id.startsWith('member-password-test-'));
      // Single use: the link is spent.
      assert.equal(
        (await apiError(client.passwords.resetByEmail({ password_reset_token: linkToken(link), password: `${STRONG} again`, session_duration_minutes: 30 }))).error_type,
        'unable_to_auth_magic_link',
      );
      // The reset ended the founder's other session.
      assert.equal((await apiError(admin.client.session.authenticate())).error_type, 'session_not_found');
      await client.session.revoke();

      assert.equal(
        (await apiError(client.passwords.authenticate({ organization_id: orgId, email_address: admin.email, password: 'wrong password 1', session_duration_minutes: 30 }))).error_type,
        'unauthorized_credentials',
      );
      const signedIn = await client.passwords.authenticate({ organization_id: orgId, email_address: admin.email, password: STRONG, session_duration_minutes: 30 });
      assert.equal(signedIn.member_authenticated, true);
      assert.deepEqual(
        signedIn.member_session?.authentication_factors.map((f) => f.type),
        ['password'],
      );

      const NEXT = `${STRONG} next`;
      await client.passwords.resetByExistingPassword({ organization_id: orgId, email_address: admin.email, existing_password: STRONG, new_password: NEXT, session_duration_minutes: 30 });
      assert.equal((await apiError(client.passwords.authenticate({ organization_id: orgId, email_address: admin.email, password: STRONG, session_duration_minutes: 30 }))).status_code, 401);
      const bySession = await client.passwords.resetBySession({ password: `${NEXT} and last` });
      assert.equal(bySession.member_session?.member_session_id, client.session.getSync()?.member_session_id, 'the session making the change is kept');
      assert.equal((await client.session.authenticate()).member_authenticated ?? true, true);
      admin.client.dispose();
      client.dispose();
    });

    it('a password alone meets a required-MFA policy with an intermediate session, never a member session', async () => {
      const admin = await founder();
      const orgId = admin.org.organization_id;
      await admin.client.passwords.resetBySession({ password: STRONG });
      await admin.client.organization.update({ mfa_policy: 'REQUIRED_FOR_ALL' });
      const { client, cookies } = ourB2BClient(provider);
      const r = await client.passwords.authenticate({ organization_id: orgId, email_address: admin.email, password: STRONG, session_duration_minutes: 30 });
      assert.equal(r.member_authenticated, false);
      assert.equal(r.member_session, null);
      assert.ok(r.mfa_required);
      assert.equal(cookies.get('stytch_intermediate_session_token'), r.intermediate_session_token);
      assert.equal(cookies.has('stytch_session'), false);
      assert.equal(client.session.getSync(), null);
      // Asking again does not skip the second factor either.
      assert.equal((await client.passwords.authenticate({ organization_id: orgId, email_address: admin.email, password: STRONG, session_duration_minutes: 30 })).member_authenticated, false);
      admin.client.dispose();
      client.dispose();
    });
  });
}
