import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from '@playwright/test';
import { uniqueSlug } from './b2b-harness.ts';
import { startOfficialB2BBrowser, type OfficialB2BBrowser } from './b2b-official-client.ts';
import { databases, outbox, startTestProvider, TEST_ORIGIN, uniqueEmail, uniquePhone, type TestProvider } from './harness.ts';

/*
 * The official B2B headless client, unchanged, signs in to an organization with a password:
 * a reset by email sets it (the client's own PKCE pair, the token from the emailed link), and
 * passwords.authenticate signs in with it; where the organization requires MFA, the SMS code
 * the sign-in sent completes it, all against our provider.
 */

const client =
  (page: Page) =>
  <T>(fn: string, arg?: unknown): Promise<T> =>
    page.evaluate(([f, a]) => new Function('client', 'arg', `return client.${f}(arg)`)((window as any).client, a), [fn, arg] as const) as Promise<T>;

/** A call expected to fail: the client's error name and error_type. */
const refusal =
  (page: Page) =>
  (fn: string, arg?: unknown): Promise<string> =>
    page.evaluate(
      ([f, a]) =>
        new Function('client', 'arg', `return client.${f}(arg)`)((window as any).client, a).then(
          () => 'accepted',
          (e: any) => `${e.name}:${e.error_type}`,
        ),
      [fn, arg] as const,
    );

const PASSWORD = 'plum quiver jackdaw nymph';

