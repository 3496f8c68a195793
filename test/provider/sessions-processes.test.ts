import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sdk, signInByEmailOtp, startPeerProcess, startTestProvider, withSession, type ProviderProcess, type TestProvider } from './harness.ts';

// A session check within the write window writes nothing and may hand back a JWT signed
// earlier (services/session-family.ts): still, a session revoked by one process is refused by
// every other process sharing the database at its next check, by token, by JWT and through the
// server API. The clocks are the system's (a moved test clock would skew the two processes).
describe('session checks across two processes sharing PostgreSQL', { skip: !process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL not set' }, () => {
  const secret = `secret-test-${randomBytes(24).toString('base64url')}`;
  let provider: TestProvider;
  let peer: ProviderProcess;
  before(async () => {
    provider = await startTestProvider('postgres', {}, undefined, { env: { PROJECT_SECRETS: secret } });
    peer = await startPeerProcess(provider, { PROJECT_SECRETS: secret });
  });
  after(async () => {
    await peer?.stop();
    await provider?.destroy();
  });

  const check = (target: { url: string }, secretOrJwt: string) => sdk(target, 'POST', '/sessions/authenticate', {}, withSession(secretOrJwt));
  const serverCheck = (target: { url: string }, body: Record<string, string>) =>
    fetch(`${target.url}/v1/sessions/authenticate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Basic ${Buffer.from(`${provider.config.projectId}:${secret}`).toString('base64')}` },
      body: JSON.stringify(body),
    });

  it('a session revoked in one process is refused at once by the other, whose checks wrote nothing', async () => {
    const s = await signInByEmailOtp(provider);
    // The other process checks it (nothing to write yet) and holds its JWT for reuse.
    const first = await check(peer, s.session_token);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.json.data.session_token, s.session_token);
    assert.equal((await serverCheck(peer, { session_token: s.session_token })).status, 200);
    assert.equal((await sdk(provider, 'POST', '/sessions/revoke', {}, withSession(s.session_token))).status, 200);
    for (const secretOrJwt of [s.session_token, s.session_jwt, first.json.data.session_jwt]) {
      const res = await check(peer, secretOrJwt);
      assert.equal(res.status, 404, res.text);
      assert.equal(res.json.error_type, 'session_not_found');
    }
    for (const body of [{ session_token: s.session_token }, { session_jwt: first.json.data.session_jwt }] as Array<Record<string, string>>) {
      assert.equal((await serverCheck(peer, body)).status, 404);
    }
  });

  it('checks in both processes racing a revoke leave nothing alive after it', async () => {
    const s = await signInByEmailOtp(provider);
    const racing = Array.from({ length: 10 }, (_, i) => check(i % 2 ? peer : provider, i % 4 < 2 ? s.session_token : s.session_jwt));
    const revoke = sdk(peer, 'POST', '/sessions/revoke', {}, withSession(s.session_token));
    const [answers, revoked] = await Promise.all([Promise.all(racing), revoke]);
    assert.equal(revoked.status, 200, revoked.text);
    const handed = answers.filter((a) => a.status === 200).flatMap((a) => [a.json.data.session_token, a.json.data.session_jwt]);
    for (const target of [provider, peer]) {
      for (const secretOrJwt of [s.session_token, s.session_jwt, ...handed]) assert.equal((await check(target, secretOrJwt)).status, 404);
    }
  });
});
