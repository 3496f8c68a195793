import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { asMember, createOrganization, uniqueSlug } from './b2b-harness.ts';
import { fakeIssuer } from './fake-oidc-issuer.ts';
import { idpKey, readAuthnRequest, samlResponse, type AssertionOptions, type IdpKey } from './fake-saml-idp.ts';
import { databases, LOOPBACK_OUTBOUND, sdk, startTestProvider, TEST_TOKEN, uniqueEmail, type TestProvider } from './harness.ts';

const LOGIN = 'http://app.test/authenticate.html';
const IDP = 'http://idp.test/metadata';
const SECOND = 'http://app.test/second.html';
const CACHE_ENTRIES = 4;
const CACHE_BYTES = 250_000;

for (const kind of databases) {
  describe(`B2B SSO: SAML and OIDC connections (${kind})`, () => {
    let provider: TestProvider;
    let key: IdpKey;
    let rogue: IdpKey;
    let issuer: Awaited<ReturnType<typeof fakeIssuer>>;
    before(async () => {
      [key, rogue, issuer] = await Promise.all([idpKey(), idpKey('Rogue'), fakeIssuer('sso-client', 'sso-secret')]);
      provider = await startTestProvider(kind, {
        // A small cache of fetched documents, so a test can see its bound.
        outbound: { ...LOOPBACK_OUTBOUND, cacheEntries: CACHE_ENTRIES, cacheBytes: CACHE_BYTES },
        redirectUrls: [LOGIN, SECOND],
        sendLimits: { perAddress: 1000, burstPerAddress: 1000, perIp: 10_000 },
      });
    });
    after(async () => {
      await provider.destroy();
      await issuer.close();
    });

    /** An organization with an admin session and an active SAML connection signed by `key`. */
    async function samlOrg(settings: Record<string, unknown> = {}) {
      const org = await createOrganization(provider, uniqueEmail('admin'), { organization_name: 'SAML Co', organization_slug: uniqueSlug(), ...settings });
      const admin = asMember(provider, org.session_token);
      const created = await admin('POST', '/b2b/sso/saml', { display_name: 'Okta' });
      assert.equal(created.status, 200, created.text);
      assert.equal(created.json.data.connection.status, 'pending');
      const id = created.json.data.connection.connection_id as string;
      const updated = await admin('PUT', `/b2b/sso/saml/${id}`, {
        connection_id: id,
        idp_entity_id: IDP,
        idp_sso_url: 'http://idp.test/sso',
        x509_certificate: key.certificate,
        attribute_mapping: { email: 'email', first_name: 'first', last_name: 'last' },
      });
      assert.equal(updated.status, 200, updated.text);
      const c = updated.json.data.connection;
      assert.equal(c.status, 'active');
      assert.equal(c.verification_certificates.length, 1);
      assert.match(c.verification_certificates[0].certificate, /BEGIN CERTIFICATE/);
      return { org, admin, orgId: org.organization.organization_id as string, connection: c as { connection_id: string; acs_url: string; audience_uri: string } };
    }

    /** /v1/public/sso/start → the IdP URL; what the IdP read from the AuthnRequest. */
    async function start(connectionId: string, q: Record<string, string> = {}) {
      const res = await fetch(`${provider.url}/v1/public/sso/start?${new URLSearchParams({ public_token: TEST_TOKEN, connection_id: connectionId, login_redirect_url: LOGIN, ...q })}`, {
        redirect: 'manual',
      });
      assert.equal(res.status, 302, await res.text());
      return res.headers.get('location')!;
    }

    /** The IdP's form post to the ACS URL. */
    const post = (acs: string, response: string, relayState: string) =>
      fetch(acs, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ SAMLResponse: response, RelayState: relayState }),
      });

    /** One SAML round trip; returns the ACS answer. */
    async function samlSignIn(c: { connection_id: string; acs_url: string; audience_uri: string }, email: string, o: Partial<AssertionOptions> = {}) {
      const req = readAuthnRequest(await start(c.connection_id));
      assert.equal(req.acsUrl, c.acs_url);
      assert.equal(req.issuer, c.audience_uri);
      const response = samlResponse({
        issuer: IDP,
        audience: c.audience_uri,
        recipient: c.acs_url,
        inResponseTo: req.id,
        nameId: email,
        attributes: { email, first: 'Ada', last: 'Lovelace' },
        key,
        ...o,
      });
      return { res: await post(c.acs_url, response, req.relayState), response, relayState: req.relayState };
    }

    const tokenOf = (res: Response) => {
      assert.equal(res.status, 303);
      const u = new URL(res.headers.get('location')!);
      assert.equal(u.searchParams.get('stytch_token_type'), 'sso');
      return u.searchParams.get('token')!;
    };

    it('signs a member in through a signed SAML assertion, provisioning them just in time', async () => {
      const { orgId, connection } = await samlOrg();
      const email = uniqueEmail('saml');
      const { res } = await samlSignIn(connection, email);
      const auth = await sdk(provider, 'POST', '/b2b/sso/authenticate', { sso_token: tokenOf(res), session_duration_minutes: 30 });
      assert.equal(auth.status, 200, auth.text);
      const d = auth.json.data;
      assert.equal(d.member_authenticated, true);
      assert.equal(d.organization.organization_id, orgId);
      assert.equal(d.member.email_address, email);
      assert.equal(d.member.name, 'Ada Lovelace');
      assert.equal(d.member.status, 'active');
      assert.deepEqual(
        d.member_session.authentication_factors.map((f: { type: string; delivery_method: string }) => `${f.type}/${f.delivery_method}`),
        ['sso/sso_saml'],
      );
      // The token is single-use.
      const again = await sdk(provider, 'POST', '/b2b/sso/authenticate', { sso_token: tokenOf(res), session_duration_minutes: 30 });
      assert.equal(again.status, 404, again.text);
      assert.equal(again.json.error_type, 'sso_token_not_found');
    });

    it('refuses a bad signature, another audience or recipient, an expired assertion and an unsigned one, each in the error shape', async () => {
      const { connection } = await samlOrg();
      const cases: Array<[Partial<AssertionOptions>, string]> = [
        [{ key: rogue }, 'saml_invalid_signature'],
        [{ tamper: true }, 'saml_invalid_signature'],
        [{ unsigned: true }, 'saml_invalid_signature'],
        [{ audience: 'http://elsewhere.test/sp' }, 'saml_audience_mismatch'],
        [{ recipient: 'http://elsewhere.test/acs' }, 'saml_recipient_mismatch'],
        [{ shiftMs: -20 * 60_000 }, 'saml_assertion_expired'],
        [{ issuer: 'http://rogue.test' }, 'saml_issuer_mismatch'],
        [{ inResponseTo: '_someone-elses-request' }, 'saml_in_response_to_mismatch'],
      ];
      for (const [o, type] of cases) {
        const { res } = await samlSignIn(connection, uniqueEmail('bad'), o);
        const body = await res.json();
        assert.equal(res.status, 400, `${type}: ${JSON.stringify(body)}`);
        assert.equal(body.error_type, type);
        assert.equal(body.status_code, 400);
        assert.ok(body.request_id && body.error_message && body.error_url, JSON.stringify(body));
      }
      // (A person's browser is sent back to the app instead: "a person's browser whose SSO sign-in fails".)
    });

    it('refuses a replayed assertion: the same post in parallel signs in once, and the assertion is refused with a fresh sign-in', async () => {
      const { connection } = await samlOrg();
      const email = uniqueEmail('replay');
      const req = readAuthnRequest(await start(connection.connection_id));
      const response = samlResponse({ issuer: IDP, audience: connection.audience_uri, recipient: connection.acs_url, inResponseTo: req.id, nameId: email, attributes: { email }, key });
      const results = await Promise.all(Array.from({ length: 5 }, () => post(connection.acs_url, response, req.relayState)));
      assert.deepEqual(results.map((r) => r.status).sort(), [303, 400, 400, 400, 400]);
      for (const r of results.filter((x) => x.status === 400)) assert.match((await r.json()).error_type, /^(saml_assertion_replayed|sso_state_not_found)$/);
      // Captured and posted again under a newly started sign-in: the assertion ID is spent.
      const fresh = readAuthnRequest(await start(connection.connection_id));
      const replay = await post(connection.acs_url, response, fresh.relayState);
      assert.equal(replay.status, 400);
      assert.equal((await replay.json()).error_type, 'saml_assertion_replayed');
    });

    it('provisions by SSO only when the organization allows it: NOT_ALLOWED admits existing members only, RESTRICTED names connections', async () => {
      const { admin, orgId, connection, org } = await samlOrg({ sso_jit_provisioning: 'NOT_ALLOWED' });
      const refused = await samlSignIn(connection, uniqueEmail('stranger'));
      assert.equal(refused.res.status, 403);
      assert.equal((await refused.res.json()).error_type, 'sso_jit_provisioning_not_allowed');
      // The admin (an existing member) still signs in.
      const existing = await samlSignIn(connection, org.member.email_address);
      const auth = await sdk(provider, 'POST', '/b2b/sso/authenticate', { sso_token: tokenOf(existing.res), session_duration_minutes: 30 });
      assert.equal(auth.status, 200, auth.text);
      assert.equal(auth.json.data.member.member_id, org.member_id);
      // RESTRICTED: only the connections listed provision.
      assert.equal((await admin('PUT', '/b2b/organizations/me', { sso_jit_provisioning: 'RESTRICTED', sso_jit_provisioning_allowed_connections: [] })).status, 200);
      assert.equal((await samlSignIn(connection, uniqueEmail('stranger'))).res.status, 403);
      assert.equal((await admin('PUT', '/b2b/organizations/me', { sso_jit_provisioning: 'RESTRICTED', sso_jit_provisioning_allowed_connections: [connection.connection_id] })).status, 200);
      const admitted = await samlSignIn(connection, uniqueEmail('welcome'));
      assert.equal(admitted.res.status, 303);
      assert.ok(orgId);
    });

    it('signs no one in by an address an admin retired (issue 49): JIT does not make it a new member', async () => {
      const { admin, connection } = await samlOrg();
      const email = uniqueEmail('retiring');
      const first = await sdk(provider, 'POST', '/b2b/sso/authenticate', { sso_token: tokenOf((await samlSignIn(connection, email)).res), session_duration_minutes: 30 });
      assert.equal(first.status, 200, first.text);
      const moved = await admin('PUT', `/b2b/organizations/members/${first.json.data.member_id}`, { email_address: uniqueEmail('moved') });
      assert.equal(moved.status, 200, moved.text);
      const refused = await samlSignIn(connection, email);
      assert.equal(refused.res.status, 409);
      assert.equal((await refused.res.json()).error_type, 'retired_member_email');
    });

    it("a person's browser whose SSO sign-in fails goes back to the app with the refusal: an inactive connection, a refused assertion, a stranger, a spent or forged state", async () => {
      const html = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' };
      const refusal = (res: Response) => {
        assert.equal(res.status, 303);
        const u = new URL(res.headers.get('location')!);
        return { app: `${u.origin}${u.pathname}`, error: u.searchParams.get('error') };
      };
      const { admin, connection, org } = await samlOrg({ sso_jit_provisioning: 'NOT_ALLOWED' });
      // A connection not configured yet: the start names its app, and is refused there.
      const pending = (await admin('POST', '/b2b/sso/oidc', { display_name: 'Pending' })).json.data.connection.connection_id as string;
      const startOf = (id: string) => `${provider.url}/v1/public/sso/start?${new URLSearchParams({ public_token: TEST_TOKEN, connection_id: id, login_redirect_url: SECOND })}`;
      assert.deepEqual(refusal(await fetch(startOf(pending), { redirect: 'manual', headers: html })), { app: SECOND, error: 'sso_connection_not_active' });
      assert.deepEqual(refusal(await fetch(startOf('saml-connection-test-nope'), { redirect: 'manual', headers: html })), { app: SECOND, error: 'connection_not_found' });

      const acs = async (email: string, o: Partial<AssertionOptions> = {}) => {
        const req = readAuthnRequest(await start(connection.connection_id, { login_redirect_url: SECOND }));
        const response = samlResponse({ issuer: IDP, audience: connection.audience_uri, recipient: connection.acs_url, inResponseTo: req.id, nameId: email, attributes: { email }, key, ...o });
        const body = () => new URLSearchParams({ SAMLResponse: response, RelayState: req.relayState });
        return {
          first: await fetch(connection.acs_url, { method: 'POST', redirect: 'manual', headers: html, body: body() }),
          again: () => fetch(connection.acs_url, { method: 'POST', redirect: 'manual', headers: html, body: body() }),
        };
      };
      // The IdP's assertion refused, and an address the organization does not provision.
      assert.deepEqual(refusal((await acs(uniqueEmail('rogue'), { key: rogue })).first), { app: SECOND, error: 'saml_invalid_signature' });
      assert.deepEqual(refusal((await acs(uniqueEmail('stranger'))).first), { app: SECOND, error: 'sso_jit_provisioning_not_allowed' });
      // The member signs in; the same post again (its state spent) still finds its app.
      const done = await acs(org.member.email_address);
      assert.equal(new URL(done.first.headers.get('location')!).searchParams.get('stytch_token_type'), 'sso');
      assert.deepEqual(refusal(await done.again()), { app: SECOND, error: 'sso_state_not_found' });
      // A state nobody issued names no app: the project's default login URL stands in.
      const forged = await fetch(connection.acs_url, { method: 'POST', redirect: 'manual', headers: html, body: new URLSearchParams({ SAMLResponse: 'x', RelayState: 'forged' }) });
      assert.deepEqual(refusal(forged), { app: LOGIN, error: 'sso_state_not_found' });
    });

    it('asks for MFA after SSO when the organization requires it', async () => {
      const { admin, connection } = await samlOrg();
      assert.equal((await admin('PUT', '/b2b/organizations/me', { mfa_policy: 'REQUIRED_FOR_ALL' })).status, 200);
      const { res } = await samlSignIn(connection, uniqueEmail('mfa'));
      const auth = await sdk(provider, 'POST', '/b2b/sso/authenticate', { sso_token: tokenOf(res), session_duration_minutes: 30 });
      assert.equal(auth.status, 200, auth.text);
      assert.equal(auth.json.data.member_authenticated, false);
      assert.equal(auth.json.data.member_session, null);
      assert.ok(auth.json.data.intermediate_session_token);
    });

    it('signs in through an OIDC connection (code flow with PKCE against the issuer); PKCE binds the SSO token', async () => {
      const org = await createOrganization(provider, uniqueEmail('admin'), { organization_name: 'OIDC Co', organization_slug: uniqueSlug() });
      const admin = asMember(provider, org.session_token);
      const created = await admin('POST', '/b2b/sso/oidc', { display_name: 'Issuer' });
      assert.equal(created.status, 200, created.text);
      const id = created.json.data.connection.connection_id;
      const updated = await admin('PUT', `/b2b/sso/oidc/${id}`, { connection_id: id, issuer: issuer.url, client_id: 'sso-client', client_secret: 'sso-secret' });
      assert.equal(updated.status, 200, updated.text);
      assert.equal(updated.json.data.connection.status, 'active');
      assert.equal(updated.json.data.connection.client_secret, '', 'the secret is never sent back');
      const listed = await admin('GET', '/b2b/sso');
      assert.deepEqual(
        listed.json.data.oidc_connections.map((c: { connection_id: string }) => c.connection_id),
        [id],
      );
      // The organization object lists it among its active connections, as the official UI reads them.
      const orgNow = await admin('GET', '/b2b/organizations/me');
      assert.deepEqual(orgNow.json.data.organization.sso_active_connections, [{ connection_id: id, display_name: 'Issuer', identity_provider: 'generic' }]);

      const email = uniqueEmail('oidc');
      issuer.as({ sub: 'oidc-sub-1', email, name: 'Grace Hopper' });
      const verifier = 'v'.repeat(43);
      const challenge = (await import('node:crypto')).createHash('sha256').update(verifier).digest('base64url');
      const authorize = new URL(await start(id, { pkce_code_challenge: challenge }));
      assert.equal(authorize.origin, issuer.url);
      assert.equal(authorize.searchParams.get('client_id'), 'sso-client');
      assert.equal(authorize.searchParams.get('code_challenge_method'), 'S256');
      const approved = await fetch(authorize, { redirect: 'manual' });
      const callback = await fetch(approved.headers.get('location')!, { redirect: 'manual' });
      const token = tokenOf(callback);
      const noVerifier = await sdk(provider, 'POST', '/b2b/sso/authenticate', { sso_token: token, session_duration_minutes: 30 });
      assert.equal(noVerifier.status, 400, noVerifier.text);
      const auth = await sdk(provider, 'POST', '/b2b/sso/authenticate', { sso_token: token, session_duration_minutes: 30, pkce_code_verifier: verifier });
      assert.equal(auth.status, 200, auth.text);
      assert.equal(auth.json.data.member.email_address, email);
      assert.equal(auth.json.data.member_session.authentication_factors[0].delivery_method, 'sso_oidc');
      // The state is single-use: the callback replayed is refused.
      const replay = await fetch(approved.headers.get('location')!, { redirect: 'manual' });
      assert.equal(replay.status, 400);
      assert.equal((await replay.json()).error_type, 'sso_state_not_found');
      // Deleted, it leaves the organization's active connections.
      assert.equal((await admin('DELETE', `/b2b/sso/${id}`)).status, 200);
      assert.deepEqual((await admin('GET', '/b2b/organizations/me')).json.data.organization.sso_active_connections, []);
    });

    it('keeps fetched discovery documents bounded while an admin changes the issuer before each SSO start (issue 51)', async () => {
      // Issuers at /<n> of one server; from the seventh on, each document is padded to 100 KB (the run saw 0.85 MB each).
      const padding = 'x'.repeat(100_000);
      const many = createServer((req, res) => {
        const m = /^\/(\d+)\/\.well-known\/openid-configuration$/.exec(req.url ?? '');
        if (!m) return res.writeHead(404).end();
        const iss = `${base}/${m[1]}`;
        res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ issuer: iss, authorization_endpoint: `${iss}/authorize`, token_endpoint: `${iss}/token`, jwks_uri: `${iss}/jwks`, ...(Number(m[1]) >= 6 ? { padding } : {}) }));
      });
      await new Promise<void>((ok) => many.listen(0, '127.0.0.1', ok));
      const base = `http://127.0.0.1:${(many.address() as AddressInfo).port}`;
      try {
        const org = await createOrganization(provider, uniqueEmail('admin'), { organization_name: 'Churn Co', organization_slug: uniqueSlug() });
        const admin = asMember(provider, org.session_token);
        const id = (await admin('POST', '/b2b/sso/oidc', { display_name: 'Churn' })).json.data.connection.connection_id as string;
        const sizes: number[] = [];
        for (let n = 0; n < 12; n++) {
          const updated = await admin('PUT', `/b2b/sso/oidc/${id}`, { connection_id: id, issuer: `${base}/${n}`, client_id: 'c', client_secret: 's' });
          assert.equal(updated.status, 200, updated.text);
          assert.equal(new URL(await start(id)).href.startsWith(`${base}/${n}/authorize?`), true);
          sizes.push(provider.outsideCache.size);
          assert.ok(provider.outsideCache.bytes <= CACHE_BYTES, `${provider.outsideCache.bytes} bytes kept`);
        }
        // At most four documents, then at most 250 KB (two of 100 KB), the least recently used going first.
        // (Earlier tests of this provider may have left documents of their own in it.)
        assert.deepEqual(sizes.slice(3), [4, 4, 4, 4, 4, 2, 2, 2, 2]);
      } finally {
        await new Promise((ok) => many.close(ok));
      }
    });

    it('gives the roles of a SAML connection and of the groups its assertion names; a rule an admin removes is taken at once; an unknown role is refused', async () => {
      const { admin, connection } = await samlOrg();
      const id = connection.connection_id;
      const put = (rules: Record<string, unknown>) => admin('PUT', `/b2b/sso/saml/${id}`, { connection_id: id, ...rules });
      const bad = await put({ saml_group_implicit_role_assignments: [{ group: 'eng', role_id: 'owner' }] });
      assert.equal(bad.status, 400, bad.text);
      assert.equal(bad.json.error_type, 'invalid_role');
      const set = await put({
        saml_connection_implicit_role_assignments: [{ role_id: 'stytch_admin' }],
        saml_group_implicit_role_assignments: [
          { group: 'eng', role_id: 'stytch_admin' },
          { group: 'ops', role_id: 'stytch_admin' },
        ],
      });
      assert.equal(set.status, 200, set.text);
      assert.deepEqual(set.json.data.connection.saml_connection_implicit_role_assignments, [{ role_id: 'stytch_admin' }]);
      assert.equal(set.json.data.connection.saml_group_implicit_role_assignments.length, 2);

      // The IdP names two groups, one of them with a rule.
      const email = uniqueEmail('saml-roles');
      const { res } = await samlSignIn(connection, email, { attributes: { email, groups: ['eng', 'sales'] } });
      const auth = await sdk(provider, 'POST', '/b2b/sso/authenticate', { sso_token: tokenOf(res), session_duration_minutes: 30 });
      assert.equal(auth.status, 200, auth.text);
      type Roles = { roles: Array<{ role_id: string; sources: Array<{ type: string; details: { group?: string } }> }> };
      const sources = (m: Roles) =>
        m.roles
          .find((r) => r.role_id === 'stytch_admin')
          ?.sources.map((x) => `${x.type}${x.details.group ? `:${x.details.group}` : ''}`)
          .sort();
      assert.deepEqual(sources(auth.json.data.member), ['sso_connection', 'sso_connection_group:eng']);
      assert.ok(auth.json.data.member_session.roles.includes('stytch_admin'));

      // Removed rules are taken from the member at once, without a new sign-in.
      const me = asMember(provider, auth.json.data.session_token);
      assert.equal((await put({ saml_group_implicit_role_assignments: [{ group: 'ops', role_id: 'stytch_admin' }] })).status, 200);
      assert.deepEqual(sources((await me('GET', '/b2b/organizations/members/me')).json.data.member), ['sso_connection']);
      assert.equal((await put({ saml_connection_implicit_role_assignments: [] })).status, 200);
      const after = await me('GET', '/b2b/organizations/members/me');
      assert.equal(after.status, 200, after.text);
      assert.equal(sources(after.json.data.member), undefined);
    });

    it('deleting a SAML connection takes from its members the roles it gave them', async () => {
      const { admin, connection } = await samlOrg();
      const id = connection.connection_id;
      const rules = { saml_connection_implicit_role_assignments: [{ role_id: 'stytch_admin' }], saml_group_implicit_role_assignments: [{ group: 'eng', role_id: 'stytch_admin' }] };
      assert.equal((await admin('PUT', `/b2b/sso/saml/${id}`, { connection_id: id, ...rules })).status, 200);
      const email = uniqueEmail('saml-deleted-roles');
      const { res } = await samlSignIn(connection, email, { attributes: { email, groups: ['eng'] } });
      const auth = await sdk(provider, 'POST', '/b2b/sso/authenticate', { sso_token: tokenOf(res), session_duration_minutes: 30 });
      assert.equal(auth.status, 200, auth.text);
      const me = asMember(provider, auth.json.data.session_token);
      const roles = async () => ((await me('GET', '/b2b/organizations/members/me')).json.data.member.roles as Array<{ role_id: string }>).map((r) => r.role_id).sort();
      assert.deepEqual(await roles(), ['stytch_admin', 'stytch_member']);
      const deleted = await admin('DELETE', `/b2b/sso/${id}`);
      assert.equal(deleted.status, 200, deleted.text);
      assert.deepEqual(await roles(), ['stytch_member']);
    });

    it("takes the IdP's certificate as the official portal's one-line field sends it (its line breaks gone or spaces) or as a bare base64 body, and signs in by it", async () => {
      const org = await createOrganization(provider, uniqueEmail('admin'), { organization_name: 'Pasted Co', organization_slug: uniqueSlug() });
      const admin = asMember(provider, org.session_token);
      const id = (await admin('POST', '/b2b/sso/saml', { display_name: 'Okta' })).json.data.connection.connection_id as string;
      const body = key.certificate.replace(/-----[^-]+-----|\s+/g, '');
      const pasted = [key.certificate.replace(/\r?\n/g, ''), key.certificate.replace(/\r?\n/g, ' '), body];
      for (const x509_certificate of pasted) {
        const updated = await admin('PUT', `/b2b/sso/saml/${id}`, { connection_id: id, idp_entity_id: IDP, idp_sso_url: 'http://idp.test/sso', x509_certificate });
        assert.equal(updated.status, 200, updated.text);
        const [held] = updated.json.data.connection.verification_certificates;
        assert.equal(held.certificate, key.certificate.trim().replace(/\r\n/g, '\n'));
      }
      const connection = (await admin('GET', '/b2b/sso')).json.data.saml_connections[0];
      assert.equal(connection.status, 'active');
      const { res } = await samlSignIn(connection, uniqueEmail('pasted'));
      const auth = await sdk(provider, 'POST', '/b2b/sso/authenticate', { sso_token: tokenOf(res), session_duration_minutes: 30 });
      assert.equal(auth.status, 200, auth.text);
    });

    it('keeps connections to their organization and their admins', async () => {
      const a = await samlOrg();
      const b = await createOrganization(provider, uniqueEmail('b'), { organization_name: 'B', organization_slug: uniqueSlug() });
      const adminB = asMember(provider, b.session_token);
      const id = a.connection.connection_id;
      const update = await adminB('PUT', `/b2b/sso/saml/${id}`, { connection_id: id, x509_certificate: rogue.certificate });
      assert.equal(update.status, 404, update.text);
      assert.equal(update.json.error_type, 'connection_not_found');
      assert.equal((await adminB('DELETE', `/b2b/sso/${id}`)).status, 404);
      assert.deepEqual((await adminB('GET', '/b2b/sso')).json.data.saml_connections, []);
      // A certificate that is no certificate is refused.
      const bad = await a.admin('PUT', `/b2b/sso/saml/${id}`, { connection_id: id, x509_certificate: 'not a certificate' });
      assert.equal(bad.status, 400, bad.text);
      assert.equal(bad.json.error_type, 'invalid_x509_certificate');
      // SSO discovery lists an address's organizations' active connections, and nobody else's.
      const found = await sdk(provider, 'GET', `/b2b/sso/discovery/connections?email_address=${encodeURIComponent(a.org.member.email_address)}`);
      assert.equal(found.status, 200, found.text);
      assert.deepEqual(found.json.data.connections, [{ connection_id: id, display_name: 'Okta', identity_provider: 'generic' }]);
      const none = await sdk(provider, 'GET', `/b2b/sso/discovery/connections?email_address=${encodeURIComponent(b.member.email_address)}`);
      assert.deepEqual(none.json.data.connections, []);
      // The audience URI serves the SP metadata an IdP imports.
      const metadata = await fetch(a.connection.audience_uri);
      assert.equal(metadata.status, 200);
      const xml = await metadata.text();
      assert.ok(xml.includes(`entityID="${a.connection.audience_uri}"`), xml);
      assert.ok(xml.includes(`Location="${a.connection.acs_url}"`), xml);
      // Without a session: refused.
      assert.equal((await sdk(provider, 'POST', '/b2b/sso/saml', {})).status, 401);
    });
  });
}
