import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { trustedIssuer, type TrustedIssuer } from '../support/trusted-issuer.ts';
import { databases, LOOPBACK_OUTBOUND, sdk, signInByEmailOtp, TestClock, uniqueEmail, withSession } from './harness.ts';
import { startServerApi, stytchError, type ServerApiSetup } from './server-api-harness.ts';

/*
 * Trusted auth tokens: a site whose users sign in with another system exchanges that system's
 * JWT for a session (`sessions.attest`), through the official Node SDK and the browser route.
 * The other system's key is served as a JWKS on loopback or given to the profile as PEM.
 */

const ISSUER = 'https://login.partner.test';
const AUDIENCE = 'our-site';

for (const kind of databases) {
  describe(`sessions.attest: trusted auth tokens (${kind})`, () => {
    const clock = new TestClock();
    let api: ServerApiSetup;
    let issuer: TrustedIssuer;
    let stranger: TrustedIssuer;
    let jwks: Awaited<ReturnType<TrustedIssuer['serveJwks']>>;
    let tokenCounter = 0;

    before(async () => {
      issuer = await trustedIssuer();
      stranger = await trustedIssuer();
      jwks = await issuer.serveJwks();
      const common = { issuer: ISSUER, audience: AUDIENCE };
      api = await startServerApi(
        kind,
        {
          outbound: LOOPBACK_OUTBOUND,
          trustedAuthTokenProfiles: [
            { profile_id: 'jwks-profile', ...common, jwks_url: jwks.url, attribute_mapping: { email: 'email', token_id: 'jti' }, can_jit_provision: true },
            { profile_id: 'pem-profile', ...common, pem_files: [issuer.pem], attribute_mapping: { email: 'email' } },
            { profile_id: 'es-only', ...common, pem_files: [issuer.pem], attribute_mapping: { email: 'email' }, algorithms: ['ES256'] },
            { profile_id: 'inside', ...common, jwks_url: 'http://10.1.2.3/jwks.json', attribute_mapping: { email: 'email' }, can_jit_provision: true },
            { profile_id: 'b2b-profile', ...common, pem_files: [issuer.pem], attribute_mapping: { email: 'email', organization_id: 'org', token_id: 'jti' }, can_jit_provision: true },
          ],
        },
        clock,
      );
    });
    after(async () => {
      await api.provider.destroy();
      await jwks.close();
    });

    /** A token of `by` (the issuer unless said) for `email`, with a fresh jti, on the provider's clock; `org` as its organization claim. */
    const token = (email: string, o: { by?: TrustedIssuer; issuer?: string; audience?: string; ttlSeconds?: number; jti?: string; org?: string } = {}) =>
      (o.by ?? issuer).sign(
        { email, jti: o.jti ?? `jti-${kind}-${++tokenCounter}`, ...(o.org ? { org: o.org } : {}) },
        { issuer: o.issuer ?? ISSUER, audience: o.audience ?? AUDIENCE, now: clock.now(), ttlSeconds: o.ttlSeconds },
      );

    /** A new organization, made by the site's backend. */
    const organization = async () =>
      (await api.b2b.organizations.create({ organization_name: 'Attest Co', organization_slug: `attest-${kind}-${++tokenCounter}-${Date.now()}` })).organization.organization_id;

    it('a new user (the profile may provision): the official SDK gets a session whose factor is the trusted token, and the session authenticates', async () => {
      const email = uniqueEmail('attest-new');
      const res = await api.client.sessions.attest({ profile_id: 'jwks-profile', token: await token(email, { jti: `new-${kind}` }), session_duration_minutes: 60 });
      assert.equal(res.status_code, 200);
      assert.equal(res.user.emails[0]!.email, email);
      assert.equal(res.user_id, res.user.user_id);
      assert.ok(res.session);
      const factor = res.session.authentication_factors[0]!;
      assert.equal(factor.type, 'trusted_auth_token');
      assert.equal(factor.delivery_method, 'trusted_token_exchange');
      assert.deepEqual(factor.trusted_auth_token_factor, { token_id: `new-${kind}` });
      const again = await api.client.sessions.authenticate({ session_token: res.session_token });
      assert.equal(again.user.user_id, res.user_id);
      assert.ok(jwks.fetches() >= 1, 'the provider read the JWKS');
    });

    it("an existing user (PEM profile, which may not provision): the user the token's email names, the same one", async () => {
      const signedIn = await signInByEmailOtp(api.provider);
      const email = signedIn.user.emails[0].email as string;
      const res = await api.client.sessions.attest({ profile_id: 'pem-profile', token: await token(email), session_duration_minutes: 30 });
      assert.equal(res.user_id, signedIn.user_id);
      assert.notEqual(res.session?.session_id, signedIn.session.session_id);
      // Without a duration and without a session to extend, no session is made (the official rule).
      const bare = await api.client.sessions.attest({ profile_id: 'pem-profile', token: await token(email) });
      assert.equal(bare.user_id, signedIn.user_id);
      assert.equal(bare.session_token, '');
      assert.equal(bare.session, undefined);
    });

    it("a session_token names the session that gets the factor, when it is the token's user's", async () => {
      const signedIn = await signInByEmailOtp(api.provider);
      const email = signedIn.user.emails[0].email as string;
      const res = await api.client.sessions.attest({ profile_id: 'pem-profile', token: await token(email), session_token: signedIn.session_token });
      assert.equal(res.session?.session_id, signedIn.session.session_id);
      assert.deepEqual(res.session?.authentication_factors.map((f) => f.type).sort(), ['otp', 'trusted_auth_token']);
    });

    it('a profile that may not provision refuses an unknown email: 404 user_not_found, and no user is made', async () => {
      const email = uniqueEmail('attest-unknown');
      const e = await stytchError(api.client.sessions.attest({ profile_id: 'pem-profile', token: await token(email), session_duration_minutes: 60 }));
      assert.equal(e.status_code, 404);
      assert.equal(e.error_type, 'user_not_found');
      const search = await api.client.users.search({ query: { operator: 'AND', operands: [{ filter_name: 'email_address', filter_value: [email] }] } });
      assert.equal(search.results.length, 0);
    });

    it('refusals in the official error types: bad signature, wrong issuer, wrong audience, expired, disallowed algorithm, unknown profile', async () => {
      const email = uniqueEmail('attest-refused');
      const cases: Array<[string, Promise<string>, number, string]> = [
        ['jwks-profile', token(email, { by: stranger }), 401, 'invalid_trusted_auth_token'],
        ['pem-profile', token(email, { by: stranger }), 401, 'invalid_trusted_auth_token'],
        ['jwks-profile', token(email, { issuer: 'https://evil.test' }), 401, 'jwt_invalid_issuer'],
        ['jwks-profile', token(email, { audience: 'another-site' }), 401, 'jwt_invalid_audience'],
        ['es-only', token(email), 401, 'invalid_trusted_auth_token'],
        ['no-such-profile', token(email), 404, 'trusted_token_profile_not_found'],
        ['jwks-profile', Promise.resolve('not.a.jwt'), 401, 'invalid_trusted_auth_token'],
      ];
      for (const [profile_id, t, status, type] of cases) {
        const e = await stytchError(api.client.sessions.attest({ profile_id, token: await t, session_duration_minutes: 60 }));
        assert.equal(e.status_code, status, `${profile_id}: ${e.error_message}`);
        assert.equal(e.error_type, type, `${profile_id}: ${e.error_message}`);
      }
    });

    it("an expired token is refused on the provider's clock", async () => {
      const t = await token(uniqueEmail('attest-expired'), { ttlSeconds: 60 });
      clock.advance(2 * 60_000);
      try {
        const e = await stytchError(api.client.sessions.attest({ profile_id: 'jwks-profile', token: t, session_duration_minutes: 60 }));
        assert.equal(e.status_code, 401);
        assert.equal(e.error_type, 'invalid_trusted_auth_token');
        assert.match(e.error_message, /expired/);
      } finally {
        clock.advance(-2 * 60_000);
      }
    });

    it('a JWKS URL inside the network is refused by the outbound guard, with its one message', async () => {
      const e = await stytchError(api.client.sessions.attest({ profile_id: 'inside', token: await token(uniqueEmail('attest-inside')), session_duration_minutes: 60 }));
      assert.equal(e.status_code, 400);
      assert.equal(e.error_type, 'invalid_jwks_url');
      assert.match(e.error_message, /could not be reached/);
    });

    it('a mapped token id is attested once: 20 parallel attests of one token make one session, the others are refused', async () => {
      const t = await token(uniqueEmail('attest-race'), { jti: `race-${kind}` });
      const results = await Promise.allSettled(Array.from({ length: 20 }, () => api.client.sessions.attest({ profile_id: 'jwks-profile', token: t, session_duration_minutes: 60 })));
      const won = results.filter((r) => r.status === 'fulfilled');
      assert.equal(won.length, 1, JSON.stringify(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason?.error_type)));
      for (const r of results) {
        if (r.status === 'rejected') assert.equal((r.reason as { error_type: string }).error_type, 'invalid_trusted_auth_token');
      }
      const again = await stytchError(api.client.sessions.attest({ profile_id: 'jwks-profile', token: t, session_duration_minutes: 60 }));
      assert.match(again.error_message, /already attested/);
    });

    it('B2B: a token naming its organization makes a member there (the profile may provision), with a member session whose factor is the token; the official B2B SDK reads it', async () => {
      const orgId = await organization();
      const email = uniqueEmail('attest-member');
      const res = await api.b2b.sessions.attest({ profile_id: 'b2b-profile', token: await token(email, { org: orgId, jti: `member-${kind}` }), session_duration_minutes: 60 });
      assert.equal(res.status_code, 200);
      assert.equal(res.organization.organization_id, orgId);
      assert.equal(res.member.email_address, email);
      assert.equal(res.member.status, 'active');
      assert.equal(res.member_session.organization_id, orgId);
      assert.deepEqual(
        res.member_session.authentication_factors.map((f) => [f.type, f.delivery_method]),
        [['trusted_auth_token', 'trusted_token_exchange']],
      );
      const again = await api.b2b.sessions.authenticate({ session_token: res.session_token });
      assert.equal(again.member.member_id, res.member_id);
    });

    it("B2B: the request's organization_id serves a token without one, for an existing member only; a token's organization the request contradicts, or none at all, is refused", async () => {
      const orgId = await organization();
      const other = await organization();
      const email = uniqueEmail('attest-existing-member');
      const { member } = await api.b2b.organizations.members.create({ organization_id: orgId, email_address: email });
      const res = await api.b2b.sessions.attest({ profile_id: 'b2b-profile', token: await token(email), organization_id: orgId, session_duration_minutes: 30 });
      assert.equal(res.member_id, member.member_id);
      // A caller may not choose where an outside system's token makes members.
      const stranger = await stytchError(
        api.b2b.sessions.attest({ profile_id: 'b2b-profile', token: await token(uniqueEmail('attest-stranger')), organization_id: orgId, session_duration_minutes: 30 }),
      );
      assert.deepEqual([stranger.status_code, stranger.error_type], [404, 'member_not_found']);
      const contradicted = await stytchError(api.b2b.sessions.attest({ profile_id: 'b2b-profile', token: await token(email, { org: orgId }), organization_id: other, session_duration_minutes: 30 }));
      assert.deepEqual([contradicted.status_code, contradicted.error_type], [401, 'jwt_invalid_claims']);
      const nowhere = await stytchError(api.b2b.sessions.attest({ profile_id: 'b2b-profile', token: await token(email), session_duration_minutes: 30 }));
      assert.deepEqual([nowhere.status_code, nowhere.error_type], [401, 'jwt_invalid_claims']);
      const members = await api.b2b.organizations.members.search({ organization_ids: [orgId, other] });
      assert.deepEqual(members.members.map((m) => m.email_address).sort(), [email]);
    });

    it('B2B, the browser route: a signed-out page gets a member session; the same member signed in has the factor added to its session', async () => {
      const orgId = await organization();
      const email = uniqueEmail('attest-member-browser');
      const first = await sdk(api.provider, 'POST', '/b2b/sessions/attest', { profile_id: 'b2b-profile', token: await token(email, { org: orgId }), session_duration_minutes: 60 });
      assert.equal(first.status, 200, first.text);
      assert.equal(first.json.data.member.email_address, email);
      const more = await sdk(
        api.provider,
        'POST',
        '/b2b/sessions/attest',
        { profile_id: 'b2b-profile', token: await token(email, { org: orgId }), session_duration_minutes: 60 },
        withSession(first.json.data.session_token),
      );
      assert.equal(more.status, 200, more.text);
      assert.equal(more.json.data.member_session.member_session_id, first.json.data.member_session.member_session_id);
    });

    it('the browser route: a signed-out page gets a session; a signed-in caller of the same user has the factor added to its session', async () => {
      const email = uniqueEmail('attest-browser');
      const res = await sdk(api.provider, 'POST', '/sessions/attest', { profile_id: 'jwks-profile', token: await token(email), session_duration_minutes: 60 });
      assert.equal(res.status, 200, res.text);
      const first = res.json.data;
      assert.equal(first.user.emails[0].email, email);
      assert.ok(first.session_token);
      assert.equal(first.session.authentication_factors[0].type, 'trusted_auth_token');
      const more = await sdk(api.provider, 'POST', '/sessions/attest', { profile_id: 'jwks-profile', token: await token(email), session_duration_minutes: 60 }, withSession(first.session_token));
      assert.equal(more.status, 200, more.text);
      assert.equal(more.json.data.session.session_id, first.session.session_id);
      const bad = await sdk(api.provider, 'POST', '/sessions/attest', { profile_id: 'jwks-profile', token: 42 });
      assert.equal(bad.status, 400);
      assert.equal(bad.json.error_type, 'invalid_request');
      assert.match(bad.json.error_message, /token/);
    });
  });
}
