import { expect } from '@open-wc/testing';
import { createClient, StytchAPIError, type Session } from '../../../client/index.ts';
import { apiError, authOk, fakeEnv, flush, ok, SESSION, USER } from './fake-env.ts';
import { REVOKE_WAITS_FOR_CHECK_MS } from '../../../client/session/manager.ts';

const TOKEN = 'public-token-test-11111111-1111-1111-1111-111111111111';
const BASE = 'http://127.0.0.1:9999/prefix';

/** A client signed in through OTP, plus its fake environment. */
async function signedIn(sessionRoute: () => Response) {
  const f = fakeEnv({ 'POST /otps/authenticate': () => authOk(), 'POST /sessions/authenticate': sessionRoute });
  const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
  const p = client.otps.authenticate('123456', 'phone-number-test-1', { session_duration_minutes: 30 });
  await flush();
  await p;
  return { client, ...f };
}

const refreshes = (calls: { url: string }[]) => calls.filter((c) => c.url.endsWith('/sessions/authenticate')).length;

/** A signed-in client whose periodic check has been sent and is held until `answer` is called; `key` is its shared state's. */
async function checkInFlight() {
  const f = await signedIn(() => authOk());
  let held!: (r: Response) => void;
  f.routes['POST /sessions/authenticate'] = () => new Promise<Response>((done) => (held = done));
  await f.timers.advance(180000);
  const key = [...f.storage.map.keys()].find((k) => k.startsWith('stytch_sdk_state_'))!;
  return { ...f, key, answer: (r: Response) => held(r) };
}

