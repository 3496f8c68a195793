import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { uniqueSlug } from './b2b-harness.ts';
import { attachOfficialB2BClient, startOfficialB2BBrowser, type OfficialB2BBrowser } from './b2b-official-client.ts';
import { fakeIssuer } from './fake-oidc-issuer.ts';
import { idpKey, startSamlIdp, type IdpKey } from './fake-saml-idp.ts';
import { databases, LOOPBACK_OUTBOUND, outbox, startTestProvider, TEST_ORIGIN, uniqueEmail, type TestProvider } from './harness.ts';

/*
 * The official B2B headless client, unchanged, meets a required-MFA policy and completes it
 * with an authenticator app and with a recovery code, and signs in through SSO against a
 * local OIDC issuer and a local SAML IdP, all against our provider.
 */

const client =
  (page: Page) =>
  <T>(fn: string, arg?: unknown): Promise<T> =>
    page.evaluate(([f, a]) => new Function('client', 'arg', `return client.${f}(arg)`)((window as any).client, a), [fn, arg] as const) as Promise<T>;

for (const kind of databases) {
  describe(`the official B2B headless client: MFA, SSO and OAuth against our provider (${kind})`, () => {
    let provider: TestProvider;
    let browser: OfficialB2BBrowser;
    let redirect: string;
    let issuer: Awaited<ReturnType<typeof fakeIssuer>>;
    let idp: Awaited<ReturnType<typeof startSamlIdp>>;
    let key: IdpKey;
    before(async () => {
      browser = await startOfficialB2BBrowser();
      redirect = `${browser.origin}/authenticate`;
      issuer = await fakeIssuer('official-sso-client', 'official-sso-secret');
      key = await idpKey();
      idp = await startSamlIdp(key);
      provider = await startTestProvider(kind, {
        outbound: LOOPBACK_OUTBOUND,
        authorizedOrigins: [TEST_ORIGIN, browser.origin],
        redirectUrls: [redirect],
        sendLimits: { perAddress: 1000, burstPerAddress: 1000, perIp: 10_000 },
      });
    });
    after(async () => {
      await browser.close();
      await issuer.close();
      await idp.close();
      await provider.destroy();
    });

    /** A founder creates an organization through discovery, as its admin; the page stays signed in. */
    async function founded(settings: Record<string, unknown> = {}) {
      const page = await browser.open(provider.url);
      const call = client(page);
      const email = uniqueEmail('official-admin');
      await call('otps.email.discovery.send', { email_address: email });
      const [message] = await outbox(provider, email);
      await call('otps.email.discovery.authenticate', { email_address: email, code: message!.code });
      const created = await call<any>('discovery.organizations.create', {
        organization_name: 'Official MFA Co',
        organization_slug: uniqueSlug('official'),
        session_duration_minutes: 30,
        email_jit_provisioning: 'RESTRICTED',
        email_allowed_domains: ['example.test'],
        ...settings,
      });
      assert.equal(created.member_authenticated, true);
      return { page, call, orgId: created.organization.organization_id as string };
    }

    /** A member's primary sign-in by organization email passcode, through the client. */
    async function primary(page: Page, orgId: string, email: string) {
      const call = client(page);
      await call('otps.email.loginOrSignup', { organization_id: orgId, email_address: email });
      const [message] = await outbox(provider, email);
      return call<any>('otps.email.authenticate', { organization_id: orgId, email_address: email, code: message!.code, session_duration_minutes: 30 });
    }

    it('meets a required-MFA policy and completes it with an authenticator app, then with a recovery code', async () => {
      const admin = await founded();
      await admin.call('organization.update', { mfa_policy: 'REQUIRED_FOR_ALL' });
      await admin.page.context().close();

      const page = await browser.open(provider.url);
      const call = client(page);
      const email = uniqueEmail('official-mfa');
      const first = await primary(page, admin.orgId, email);
      assert.equal(first.member_authenticated, false);
      assert.equal(first.member_session, null);
      assert.deepEqual(first.mfa_required, { member_options: null, secondary_auth_initiated: null });
      assert.equal(await page.evaluate(() => (window as any).client.session.getSync()), null);
      // Enrolment and the first code, the intermediate session sent by the client itself.
      const totp = await call<any>('totp.create', { organization_id: admin.orgId, member_id: first.member_id });
      assert.equal(totp.recovery_codes.length, 10);
      const app = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(totp.secret), digits: 6, period: 30, algorithm: 'SHA1' });
      const done = await call<any>('totp.authenticate', { organization_id: admin.orgId, member_id: first.member_id, code: app.generate(), session_duration_minutes: 30 });
      assert.equal(done.member_session.member_id, first.member_id);
      assert.deepEqual(
        done.member_session.authentication_factors.map((f: any) => f.type),
        ['otp', 'totp'],
      );
      const session = await page.evaluate(() => (window as any).client.session.getSync());
      assert.equal(session.member_session_id, done.member_session.member_session_id);
      // The member reads their codes with the session.
      const codes = await call<any>('recoveryCodes.get');
      assert.deepEqual([...codes.recovery_codes].sort(), [...totp.recovery_codes].sort());
      await call('session.revoke');

      // Next time: the options name the authenticator; the member uses a recovery code instead.
      const again = await primary(page, admin.orgId, email);
      assert.equal(again.member_authenticated, false);
      assert.equal(again.mfa_required.member_options.totp_registration_id, totp.totp_registration_id);
      const recovered = await call<any>('recoveryCodes.recover', { organization_id: admin.orgId, member_id: first.member_id, recovery_code: totp.recovery_codes[0], session_duration_minutes: 30 });
      assert.equal(recovered.recovery_codes_remaining, 9);
      assert.deepEqual(
        recovered.member_session.authentication_factors.map((f: any) => f.type),
        ['otp', 'recovery_code'],
      );
      assert.ok(await page.evaluate(() => (window as any).client.session.getSync()));
      const rotated = await call<any>('recoveryCodes.rotate');
      assert.equal(rotated.recovery_codes.length, 10);
      // A used code is refused in the client's error type.
      await call('session.revoke');
      await primary(page, admin.orgId, email);
      const refused = await page.evaluate(
        ([org, member, code]) =>
          (window as any).client.recoveryCodes.recover({ organization_id: org, member_id: member, recovery_code: code, session_duration_minutes: 30 }).then(
            () => 'accepted',
            (e: any) => `${e.name}:${e.error_type}`,
          ),
        [admin.orgId, first.member_id, totp.recovery_codes[0]] as const,
      );
      assert.equal(refused, 'StytchAPIError:recovery_code_not_found');
      await page.context().close();
    });

    /** sso.start navigates the page through the IdP back to the app; the client is added again there. */
    async function ssoRoundTrip(page: Page, connectionId: string) {
      const back = page.waitForURL((u) => u.searchParams.get('stytch_token_type') === 'sso');
      await page.evaluate(([id, url]) => void (window as any).client.sso.start({ connection_id: id, login_redirect_url: url, signup_redirect_url: url }), [connectionId, redirect] as const);
      await back;
      await attachOfficialB2BClient(page, provider.url);
      const token = new URL(page.url()).searchParams.get('token')!;
      return client(page)<any>('sso.authenticate', { sso_token: token, session_duration_minutes: 30 });
    }

    it('an admin configures an OIDC connection with the client, and a member signs in through it', async () => {
      const admin = await founded();
      const created = await admin.call<any>('sso.oidc.createConnection', { display_name: 'Local issuer' });
      const id = created.connection.connection_id;
      const updated = await admin.call<any>('sso.oidc.updateConnection', { connection_id: id, issuer: issuer.url, client_id: 'official-sso-client', client_secret: 'official-sso-secret' });
      assert.equal(updated.connection.status, 'active');
      const listed = await admin.call<any>('sso.getConnections');
      assert.equal(listed.oidc_connections[0].connection_id, id);
      await admin.page.context().close();

      const page = await browser.open(provider.url);
      const email = uniqueEmail('official-oidc');
      issuer.as({ sub: `sub-${email}`, email, name: 'Grace Hopper' });
      const auth = await ssoRoundTrip(page, id);
      assert.equal(auth.member_authenticated, true);
      assert.equal(auth.member.email_address, email);
      assert.equal(auth.member_session.authentication_factors[0].delivery_method, 'sso_oidc');
      assert.equal((await page.evaluate(() => (window as any).client.session.getSync())).member_session_id, auth.member_session.member_session_id);
      await page.context().close();
    });

    it('an admin configures a SAML connection with the client, and a member signs in through a signed assertion of the IdP', async () => {
      const admin = await founded();
      const created = await admin.call<any>('sso.saml.createConnection', { display_name: 'Local IdP' });
      const id = created.connection.connection_id;
      const updated = await admin.call<any>('sso.saml.updateConnection', { connection_id: id, idp_entity_id: idp.entityId, idp_sso_url: idp.ssoUrl, x509_certificate: key.certificate });
      assert.equal(updated.connection.status, 'active');
      await admin.page.context().close();

      const page = await browser.open(provider.url);
      const email = uniqueEmail('official-saml');
      idp.as({ email, first: 'Ada', last: 'Lovelace' });
      const auth = await ssoRoundTrip(page, id);
      assert.equal(auth.member_authenticated, true);
      assert.equal(auth.member.email_address, email);
      assert.equal(auth.member.name, 'Ada Lovelace');
      assert.equal(auth.member_session.authentication_factors[0].delivery_method, 'sso_saml');
      await page.context().close();
    });

    it('signs a member in with B2B OAuth through the offline consent page, and discovers by OAuth', async () => {
      const admin = await founded();
      await admin.page.context().close();
      const page = await browser.open(provider.url);
      const email = uniqueEmail('official-oauth');
      // The organization's domain admits the address; the consent page stands in for Slack.
      await page.evaluate(([org, url]) => void (window as any).client.oauth.slack.start({ organization_id: org, login_redirect_url: url, signup_redirect_url: url }), [admin.orgId, redirect] as const);
      await page.waitForURL((u) => u.pathname.endsWith('/v1/public/oauth/slack/consent'));
      await page.fill('#email', email);
      const back = page.waitForURL((u) => u.searchParams.get('stytch_token_type') === 'oauth');
      await page.click('button.primary');
      await back;
      await attachOfficialB2BClient(page, provider.url);
      const auth = await client(page)<any>('oauth.authenticate', { oauth_token: new URL(page.url()).searchParams.get('token'), session_duration_minutes: 30 });
      assert.equal(auth.member_authenticated, true);
      assert.equal(auth.member.email_address, email);
      assert.equal(auth.member_session.authentication_factors[0].delivery_method, 'oauth_slack');
      assert.ok(await page.evaluate(() => (window as any).client.session.getSync()));
      // Discovery by GitHub: the same address finds its organization.
      await page.evaluate((url) => void (window as any).client.oauth.github.discovery.start({ discovery_redirect_url: url }), redirect);
      await page.waitForURL((u) => u.pathname.endsWith('/v1/public/oauth/github/consent'));
      await page.fill('#email', email);
      const found = page.waitForURL((u) => u.searchParams.get('stytch_token_type') === 'discovery_oauth');
      await page.click('button.primary');
      await found;
      await attachOfficialB2BClient(page, provider.url);
      const discovered = await client(page)<any>('oauth.discovery.authenticate', { discovery_oauth_token: new URL(page.url()).searchParams.get('token') });
      assert.equal(discovered.email_address, email);
      assert.ok(discovered.discovered_organizations.some((d: any) => d.organization.organization_id === admin.orgId));
      await page.context().close();
    });
  });
}
