import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fetch as undiciFetch } from 'undici';
import { databases, sdk, signInByEmailOtp, startPeerProcess, TestClock, withSession } from './harness.ts';
import { codeFor, fromAddress, makeClient, oauthPost, pkce, submit } from './connected-apps-support.ts';
import { startServerApi, type ServerApiSetup } from './server-api-harness.ts';

/** The token routes' per-IP budget here; the race and the limit test each call from an address of their own. */
const PER_IP = 60;
/** The reuse window of a rotated-out refresh token (connectedApps.refreshReuseSeconds). */
const REUSE_SECONDS = 5;

for (const kind of databases) {
  describe(`connected apps: bad input and attacks, each refused in the provider's shape (${kind})`, () => {
    let api: ServerApiSetup;
    const clock = new TestClock();
    before(async () => {
      api = await startServerApi(kind, { connectedApps: { tokenLimit: { perIp: PER_IP, windowSeconds: 60 }, refreshReuseSeconds: REUSE_SECONDS } }, clock);
    });
    after(() => api.provider.destroy());

    it('an unknown client or an unregistered redirect is an error answered to the page, never a redirect', async () => {
      const client = await makeClient(api, 'third_party_public');
      const s = await signInByEmailOtp(api.provider);
      const base = { client_id: client.client_id, redirect_uri: 'https://app.example/cb', scopes: ['openid'], code_challenge: pkce().challenge };
      for (const path of ['/idp/oauth/authorize/start', '/idp/oauth/authorize/submit']) {
        const unknown = await sdk(api.provider, 'POST', path, { ...base, client_id: 'connected-app-test-unknown', consent_granted: true }, withSession(s.session_token));
        assert.equal(unknown.status, 400, path);
        assert.equal(unknown.json.error_type, 'invalid_client');
        assert.equal(unknown.json.data, undefined);
        for (const redirect of [
          'https://evil.example/cb',
          'https://app.example/cb/other',
          'https://app.example/cb?x=1',
          'http://localhost:5000/callback',
          'http://127.0.0.1:5000/other',
          'https://app.example/cb#f',
        ]) {
          const res = await sdk(api.provider, 'POST', path, { ...base, redirect_uri: redirect, consent_granted: true }, withSession(s.session_token));
          assert.equal(res.status, 400, `${path} ${redirect}`);
          assert.equal(res.json.error_type, 'invalid_redirect_uri');
          assert.ok(!res.text.includes('code='), 'no code anywhere');
        }
      }
      const loopback = await submit(api, s.session_token, { ...base, redirect_uri: 'http://127.0.0.1:40000/callback' });
      assert.ok(loopback.code, 'a loopback redirect on another port matches');
      const badType = await sdk(api.provider, 'POST', '/idp/oauth/authorize/submit', { ...base, response_type: 'token', consent_granted: true }, withSession(s.session_token));
      assert.equal(badType.json.error_type, 'unsupported_response_type');
    });

    it('a public client must send a PKCE challenge (S256 only); a bad challenge or resource is refused', async () => {
      const client = await makeClient(api, 'third_party_public');
      const s = await signInByEmailOtp(api.provider);
      const base = { client_id: client.client_id, redirect_uri: 'https://app.example/cb', scopes: ['openid'] };
      assert.equal((await submit(api, s.session_token, base)).json.error_type, 'pkce_required');
      assert.equal((await submit(api, s.session_token, { ...base, code_challenge: 'short' })).json.error_type, 'invalid_code_challenge');
      assert.equal((await submit(api, s.session_token, { ...base, code_challenge: pkce().challenge, code_challenge_method: 'plain' })).json.error_type, 'invalid_code_challenge_method');
      assert.equal((await submit(api, s.session_token, { ...base, code_challenge: pkce().challenge, resources: ['not a uri'] })).json.error_type, 'invalid_target');
      const badBody = await sdk(api.provider, 'POST', '/idp/oauth/authorize/submit', { ...base, consent_granted: 'yes' }, withSession(s.session_token));
      assert.equal(badBody.status, 400);
      assert.match(badBody.json.error_message, /consent_granted/);
    });

    it("a wrong or missing verifier, another client's code, a wrong secret: each refused (invalid_grant, invalid_client)", async () => {
      const client = await makeClient(api, 'third_party');
      const other = await makeClient(api, 'third_party');
      const { code, verifier } = await codeFor(api, client);
      const secret: [string, string] = [client.client_id, client.client_secret!];
      const missing = await oauthPost(api, { grant_type: 'authorization_code', code }, secret);
      assert.deepEqual([missing.status, missing.json.error, missing.json.error_type], [400, 'invalid_grant', 'invalid_grant']);
      assert.ok(missing.json.request_id && missing.json.error_message, "the provider's shape beside OAuth's");
      const wrong = await oauthPost(api, { grant_type: 'authorization_code', code, code_verifier: pkce().verifier }, secret);
      assert.equal(wrong.json.error, 'invalid_grant');
      const foreign = await oauthPost(api, { grant_type: 'authorization_code', code, code_verifier: verifier }, [other.client_id, other.client_secret!]);
      assert.equal(foreign.json.error, 'invalid_grant');
      const badSecret = await oauthPost(api, { grant_type: 'authorization_code', code, code_verifier: verifier }, [client.client_id, 'secret-wrong']);
      assert.deepEqual([badSecret.status, badSecret.json.error], [401, 'invalid_client']);
      assert.match(badSecret.headers.get('www-authenticate') ?? '', /^Basic/);
      const noSecret = await oauthPost(api, { grant_type: 'authorization_code', code, code_verifier: verifier, client_id: client.client_id });
      assert.equal(noSecret.json.error, 'invalid_client', 'a confidential client must prove its secret');
      const both = await oauthPost(api, { grant_type: 'authorization_code', code, client_secret: client.client_secret! }, secret);
      assert.equal(both.json.error, 'invalid_request');
      const grant = await oauthPost(api, { grant_type: 'password', username: 'a', password: 'b' }, secret);
      assert.equal(grant.json.error, 'unsupported_grant_type');
      const repeated = await fetch(`${api.provider.url}/v1/oauth2/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=authorization_code&code=a&code=b',
      });
      assert.equal(repeated.status, 400);
      const xml = await fetch(`${api.provider.url}/v1/oauth2/token`, { method: 'POST', headers: { 'Content-Type': 'text/xml' }, body: '<x/>' });
      assert.equal(xml.status, 415);
      // After all of that the code is still good: refusals spend nothing.
      const ok = await oauthPost(api, { grant_type: 'authorization_code', code, code_verifier: verifier }, secret);
      assert.equal(ok.status, 200, ok.text);
    });

    it('a code used twice: the second is refused and what the first gave is revoked', async () => {
      const client = await makeClient(api, 'third_party');
      const secret: [string, string] = [client.client_id, client.client_secret!];
      const { code, verifier } = await codeFor(api, client);
      const first = await oauthPost(api, { grant_type: 'authorization_code', code, code_verifier: verifier }, secret);
      assert.equal(first.status, 200);
      const second = await oauthPost(api, { grant_type: 'authorization_code', code, code_verifier: verifier }, secret);
      assert.equal(second.json.error, 'invalid_grant');
      const introspected = await oauthPost(api, { token: first.json.access_token }, secret, '/v1/oauth2/introspect');
      assert.equal(introspected.json.active, false);
      const refresh = await oauthPost(api, { grant_type: 'refresh_token', refresh_token: first.json.refresh_token }, secret);
      assert.equal(refresh.json.error, 'invalid_grant');
    });

    it('50 exchanges of one code at once: exactly one wins', async () => {
      const client = await makeClient(api, 'third_party_public');
      const { code, verifier } = await codeFor(api, client);
      const from = fromAddress('127.0.9.1');
      try {
        const answers = await Promise.all(
          Array.from({ length: 50 }, () => oauthPost(api, { grant_type: 'authorization_code', code, code_verifier: verifier, client_id: client.client_id }, undefined, '/v1/oauth2/token', {}, from)),
        );
        const statuses = answers.map((a) => a.status);
        assert.equal(statuses.filter((s) => s === 200).length, 1, statuses.join(','));
        assert.ok(
          answers.filter((a) => a.status !== 200).every((a) => a.json.error === 'invalid_grant'),
          JSON.stringify(answers.filter((a) => a.status !== 200).map((a) => a.json)),
        );
      } finally {
        await from.close();
      }
    });

    it('the same race across two provider processes on one database: exactly one wins', { skip: kind !== 'postgres' }, async () => {
      const client = await makeClient(api, 'third_party_public');
      const { code, verifier } = await codeFor(api, client);
      const peer = await startPeerProcess(api.provider);
      // An address of its own: both processes count one per-IP budget in the shared database.
      const from = fromAddress('127.0.9.3');
      try {
        const form = new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier, client_id: client.client_id }).toString();
        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            undiciFetch(`${i % 2 ? peer.url : api.provider.url}/v1/oauth2/token`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
              body: form,
              dispatcher: from,
            }).then(async (r) => ({
              status: r.status,
              json: (await r.json()) as { error?: string },
            })),
          ),
        );
        assert.equal(answers.filter((a) => a.status === 200).length, 1, answers.map((a) => a.status).join(','));
        assert.ok(answers.filter((a) => a.status !== 200).every((a) => a.json.error === 'invalid_grant'));
      } finally {
        await peer.stop();
        await from.close();
      }
    });

    it('a code expires after 60 s', async () => {
      const client = await makeClient(api, 'third_party');
      const { code, verifier } = await codeFor(api, client);
      clock.advance(61_000);
      const res = await oauthPost(api, { grant_type: 'authorization_code', code, code_verifier: verifier }, [client.client_id, client.client_secret!]);
      assert.deepEqual([res.json.error, res.json.error_description], ['invalid_grant', 'The authorization code has expired.']);
    });

    it("a public client's refresh token replayed after its rotation (and the reuse window) revokes the whole family", async () => {
      const client = await makeClient(api, 'first_party_public');
      const { code, verifier } = await codeFor(api, client);
      const t = (await oauthPost(api, { grant_type: 'authorization_code', code, code_verifier: verifier, client_id: client.client_id })).json;
      const rotated = await oauthPost(api, { grant_type: 'refresh_token', refresh_token: t.refresh_token, client_id: client.client_id });
      assert.equal(rotated.status, 200);
      clock.advance(REUSE_SECONDS * 1000);
      const replay = await oauthPost(api, { grant_type: 'refresh_token', refresh_token: t.refresh_token, client_id: client.client_id });
      assert.equal(replay.json.error, 'invalid_grant');
      const legit = await oauthPost(api, { grant_type: 'refresh_token', refresh_token: rotated.json.refresh_token, client_id: client.client_id });
      assert.equal(legit.json.error, 'invalid_grant', 'the newest token of the family is revoked too');
      const access = await oauthPost(api, { token: rotated.json.access_token, client_id: client.client_id }, undefined, '/v1/oauth2/introspect');
      assert.equal(access.json.active, false);
    });

    it("two parallel refreshes with one public client's token both succeed (the reuse window); the grant lives on, and a replay after the window revokes it", async () => {
      const client = await makeClient(api, 'third_party_public');
      const { code, verifier } = await codeFor(api, client);
      const t = (await oauthPost(api, { grant_type: 'authorization_code', code, code_verifier: verifier, client_id: client.client_id })).json;
      const from = fromAddress('127.0.9.4');
      // The clock is held: on a busy machine the burst must not outlast the window.
      const answers = await clock.whileHeld(() =>
        Promise.all(
          Array.from({ length: 8 }, () => oauthPost(api, { grant_type: 'refresh_token', refresh_token: t.refresh_token, client_id: client.client_id }, undefined, '/v1/oauth2/token', {}, from)),
        ),
      );
      assert.deepEqual(
        answers.map((a) => a.status),
        answers.map(() => 200),
        JSON.stringify(answers.map((a) => a.json)),
      );
      const next = new Set(answers.map((a) => a.json.refresh_token as string));
      assert.equal(next.size, answers.length, 'each refresh gets a refresh token of its own');
      for (const a of answers) {
        const live = await oauthPost(api, { token: a.json.access_token, client_id: client.client_id }, undefined, '/v1/oauth2/introspect', {}, from);
        assert.equal(live.json.active, true);
      }
      clock.advance(REUSE_SECONDS * 1000);
      const late = await oauthPost(api, { grant_type: 'refresh_token', refresh_token: t.refresh_token, client_id: client.client_id }, undefined, '/v1/oauth2/token', {}, from);
      assert.equal(late.json.error, 'invalid_grant');
      const after = await oauthPost(api, { grant_type: 'refresh_token', refresh_token: [...next][0]!, client_id: client.client_id }, undefined, '/v1/oauth2/token', {}, from);
      assert.equal(after.json.error, 'invalid_grant', 'the replay after the window revoked the family');
    });

    it("parallel refreshes with one confidential client's token all succeed and keep it; once its grant is revoked, every one is refused", async () => {
      const client = await makeClient(api, 'third_party');
      const creds: [string, string] = [client.client_id, client.client_secret!];
      const from = fromAddress('127.0.9.5');
      const { code, verifier } = await codeFor(api, client);
      const t = (await oauthPost(api, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: 'https://app.example/cb' }, creds, '/v1/oauth2/token', {}, from)).json;
      const burst = () => Promise.all(Array.from({ length: 8 }, () => oauthPost(api, { grant_type: 'refresh_token', refresh_token: t.refresh_token }, creds, '/v1/oauth2/token', {}, from)));
      const answers = await burst();
      assert.deepEqual(
        answers.map((a) => a.status),
        answers.map(() => 200),
        JSON.stringify(answers.map((a) => a.json)),
      );
      assert.ok(
        answers.every((a) => a.json.refresh_token === undefined),
        'a confidential client keeps its refresh token',
      );
      for (const a of answers) assert.equal((await oauthPost(api, { token: a.json.access_token }, creds, '/v1/oauth2/introspect', {}, from)).json.active, true);
      assert.equal((await oauthPost(api, { token: t.refresh_token }, creds, '/v1/oauth2/revoke', {}, from)).status, 200);
      const refused = await burst();
      assert.deepEqual(
        refused.map((a) => a.json.error),
        refused.map(() => 'invalid_grant'),
      );
      assert.equal((await oauthPost(api, { token: answers[0]!.json.access_token }, creds, '/v1/oauth2/introspect', {}, from)).json.active, false, 'the refreshed access tokens end with the grant');
    });

    it(`the token routes allow ${PER_IP} calls a minute from one address, then 429 with Retry-After`, async () => {
      const from = fromAddress('127.0.9.2');
      try {
        await clock.whileHeld(async () => {
          for (let i = 0; i < PER_IP; i++) {
            const res = await oauthPost(api, { grant_type: 'refresh_token', refresh_token: 'x', client_id: 'nobody' }, undefined, '/v1/oauth2/token', {}, from);
            assert.equal(res.status, 401);
          }
          const limited = await oauthPost(api, { token: 'x', client_id: 'nobody' }, undefined, '/v1/oauth2/introspect', {}, from);
          assert.equal(limited.status, 429);
          assert.equal(limited.json.error_type, 'too_many_requests');
          assert.ok(Number(limited.headers.get('retry-after')) >= 1);
        });
      } finally {
        await from.close();
      }
    });

    it(`${PER_IP + 10} calls at once from one address: exactly ${PER_IP} are answered, the rest 429 (counted together, never past the budget)`, async () => {
      const from = fromAddress('127.0.9.6');
      try {
        const answers = await clock.whileHeld(() =>
          Promise.all(Array.from({ length: PER_IP + 10 }, () => oauthPost(api, { token: 'x', client_id: 'nobody' }, undefined, '/v1/oauth2/introspect', {}, from))),
        );
        const statuses = answers.map((a) => a.status);
        assert.equal(statuses.filter((s) => s === 401).length, PER_IP, JSON.stringify(statuses));
        assert.equal(statuses.filter((s) => s === 429).length, 10, JSON.stringify(statuses));
      } finally {
        await from.close();
      }
    });
  });
}