describe('client sessions', () => {
  it('writes the session cookies and keeps the session after authenticate', async () => {
    const { client, cookies } = await signedIn(() => authOk());
    expect(cookies.map.get('stytch_session')).to.equal('session-token-1');
    expect(cookies.map.get('stytch_session_jwt')).to.equal('jwt-1');
    expect(client.session.getSync()?.session_id).to.equal('session-test-1');
    expect(client.session.getTokens()).to.deep.equal({ session_token: 'session-token-1', session_jwt: 'jwt-1' });
    expect(client.user.getSync()?.user_id).to.equal('user-test-1');
    client.dispose();
  });

  it('refreshes every 180000 ms, sending the session token', async () => {
    const { client, timers, calls } = await signedIn(() => authOk());
    await timers.advance(179999);
    expect(refreshes(calls)).to.equal(0);
    await timers.advance(1);
    expect(refreshes(calls)).to.equal(1);
    const last = calls[calls.length - 1]!;
    expect(last.headers.Authorization).to.equal(`Basic ${btoa(`${TOKEN}:session-token-1`)}`);
    const sdk = JSON.parse(atob(last.headers['X-SDK-Client']!));
    expect([sdk.stytch_user_id, sdk.stytch_session_id]).to.deep.equal(['user-test-1', 'session-test-1']);
    await timers.advance(180000);
    expect(refreshes(calls)).to.equal(2);
    client.dispose();
  });

  it('retries recoverable failures after 2000 ms × 2^attempt ± 175 ms', async () => {
    let fail = true;
    const { client, timers, calls } = await signedIn(() => (fail ? apiError(500, 'internal_server_error') : authOk()));
    await timers.advance(180000);
    const delays: number[] = [];
    for (let attempt = 0; attempt < 9; attempt++) {
      const [d] = timers.delays();
      delays.push(d!);
      await timers.advance(d!);
    }
    delays.forEach((d, attempt) => {
      const base = 2000 * 2 ** Math.min(attempt, 7);
      expect(d, `attempt ${attempt}`).to.be.within(base - 175, base + 175);
    });
    expect(refreshes(calls)).to.equal(10);
    fail = false;
    await timers.advance(timers.delays()[0]!);
    expect(timers.delays()).to.deep.equal([180000]);
    expect(client.session.getSync()).to.not.equal(null);
    client.dispose();
  });

  it('keeps the session through a provider outage (503 server_unavailable) and retries with backoff', async () => {
    let fail = true;
    const { client, timers, calls } = await signedIn(() => (fail ? apiError(503, 'server_unavailable') : authOk()));
    await timers.advance(180000);
    const [first] = timers.delays();
    expect(first).to.be.within(2000 - 175, 2000 + 175);
    await timers.advance(first!);
    expect(timers.delays()[0]).to.be.within(4000 - 175, 4000 + 175);
    expect(client.session.getSync()).to.not.equal(null);
    fail = false;
    await timers.advance(timers.delays()[0]!);
    expect(refreshes(calls)).to.equal(3);
    expect(timers.delays()).to.deep.equal([180000]);
    client.dispose();
  });

  for (const type of ['unauthorized_credentials', 'user_unauthenticated', 'invalid_secret_authentication', 'session_not_found']) {
    it(`ends the session on ${type} and stops refreshing`, async () => {
      const { client, timers, cookies, calls } = await signedIn(() => apiError(401, type));
      const seen: (Session | null)[] = [];
      client.session.onChange((s) => seen.push(s));
      await timers.advance(180000);
      expect(client.session.getSync()).to.equal(null);
      expect(cookies.map.has('stytch_session')).to.equal(false);
      expect(seen).to.deep.equal([null]);
      await timers.advance(10 * 180000);
      expect(refreshes(calls)).to.equal(1);
      client.dispose();
    });
  }

  it('revoke keeps local state when the call fails, unless forceClear', async () => {
    const f = await signedIn(() => authOk());
    f.routes['POST /sessions/revoke'] = () => apiError(500, 'internal_server_error');
    const first = await f.client.session.revoke().catch((e: unknown) => e);
    expect(first).to.be.instanceOf(StytchAPIError);
    expect(f.client.session.getSync()).to.not.equal(null);
    await f.client.session.revoke({ forceClear: true }).catch(() => undefined);
    expect(f.client.session.getSync()).to.equal(null);
    expect(f.cookies.map.size).to.equal(0);
    f.client.dispose();
  });

  it('revoke clears local state and other tabs see the state key removed', async () => {
    const f = await signedIn(() => authOk());
    f.routes['POST /sessions/revoke'] = () => ok({});
    await f.client.session.revoke();
    expect(f.client.session.getSync()).to.equal(null);
    expect([...f.storage.map.keys()].some((k) => k.startsWith('stytch_sdk_state_'))).to.equal(false);
    f.client.dispose();
  });

  it('signs out when another tab removes the shared state', async () => {
    const f = await signedIn(() => authOk());
    const key = [...f.storage.map.keys()].find((k) => k.startsWith('stytch_sdk_state_'))!;
    f.storageListeners.forEach((l) => l(key, null));
    expect(f.client.session.getSync()).to.equal(null);
    expect(f.client.user.getSync()).to.equal(null);
    expect(f.timers.delays()).to.deep.equal([]);
    f.client.dispose();
  });

  it('destroys a stored session at start-up when the token cookie is gone and the endpoint is the default', async () => {
    const f = fakeEnv();
    f.storage.setItem(`stytch_sdk_state_${TOKEN}`, JSON.stringify({ session: SESSION, user: USER }));
    const client = createClient(TOKEN, { env: f.env });
    expect(client.session.getSync()).to.equal(null);
    client.dispose();
  });

  it('keeps a stored session at start-up without a cookie when a custom endpoint is used', async () => {
    const f = fakeEnv({ 'POST /sessions/authenticate': () => authOk() });
    f.storage.setItem(`stytch_sdk_state_${TOKEN}`, JSON.stringify({ session: SESSION, user: USER }));
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    expect(client.session.getSync()?.session_id).to.equal('session-test-1');
    client.dispose();
  });

  it('authenticates at start-up when a session cookie exists', async () => {
    const f = fakeEnv({ 'POST /sessions/authenticate': () => authOk('session-token-2') });
    f.cookies.set('stytch_session', 'session-token-1');
    const client = createClient(TOKEN, { env: f.env });
    await f.timers.advance(0);
    expect(refreshes(f.calls)).to.equal(1);
    expect(f.calls.find((c) => c.url.endsWith('/sessions/authenticate'))!.url).to.equal('https://test.stytch.com/sdk/v1/sessions/authenticate');
    expect(client.session.getTokens()?.session_token).to.equal('session-token-2');
    client.dispose();
  });

  it('a user fetched while the session is revoked does not come back after the sign-out', async () => {
    const f = await signedIn(() => authOk());
    f.routes['POST /sessions/revoke'] = () => ok({});
    let answer!: (r: Response) => void;
    f.routes['GET /users/me'] = () => new Promise<Response>((done) => (answer = done));
    const seen: unknown[] = [];
    f.client.user.onChange((u) => seen.push(u));
    const fetched = f.client.user.get();
    await flush();
    await f.client.session.revoke();
    answer(ok({ ...USER }));
    await fetched;
    expect(f.client.user.getSync()).to.equal(null);
    expect(f.client.session.getSync()).to.equal(null);
    expect(seen).to.deep.equal([null]);
    expect([...f.storage.map.keys()].some((k) => k.startsWith('stytch_sdk_state_'))).to.equal(false);
    f.client.dispose();
  });

  it("a refresh answered after another tab signed out does not write the session's cookies back", async () => {
    const f = await checkInFlight();
    const { key } = f;
    expect(refreshes(f.calls)).to.equal(1);
    // The other tab's sign-out: the shared cookies gone, the shared state removed.
    f.cookies.map.clear();
    f.storage.map.delete(key);
    f.storageListeners.forEach((l) => l(key, null));
    f.answer(authOk());
    await flush();
    expect(f.client.session.getSync()).to.equal(null);
    expect(f.cookies.map.size).to.equal(0);
    expect(f.storage.map.has(key)).to.equal(false);
    f.client.dispose();
  });

  it('a refresh refused after another tab signed in as someone else leaves that session alone', async () => {
    const f = await checkInFlight();
    const { key } = f;
    const other = { session: { ...SESSION, session_id: 'session-test-2' }, user: USER };
    f.storage.setItem(key, JSON.stringify(other));
    f.storageListeners.forEach((l) => l(key, JSON.stringify(other)));
    f.answer(apiError(404, 'session_not_found'));
    await flush();
    expect(f.client.session.getSync()?.session_id).to.equal('session-test-2');
    expect(f.storage.map.has(key)).to.equal(true);
    f.client.dispose();
  });

  it('a sign-out while a check is in flight is sent once the check is answered, and the session stays gone', async () => {
    const f = await checkInFlight();
    f.routes['POST /sessions/revoke'] = () => ok({});
    const revoked = f.client.session.revoke();
    await flush();
    const paths = () => f.calls.map((c) => new URL(c.url).pathname.replace(/^.*\/sessions\//, '')).filter((p) => p === 'authenticate' || p === 'revoke');
    expect(paths()).to.deep.equal(['authenticate']);
    f.answer(authOk());
    await revoked;
    expect(paths()).to.deep.equal(['authenticate', 'revoke']);
    expect(f.client.session.getSync()).to.equal(null);
    expect(f.cookies.map.size).to.equal(0);
    f.client.dispose();
  });

  it('a sign-out waits for a stalled check no longer than REVOKE_WAITS_FOR_CHECK_MS, and the check answered after it changes nothing', async () => {
    const f = await checkInFlight();
    f.routes['POST /sessions/revoke'] = () => ok({});
    const revoked = f.client.session.revoke();
    await flush();
    await f.timers.advance(REVOKE_WAITS_FOR_CHECK_MS - 1);
    expect(f.calls.some((c) => c.url.endsWith('/sessions/revoke'))).to.equal(false);
    await f.timers.advance(1);
    await revoked;
    expect(f.client.session.getSync()).to.equal(null);
    f.answer(authOk());
    await flush();
    expect(f.client.session.getSync()).to.equal(null);
    expect(f.cookies.map.size).to.equal(0);
    expect(f.timers.delays()).to.deep.equal([]);
    f.client.dispose();
  });

  it('a check answered after a sign-out that stopped waiting for it writes nothing back, also when no state was stored', async () => {
    const f = fakeEnv({ 'POST /sessions/revoke': () => ok({}) });
    let held!: (r: Response) => void;
    f.routes['POST /sessions/authenticate'] = () => new Promise<Response>((done) => (held = done));
    f.cookies.set('stytch_session', 'session-token-1');
    const client = createClient(TOKEN, { env: f.env });
    await f.timers.advance(0);
    expect(refreshes(f.calls)).to.equal(1);
    const revoked = client.session.revoke();
    await flush();
    await f.timers.advance(REVOKE_WAITS_FOR_CHECK_MS);
    await revoked;
    held(authOk());
    await flush();
    expect(client.session.getSync()).to.equal(null);
    expect(f.cookies.map.size).to.equal(0);
    client.dispose();
  });

  it('no check is sent while a sign-out is out, and a failed sign-out makes the check that was due', async () => {
    const f = await signedIn(() => authOk());
    let answer!: (r: Response) => void;
    f.routes['POST /sessions/revoke'] = () => new Promise<Response>((done) => (answer = done));
    const revoked = f.client.session.revoke().catch((e: unknown) => e);
    await flush();
    await f.timers.advance(180000);
    expect(refreshes(f.calls)).to.equal(0);
    answer(apiError(500, 'internal_server_error'));
    expect(await revoked).to.be.instanceOf(StytchAPIError);
    await f.timers.advance(0);
    expect(refreshes(f.calls)).to.equal(1);
    expect(f.client.session.getSync()?.session_id).to.equal('session-test-1');
    f.client.dispose();
  });

  it('a user fetched while signed in is recorded', async () => {
    const f = await signedIn(() => authOk());
    f.routes['GET /users/me'] = () => ok({ ...USER, name: { first_name: 'Ada' } });
    await f.client.user.get();
    expect(f.client.user.getSync()?.name).to.deep.equal({ first_name: 'Ada' });
    f.client.dispose();
  });

  it('dispose leaves no timer behind', async () => {
    const { client, timers } = await signedIn(() => authOk());
    client.logEvent({ event_name: 'x' });
    expect(timers.delays().length).to.be.greaterThan(0);
    client.dispose();
    expect(timers.delays()).to.deep.equal([]);
  });
});

describe('client intermediate session token', () => {
  it('keeps an intermediate session token in its 10-minute cookie and drops it once a session exists', async () => {
    const f = fakeEnv({
      'POST /passwords/authenticate': () => ok({ intermediate_session_token: 'ist-1' }),
      'POST /otps/authenticate': () => authOk(),
    });
    const writes: { name: string; expires?: Date }[] = [];
    const set = f.cookies.set;
    f.cookies.set = (name, value, o) => (writes.push({ name, expires: o?.expires }), set(name, value, o));
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    await client.passwords.authenticate({ email: 'a@example.com', password: 'pw', session_duration_minutes: 30 });
    expect(f.cookies.map.get('stytch_intermediate_session_token')).to.equal('ist-1');
    expect(writes[0]!.expires!.getTime() - f.timers.now()).to.equal(10 * 60 * 1000);
    expect(client.session.getSync()).to.equal(null);
    await client.otps.authenticate('123456', 'phone-number-test-1', { session_duration_minutes: 30 });
    expect(f.cookies.map.has('stytch_intermediate_session_token')).to.equal(false);
    client.dispose();
  });
});