for (const kind of databases) {
  describe(`the official B2B headless client: passwords against our provider (${kind})`, () => {
    let provider: TestProvider;
    let browser: OfficialB2BBrowser;
    let redirect: string;
    before(async () => {
      browser = await startOfficialB2BBrowser();
      redirect = `${browser.origin}/reset`;
      provider = await startTestProvider(kind, { authorizedOrigins: [TEST_ORIGIN, browser.origin], redirectUrls: [redirect] });
    });
    after(async () => {
      await browser.close();
      await provider.destroy();
    });

    it('sets a password by an emailed reset, then signs in to the organization with it', async () => {
      // The founder creates the organization through discovery, and signs out.
      const founderPage = await browser.open(provider.url);
      const founder = client(founderPage);
      const email = uniqueEmail('official-password');
      await founder('otps.email.discovery.send', { email_address: email });
      const [code] = await outbox(provider, email);
      await founder('otps.email.discovery.authenticate', { email_address: email, code: code!.code });
      const created = await founder<any>('discovery.organizations.create', { organization_name: 'Password Co', organization_slug: uniqueSlug('password'), session_duration_minutes: 30 });
      const orgId: string = created.organization.organization_id;
      const memberId: string = created.member.member_id;
      await founderPage.context().close();

      // No password yet: the sign-in is refused in the client's error type.
      const page = await browser.open(provider.url);
      const call = client(page);
      assert.equal(
        await refusal(page)('passwords.authenticate', { organization_id: orgId, email_address: email, password: PASSWORD, session_duration_minutes: 30 }),
        'StytchAPIError:unauthorized_credentials',
      );

      // The reset: the client starts it with its PKCE challenge, and completes it with the verifier.
      await call('passwords.resetByEmailStart', { organization_id: orgId, email_address: email, reset_password_redirect_url: redirect });
      const [mail] = await outbox(provider, email);
      const link = new URL(mail!.link!);
      assert.equal(`${link.origin}${link.pathname}`, redirect);
      // What the official reset form reads to enable Continue: the B2B strength shape.
      const strength = await call<any>('passwords.strengthCheck', { password: PASSWORD });
      assert.equal(strength.valid_password, true);
      assert.deepEqual(strength.zxcvbn_feedback, { warning: '', suggestions: [] });
      assert.equal(typeof strength.luds_feedback.missing_characters, 'number');
      assert.equal(link.searchParams.get('stytch_token_type'), 'multi_tenant_passwords');
      const token = link.searchParams.get('token')!;
      const weak = await refusal(page)('passwords.resetByEmail', { password_reset_token: token, password: 'zq7', session_duration_minutes: 30 });
      assert.equal(weak, 'StytchAPIError:weak_password');
      const reset = await call<any>('passwords.resetByEmail', { password_reset_token: token, password: PASSWORD, session_duration_minutes: 30 });
      assert.equal(reset.member_authenticated, true);
      assert.equal(reset.member_id, memberId);
      assert.equal(reset.member_session.authentication_factors[0].type, 'password');
      assert.equal((await page.evaluate(() => (window as any).client.session.getSync())).member_session_id, reset.member_session.member_session_id);
      // The link is spent: a second reset with it is refused.
      assert.match(await refusal(page)('passwords.resetByEmail', { password_reset_token: token, password: `${PASSWORD} again`, session_duration_minutes: 30 }), /^StytchAPIError:/);
      await call('session.revoke');
      assert.equal(await page.evaluate(() => (window as any).client.session.getSync()), null);

      // The password signs in, in a fresh browser; a wrong one does not.
      const other = await browser.open(provider.url);
      assert.equal(
        await refusal(other)('passwords.authenticate', { organization_id: orgId, email_address: email, password: `${PASSWORD}!`, session_duration_minutes: 30 }),
        'StytchAPIError:unauthorized_credentials',
      );
      const signedIn = await client(other)<any>('passwords.authenticate', { organization_id: orgId, email_address: email, password: PASSWORD, session_duration_minutes: 30 });
      assert.equal(signedIn.member_authenticated, true);

      assert.equal(signedIn.member.email_address, email);
      assert.equal(signedIn.organization.organization_id, orgId);
      assert.deepEqual(
        signedIn.member_session.authentication_factors.map((f: any) => f.type),
        ['password'],
      );
      const session = await other.evaluate(() => (window as any).client.session.getSync());
      assert.equal(session.member_session_id, signedIn.member_session.member_session_id);
      const self = await client(other)<any>('self.get');
      assert.equal(self.member_password_id !== '', true, 'the member now has a password');
      await other.context().close();
      await page.context().close();
      // Discovery, as the official client calls it: the password lists the organization; a discovery reset link (its own PKCE pair) sets a new one.
      const lost = await browser.open(provider.url);
      const found = await client(lost)<any>('passwords.discovery.authenticate', { email_address: email, password: PASSWORD });
      assert.deepEqual(
        found.discovered_organizations.map((d: any) => d.organization.organization_id),
        [orgId],
      );
      await client(lost)('passwords.discovery.resetByEmailStart', { email_address: email, reset_password_redirect_url: redirect });
      const [discoveryMail] = await outbox(provider, email);
      const discoveryLink = new URL(discoveryMail!.link!);
      assert.equal(discoveryLink.searchParams.get('stytch_token_type'), 'discovery');
      assert.equal(discoveryLink.searchParams.get('stytch_redirect_type'), 'reset_password');
      const reset2 = await client(lost)<any>('passwords.discovery.resetByEmail', { password_reset_token: discoveryLink.searchParams.get('token'), password: `${PASSWORD} anew` });
      assert.equal(reset2.email_address, email);
      assert.ok(reset2.intermediate_session_token);
      const entered = await client(lost)<any>('discovery.intermediateSessions.exchange', { organization_id: orgId, session_duration_minutes: 30 });
      assert.equal(entered.member_authenticated, true);
      await lost.context().close();
    });

    it('signs in with a password to an organization requiring MFA, and completes it with the SMS code the sign-in sent', async () => {
      const adminPage = await browser.open(provider.url);
      const admin = client(adminPage);
      const email = uniqueEmail('official-sms');
      const phone = uniquePhone();
      await admin('otps.email.discovery.send', { email_address: email });
      const [code] = await outbox(provider, email);
      await admin('otps.email.discovery.authenticate', { email_address: email, code: code!.code });
      const created = await admin<any>('discovery.organizations.create', { organization_name: 'SMS Co', organization_slug: uniqueSlug('sms'), session_duration_minutes: 30 });
      const ref = { organization_id: created.organization.organization_id as string, member_id: created.member.member_id as string };
      await admin('passwords.resetBySession', { organization_id: ref.organization_id, password: PASSWORD });
      await admin('otps.sms.send', { ...ref, mfa_phone_number: phone });
      const [enrol] = await outbox(provider, phone);
      await admin('otps.sms.authenticate', { ...ref, code: enrol!.code, session_duration_minutes: 30 });
      await admin('organization.update', { mfa_policy: 'REQUIRED_FOR_ALL' });
      await adminPage.context().close();

      const page = await browser.open(provider.url);
      const call = client(page);
      const first = await call<any>('passwords.authenticate', { organization_id: ref.organization_id, email_address: email, password: PASSWORD, session_duration_minutes: 30 });
      assert.equal(first.member_authenticated, false);
      assert.equal(first.mfa_required.secondary_auth_initiated, 'sms_otp');
      assert.equal(first.mfa_required.member_options.mfa_phone_number, phone);
      const [sent] = await outbox(provider, phone);
      assert.notEqual(sent!.code, enrol!.code);
      const done = await call<any>('otps.sms.authenticate', { ...ref, code: sent!.code, session_duration_minutes: 30 });
      assert.equal(done.member_authenticated, true);
      assert.deepEqual(
        done.member_session.authentication_factors.map((f: any) => f.type),
        ['password', 'otp'],
      );
      assert.equal((await page.evaluate(() => (window as any).client.session.getSync())).member_session_id, done.member_session.member_session_id);
      await page.context().close();
    });
  });
}
