import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as OTPAuth from 'otpauth';
import { uniqueSlug } from './b2b-harness.ts';
import { apiError, linkToken, ourB2BClient } from './b2b-client-support.ts';
import { fakeIssuer } from './fake-oidc-issuer.ts';
import { idpKey, readAuthnRequest, samlResponse, type IdpKey } from './fake-saml-idp.ts';
import { databases, LOOPBACK_OUTBOUND, outbox, startTestProvider, TestClock, uniqueEmail, type TestProvider } from './harness.ts';

const LOGIN = 'http://app.test/authenticate.html';
const DISCOVERY = 'http://app.test/discovery.html';
const IDP = 'http://idp.test/metadata';
const STEP_MS = 30_000;

/*
 * Referee, second half: a required-MFA policy met with TOTP and with a recovery code, SSO
 * through SAML and OIDC connections, and OAuth (organization and discovery starts, offline
 * consent page), all through our own B2B client against the provider.
 */
for (const kind of databases) {
  describe(`our B2B client: MFA, SSO and OAuth against the provider (${kind})`, () => {
    let provider: TestProvider;
    let key: IdpKey;
    let issuer: Awaited<ReturnType<typeof fakeIssuer>>;
    const clock = new TestClock();
    before(async () => {
      [key, issuer] = await Promise.all([idpKey(), fakeIssuer('our-client', 'our-secret')]);
      provider = await startTestProvider(kind, { outbound: LOOPBACK_OUTBOUND, redirectUrls: [LOGIN, DISCOVERY], sendLimits: { perAddress: 1000, burstPerAddress: 1000, perIp: 10_000 } }, clock);
    });
    after(async () => {
      await provider.destroy();
      await issuer.close();
    });

    const code = async (email: string) => (await outbox(provider, email))[0]!.code!;

    /** An organization created through our client by a founder signed in by discovery passcode. */
    async function organization(settings: Record<string, unknown> = {}) {
      const email = uniqueEmail('founder');
      const { client } = ourB2BClient(provider);
      await client.otps.email.discovery.send({ email_address: email });
      await client.otps.email.discovery.authenticate({ email_address: email, code: await code(email) });
      const created = await client.discovery.organizations.create({ session_duration_minutes: 30, organization_name: 'Acme', organization_slug: uniqueSlug(), ...settings });
      return { email, admin: client, orgId: created.organization.organization_id };
    }

    it('meets a required-MFA policy with an authenticator app, then with a recovery code (once)', async () => {
      const { email, admin, orgId } = await organization();
      await admin.organization.update({ mfa_policy: 'REQUIRED_FOR_ALL' });
      const { client, cookies } = ourB2BClient(provider);

      await client.otps.email.loginOrSignup({ organization_id: orgId, email_address: email });
      const primary = await client.otps.email.authenticate({ organization_id: orgId, email_address: email, code: await code(email), session_duration_minutes: 30 });
      assert.equal(primary.member_authenticated, false);
      assert.equal(cookies.get('stytch_intermediate_session_token'), primary.intermediate_session_token);
      const ids = { organization_id: orgId, member_id: primary.member_id };
      const totp = await client.totp.create(ids);
      assert.equal(totp.recovery_codes.length, 10);
      const app = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(totp.secret), digits: 6, period: 30, algorithm: 'SHA1' });
      const done = await client.totp.authenticate({ ...ids, code: app.generate({ timestamp: clock.now().getTime() }), session_duration_minutes: 30, set_mfa_enrollment: 'enroll' });
      assert.equal(done.member_authenticated, true);
      assert.deepEqual(
        done.member_session?.authentication_factors.map((f) => f.type),
        ['otp', 'totp'],
      );
      assert.equal(cookies.has('stytch_intermediate_session_token'), false);
      assert.equal(client.session.getSync()?.member_session_id, done.member_session?.member_session_id);
      assert.equal((await client.recoveryCodes.get()).recovery_codes.length, 10);
      await client.session.revoke();
      clock.advance(STEP_MS);

      await client.otps.email.loginOrSignup({ organization_id: orgId, email_address: email });
      const again = await client.otps.email.authenticate({ organization_id: orgId, email_address: email, code: await code(email), session_duration_minutes: 30 });
      assert.equal(again.mfa_required?.member_options?.totp_registration_id, totp.totp_registration_id);
      const recovered = await client.recoveryCodes.recover({ ...ids, recovery_code: totp.recovery_codes[0]!, session_duration_minutes: 30 });
      assert.equal(recovered.member_authenticated, true);
      assert.equal(recovered.recovery_codes_remaining, 9);
      assert.ok(recovered.member_session?.authentication_factors.some((f) => f.type === 'recovery_code'));
      await client.session.revoke();

      await client.otps.email.loginOrSignup({ organization_id: orgId, email_address: email });
      await client.otps.email.authenticate({ organization_id: orgId, email_address: email, code: await code(email), session_duration_minutes: 30 });
      const spent = await apiError(client.recoveryCodes.recover({ ...ids, recovery_code: totp.recovery_codes[0]!, session_duration_minutes: 30 }));
      assert.equal(spent.error_type, 'recovery_code_not_found');
      assert.equal(client.session.getSync(), null);
      admin.dispose();
      client.dispose();
    });

    it('signs in through a SAML connection an admin set up with our client', async () => {
      const { admin } = await organization({ sso_jit_provisioning: 'ALL_ALLOWED' });
      const created = await admin.sso.saml.createConnection({ display_name: 'Okta' });
      const id = created.connection.connection_id as string;
      const updated = await admin.sso.saml.updateConnection({
        connection_id: id,
        idp_entity_id: IDP,
        idp_sso_url: 'http://idp.test/sso',
        x509_certificate: key.certificate,
        attribute_mapping: { email: 'email', first_name: 'first', last_name: 'last' },
      });
      const c = updated.connection as { acs_url: string; audience_uri: string; status: string };
      assert.equal(c.status, 'active');
      assert.deepEqual(
        (await admin.sso.getConnections()).saml_connections.map((x) => (x as { connection_id: string }).connection_id),
        [id],
      );

      const { client, navigations } = ourB2BClient(provider);
      await client.sso.start({ connection_id: id, login_redirect_url: LOGIN });
      const started = await fetch(navigations.at(-1)!, { redirect: 'manual' });
      assert.equal(started.status, 302, await started.text());
      const req = readAuthnRequest(started.headers.get('location')!);
      const email = uniqueEmail('saml');
      const response = samlResponse({ issuer: IDP, audience: c.audience_uri, recipient: c.acs_url, inResponseTo: req.id, nameId: email, attributes: { email, first: 'Ada', last: 'Lovelace' }, key });
      const acs = await fetch(c.acs_url, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ SAMLResponse: response, RelayState: req.relayState }),
      });
      assert.equal(acs.status, 303, await acs.text());
      const landing = acs.headers.get('location')!;
      assert.equal(new URL(landing).searchParams.get('stytch_token_type'), 'sso');
      const signedIn = await client.sso.authenticate({ sso_token: linkToken(landing), session_duration_minutes: 30 });
      assert.equal(signedIn.member_authenticated, true);
      assert.equal(signedIn.member.email_address, email);
      assert.equal(client.self.getSync()?.email_address, email);
      assert.equal((await apiError(client.sso.authenticate({ sso_token: linkToken(landing), session_duration_minutes: 30 }))).status_code >= 400, true, 'the SSO token is single-use');
      admin.dispose();
      client.dispose();
    });

    it('signs in through an OIDC connection (the code flow against a local issuer)', async () => {
      const { admin } = await organization({ sso_jit_provisioning: 'ALL_ALLOWED' });
      const created = await admin.sso.oidc.createConnection({ display_name: 'Issuer' });
      const id = created.connection.connection_id as string;
      await admin.sso.oidc.updateConnection({ connection_id: id, issuer: issuer.url, client_id: 'our-client', client_secret: 'our-secret' });
      const email = uniqueEmail('oidc');
      issuer.as({ sub: 'our-oidc-sub', email, name: 'Grace Hopper' });

      const { client, navigations } = ourB2BClient(provider);
      await client.sso.start({ connection_id: id, login_redirect_url: LOGIN });
      const started = await fetch(navigations.at(-1)!, { redirect: 'manual' });
      assert.equal(started.status, 302, await started.text());
      const approved = await fetch(started.headers.get('location')!, { redirect: 'manual' });
      const callback = await fetch(approved.headers.get('location')!, { redirect: 'manual' });
      assert.equal(callback.status, 303, await callback.text());
      const signedIn = await client.sso.authenticate({ sso_token: linkToken(callback.headers.get('location')), session_duration_minutes: 30 });
      assert.equal(signedIn.member.email_address, email);
      assert.equal(signedIn.member_session?.authentication_factors[0]?.delivery_method, 'sso_oidc');
      admin.dispose();
      client.dispose();
    });
    /** What the provider's offline consent page does for a start URL our client navigated to: the app URL it returns to. */
    async function consent(startUrl: string, email: string): Promise<URL> {
      const started = await fetch(startUrl, { redirect: 'manual' });
      assert.equal(started.status, 302, await started.text());
      const page = new URL(started.headers.get('location')!, provider.url);
      const posted = await fetch(`${provider.url}${page.pathname}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ state: page.searchParams.get('state')!, email, name: 'Ada Lovelace', decision: 'allow' }),
      });
      assert.equal(posted.status, 303, await posted.text());
      return new URL(posted.headers.get('location')!);
    }

    it('OAuth: an organization start signs a member in; a discovery start lists the organizations to enter', async () => {
      const { email, admin, orgId } = await organization({ email_jit_provisioning: 'RESTRICTED', email_allowed_domains: ['example.test'] });
      const { client, navigations } = ourB2BClient(provider);
      await client.oauth.slack.start({ organization_id: orgId, login_redirect_url: LOGIN });
      const back = await consent(navigations.at(-1)!, email);
      assert.equal(back.searchParams.get('stytch_token_type'), 'oauth');
      const signedIn = await client.oauth.authenticate({ oauth_token: back.searchParams.get('token')!, session_duration_minutes: 30 });
      assert.equal(signedIn.member_authenticated, true);
      assert.equal(signedIn.provider_type, 'slack');
      assert.equal(client.session.getSync()?.organization_id, orgId);
      await client.session.revoke();

      const newcomer = uniqueEmail('newcomer');
      await client.oauth.github.discovery.start({ discovery_redirect_url: DISCOVERY });
      const found = await consent(navigations.at(-1)!, newcomer);
      assert.equal(`${found.origin}${found.pathname}`, DISCOVERY);
      assert.equal(found.searchParams.get('stytch_token_type'), 'discovery_oauth');
      const discovered = await client.oauth.discovery.authenticate({ discovery_oauth_token: found.searchParams.get('token')! });
      assert.ok(
        discovered.discovered_organizations.some((d) => d.organization.organization_id === orgId),
        "JIT by the organization's email domain",
      );
      const entered = await client.discovery.intermediateSessions.exchange({ organization_id: orgId, session_duration_minutes: 30 });
      assert.equal(entered.member.email_address, newcomer);
      assert.equal(client.self.getSync()?.email_address, newcomer);
      admin.dispose();
      client.dispose();
    });
  });
}
