import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { asMember, createOrganization, uniqueSlug } from './b2b-harness.ts';
import { fakeIssuer } from './fake-oidc-issuer.ts';
import { databases, LOOPBACK_OUTBOUND, sdk, startTestProvider, TEST_TOKEN, uniqueEmail, type TestProvider } from './harness.ts';

const LOGIN = 'http://app.test/authenticate.html';
const DISCOVERY = 'http://app.test/discovery.html';
const manual = (url: string, init: RequestInit = {}) => fetch(url, { ...init, redirect: 'manual' });

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

for (const kind of databases) {
  describe(`B2B OAuth: organization and discovery flows (${kind})`, () => {
    let provider: TestProvider;
    let issuer: Awaited<ReturnType<typeof fakeIssuer>>;
    before(async () => {
      issuer = await fakeIssuer('b2b-google', 'b2b-google-secret');
      // Google through a real code flow against the local issuer; the other four offline, by the consent page.
      provider = await startTestProvider(kind, {
        outbound: LOOPBACK_OUTBOUND,
        redirectUrls: [LOGIN, DISCOVERY],
        oauthClients: { google: { clientId: 'b2b-google', clientSecret: 'b2b-google-secret', issuer: issuer.url } },
        sendLimits: { perAddress: 1000, burstPerAddress: 1000, perIp: 10_000 },
      });
    });
    after(async () => {
      await provider.destroy();
      await issuer.close();
    });

    /** Start → consent page → the form posted as `email`; the app URL the provider returns to. */
    async function consent(startUrl: string, email: string): Promise<URL> {
      const started = await manual(startUrl);
      assert.equal(started.status, 302, await started.text());
      const page = new URL(started.headers.get('location')!, provider.url);
      assert.match(page.pathname, /^\/v1\/public\/oauth\/[a-z]+\/consent$/);
      const html = await (await fetch(page)).text();
      const state = page.searchParams.get('state')!;
      assert.ok(html.includes('name="state"'));
      const posted = await manual(`${provider.url}${page.pathname}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ state, email, name: 'Ada Lovelace', decision: 'allow' }),
      });
      assert.equal(posted.status, 303, await posted.text());
      return new URL(posted.headers.get('location')!);
    }

    const startUrl = (provider_: string, q: Record<string, string>, discovery = false) =>
      `${provider.url}/v1/b2b/public/oauth/${provider_}/${discovery ? 'discovery/' : ''}start?${new URLSearchParams({ public_token: TEST_TOKEN, ...q })}`;

    it('signs a member in to their organization with each of the five providers (offline consent page), by id or slug', async () => {
      const org = await createOrganization(provider, uniqueEmail('admin'), {
        organization_name: 'OAuth Co',
        organization_slug: uniqueSlug(),
        email_jit_provisioning: 'RESTRICTED',
        email_allowed_domains: ['example.test'],
      });
      const orgId = org.organization.organization_id;
      for (const p of ['microsoft', 'hubspot', 'slack', 'github']) {
        const email = uniqueEmail(p);
        const back = await consent(startUrl(p, { organization_id: orgId, login_redirect_url: LOGIN }), email);
        assert.equal(`${back.origin}${back.pathname}`, LOGIN);
        assert.equal(back.searchParams.get('stytch_token_type'), 'oauth');
        const auth = await sdk(provider, 'POST', '/b2b/oauth/authenticate', { oauth_token: back.searchParams.get('token'), session_duration_minutes: 30 });
        assert.equal(auth.status, 200, `${p}: ${auth.text}`);
        const d = auth.json.data;
        assert.equal(d.member_authenticated, true);
        assert.equal(d.organization.organization_id, orgId);
        assert.equal(d.member.email_address, email);
        assert.equal(d.provider_type, p);
        assert.equal(d.member_session.authentication_factors[0].delivery_method, `oauth_${p}`);
        assert.ok(d.member_session.authentication_factors[0][`${p}_oauth_factor`].provider_subject);
        // Single use.
        const again = await sdk(provider, 'POST', '/b2b/oauth/authenticate', { oauth_token: back.searchParams.get('token'), session_duration_minutes: 30 });
        assert.equal(again.status, 404, again.text);
        assert.equal(again.json.error_type, 'oauth_token_not_found');
      }
      const bySlug = await consent(startUrl('slack', { slug: org.organization.organization_slug, login_redirect_url: LOGIN }), org.member.email_address);
      const auth = await sdk(provider, 'POST', '/b2b/oauth/authenticate', { oauth_token: bySlug.searchParams.get('token'), session_duration_minutes: 30 });
      assert.equal(auth.json.data.member.member_id, org.member_id);
    });

    it("runs the real code flow with PKCE when the provider is configured, and binds the token to the caller's PKCE pair", async () => {
      const org = await createOrganization(provider, uniqueEmail('admin'), {
        organization_name: 'Google Co',
        organization_slug: uniqueSlug(),
        email_jit_provisioning: 'RESTRICTED',
        email_allowed_domains: ['example.test'],
      });
      const email = uniqueEmail('google');
      issuer.as({ sub: `g-${email}`, email, name: 'Grace Hopper' });
      const { verifier, challenge } = pkce();
      const started = await manual(startUrl('google', { organization_id: org.organization.organization_id, login_redirect_url: LOGIN, pkce_code_challenge: challenge }));
      assert.equal(started.status, 302, await started.text());
      const authorize = new URL(started.headers.get('location')!);
      assert.equal(authorize.origin, issuer.url);
      assert.equal(authorize.searchParams.get('code_challenge_method'), 'S256');
      assert.notEqual(authorize.searchParams.get('code_challenge'), challenge, 'our own PKCE pair towards the provider');
      const approved = await manual(authorize.toString());
      const callback = await manual(approved.headers.get('location')!);
      assert.equal(callback.status, 303, await callback.text());
      const back = new URL(callback.headers.get('location')!);
      const token = back.searchParams.get('token')!;
      const wrong = await sdk(provider, 'POST', '/b2b/oauth/authenticate', { oauth_token: token, session_duration_minutes: 30, pkce_code_verifier: pkce().verifier });
      assert.equal(wrong.status, 400, wrong.text);
      assert.equal(wrong.json.error_type, 'pkce_mismatch');
      const auth = await sdk(provider, 'POST', '/b2b/oauth/authenticate', { oauth_token: token, session_duration_minutes: 30, pkce_code_verifier: verifier });
      assert.equal(auth.status, 200, auth.text);
      assert.equal(auth.json.data.member.email_address, email);
      assert.equal(auth.json.data.provider_values.access_token, 'upstream-access');
    });

    it("Google One Tap (the official B2B UI's wire): the client id, then a verified credential becomes an oauth token for the organization or for discovery", async () => {
      const started = await sdk(provider, 'GET', '/b2b/oauth/google/onetap/start');
      assert.equal(started.status, 200, started.text);
      assert.equal(started.json.data.google_client_id, 'b2b-google');
      const email = uniqueEmail('onetap');
      const org = await createOrganization(provider, email, { organization_name: 'One Tap Co', organization_slug: uniqueSlug() });
      const credential = await issuer.credential({ sub: 'onetap-sub', email, name: 'Ada' });
      const { verifier, challenge } = pkce();
      const submitted = await sdk(provider, 'POST', '/b2b/oauth/google/onetap/submit', {
        id_token: credential,
        organization_id: org.organization.organization_id,
        login_redirect_url: LOGIN,
        pkce_code_challenge: challenge,
      });
      assert.equal(submitted.status, 200, submitted.text);
      const back = new URL(submitted.json.data.redirect_url);
      assert.equal(`${back.origin}${back.pathname}`, LOGIN);
      assert.equal(back.searchParams.get('stytch_token_type'), 'oauth');
      // The token is bound to the page's proof key.
      const without = await sdk(provider, 'POST', '/b2b/oauth/authenticate', { oauth_token: back.searchParams.get('token'), session_duration_minutes: 30 });
      assert.equal(without.status, 400, without.text);
      const auth = await sdk(provider, 'POST', '/b2b/oauth/authenticate', { oauth_token: back.searchParams.get('token'), session_duration_minutes: 30, pkce_code_verifier: verifier });
      assert.equal(auth.status, 200, auth.text);
      assert.equal(auth.json.data.member.email_address, email);
      assert.equal(auth.json.data.member_session.authentication_factors[0].delivery_method, 'oauth_google');

      const discovery = await sdk(provider, 'POST', '/b2b/oauth/google/onetap/discovery/submit', { id_token: credential, discovery_redirect_url: DISCOVERY });
      assert.equal(discovery.status, 200, discovery.text);
      const found = new URL(discovery.json.data.redirect_url);
      assert.equal(found.searchParams.get('stytch_token_type'), 'discovery_oauth');
      const listed = await sdk(provider, 'POST', '/b2b/oauth/discovery/authenticate', { discovery_oauth_token: found.searchParams.get('token') });
      assert.equal(listed.status, 200, listed.text);
      assert.equal(listed.json.data.email_address, email);
    });

    it('Google One Tap refuses a forged or foreign credential, an unknown organization and a redirect URL the project does not list', async () => {
      const email = uniqueEmail('onetap-bad');
      const org = await createOrganization(provider, email, { organization_name: 'One Tap Bad', organization_slug: uniqueSlug() });
      const other = await fakeIssuer('b2b-google', 'b2b-google-secret');
      try {
        const forged = await sdk(provider, 'POST', '/b2b/oauth/google/onetap/submit', { id_token: await other.credential({ sub: 's', email }), organization_id: org.organization.organization_id });
        assert.equal(forged.status, 401, forged.text);
        assert.equal(forged.json.error_type, 'invalid_id_token');
      } finally {
        await other.close();
      }
      const credential = await issuer.credential({ sub: 's2', email });
      const noOrg = await sdk(provider, 'POST', '/b2b/oauth/google/onetap/submit', { id_token: credential, organization_id: 'organization-test-00000000-0000-4000-8000-000000000000' });
      assert.equal(noOrg.status, 404, noOrg.text);
      const badUrl = await sdk(provider, 'POST', '/b2b/oauth/google/onetap/discovery/submit', { id_token: credential, discovery_redirect_url: 'https://evil.test/x' });
      assert.equal(badUrl.status, 400, badUrl.text);
      const missing = await sdk(provider, 'POST', '/b2b/oauth/google/onetap/submit', { id_token: credential });
      assert.equal(missing.status, 400, missing.text);
    });

    it('discovery: the address the provider vouched for lists its organizations and receives an intermediate session', async () => {
      const email = uniqueEmail('founder');
      const org = await createOrganization(provider, email, { organization_name: 'Discovered', organization_slug: uniqueSlug() });
      const back = await consent(startUrl('github', { discovery_redirect_url: DISCOVERY }, true), email);
      assert.equal(`${back.origin}${back.pathname}`, DISCOVERY);
      assert.equal(back.searchParams.get('stytch_token_type'), 'discovery_oauth');
      // An organization token is no discovery token, nor the reverse.
      const crossed = await sdk(provider, 'POST', '/b2b/oauth/authenticate', { oauth_token: back.searchParams.get('token'), session_duration_minutes: 30 });
      assert.equal(crossed.status, 404, crossed.text);
      const found = await sdk(provider, 'POST', '/b2b/oauth/discovery/authenticate', { discovery_oauth_token: back.searchParams.get('token') });
      assert.equal(found.status, 200, found.text);
      assert.equal(found.json.data.email_address, email);
      assert.ok(found.json.data.intermediate_session_token);
      const mine = found.json.data.discovered_organizations.find((d: { organization: { organization_id: string } }) => d.organization.organization_id === org.organization.organization_id);
      assert.equal(mine.membership.type, 'active_member');
      const entered = await sdk(provider, 'POST', '/b2b/discovery/intermediate_sessions/exchange', {
        intermediate_session_token: found.json.data.intermediate_session_token,
        organization_id: org.organization.organization_id,
        session_duration_minutes: 30,
      });
      assert.equal(entered.status, 200, entered.text);
      assert.equal(entered.json.data.member_session.authentication_factors[0].delivery_method, 'oauth_github');
    });

    it("a person's browser whose sign-in fails goes back to the app with the refusal: an unknown organization, the IdP's error, a spent or unknown state", async () => {
      const html = { headers: { Accept: 'text/html' } };
      const refusal = (res: Response) => {
        assert.equal(res.status, 303);
        const u = new URL(res.headers.get('location')!);
        return { app: `${u.origin}${u.pathname}`, error: u.searchParams.get('error'), description: u.searchParams.get('error_description') };
      };
      // The start names its app: an organization it cannot find is refused there.
      const unknown = refusal(await manual(startUrl('slack', { organization_id: 'organization-test-nope', login_redirect_url: DISCOVERY }), html));
      assert.deepEqual(unknown, { app: DISCOVERY, error: 'organization_not_found', description: 'Organization could not be found.' });
      // A program still gets the API's error shape.
      assert.equal((await manual(startUrl('slack', { organization_id: 'organization-test-nope', login_redirect_url: DISCOVERY }))).status, 404);

      // A configured provider's callback: the IdP's error, then the same state again (spent), then a state nobody issued.
      const org = await createOrganization(provider, uniqueEmail('admin'), { organization_name: 'Back Co', organization_slug: uniqueSlug() });
      const started = await manual(startUrl('google', { organization_id: org.organization.organization_id, login_redirect_url: DISCOVERY }));
      const authorize = new URL(started.headers.get('location')!);
      const callback = new URL(authorize.searchParams.get('redirect_uri')!);
      callback.searchParams.set('state', authorize.searchParams.get('state')!);
      callback.searchParams.set('error', 'access_denied');
      assert.deepEqual(refusal(await manual(callback.href, html)), { app: DISCOVERY, error: 'access_denied', description: 'The provider did not complete the sign-in.' });
      callback.searchParams.delete('error');
      callback.searchParams.set('code', 'any');
      assert.deepEqual(refusal(await manual(callback.href, html)), { app: DISCOVERY, error: 'oauth_state_not_found', description: 'This sign-in has expired or was already completed; start again.' });
      // No app is known for a forged state: the project's default login URL stands in.
      callback.searchParams.set('state', 'forged');
      assert.equal(refusal(await manual(callback.href, html)).app, LOGIN);

      // The consent simulator: a form posted again after the sign-in finished goes back to the app too.
      const first = await manual(startUrl('github', { organization_id: org.organization.organization_id, login_redirect_url: DISCOVERY }));
      const page = new URL(first.headers.get('location')!, provider.url);
      const form = {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
        body: new URLSearchParams({ state: page.searchParams.get('state')!, email: uniqueEmail('twice'), decision: 'allow' }),
      };
      assert.equal((await manual(`${provider.url}${page.pathname}`, form)).status, 303);
      const twice = refusal(await manual(`${provider.url}${page.pathname}`, { ...form, body: new URLSearchParams(form.body) }));
      assert.deepEqual([twice.app, twice.error], [DISCOVERY, 'oauth_state_not_found']);
    });

    it("admits only members and the organization's JIT domains; MFA still applies; bad starts are refused", async () => {
      const org = await createOrganization(provider, uniqueEmail('admin'), { organization_name: 'Closed', organization_slug: uniqueSlug() });
      const orgId = org.organization.organization_id;
      const stranger = await consent(startUrl('microsoft', { organization_id: orgId, login_redirect_url: LOGIN }), 'stranger@elsewhere.test');
      const refused = await sdk(provider, 'POST', '/b2b/oauth/authenticate', { oauth_token: stranger.searchParams.get('token'), session_duration_minutes: 30 });
      assert.equal(refused.status, 403, refused.text);
      assert.equal(refused.json.error_type, 'email_jit_provisioning_not_allowed');
      // Unknown provider, unknown organization, a redirect URL not on the list.
      assert.equal((await manual(startUrl('apple', { organization_id: orgId, login_redirect_url: LOGIN }))).status, 404);
      assert.equal((await manual(startUrl('slack', { organization_id: 'organization-test-nope', login_redirect_url: LOGIN }))).status, 404);
      const badRedirect = await manual(startUrl('slack', { organization_id: orgId, login_redirect_url: 'http://evil.test/' }));
      assert.equal(badRedirect.status, 400);
      assert.equal((await badRedirect.json()).error_type, 'invalid_redirect_url');
      // A member of an organization requiring MFA gets an intermediate session, not a member session.
      assert.equal((await asMember(provider, org.session_token)('PUT', '/b2b/organizations/me', { mfa_policy: 'REQUIRED_FOR_ALL' })).status, 200);
      const member = await consent(startUrl('hubspot', { organization_id: orgId, login_redirect_url: LOGIN }), org.member.email_address);
      const pending = await sdk(provider, 'POST', '/b2b/oauth/authenticate', { oauth_token: member.searchParams.get('token'), session_duration_minutes: 30 });
      assert.equal(pending.status, 200, pending.text);
      assert.equal(pending.json.data.member_authenticated, false);
      assert.equal(pending.json.data.member_session, null);
      assert.ok(pending.json.data.intermediate_session_token);
    });
  });
}
