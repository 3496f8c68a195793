import { expect } from '@open-wc/testing';
import { createClient } from '../../../client/index.ts';
import { apiError, authOk, BOOTSTRAP, fakeEnv, SESSION, USER } from './fake-env.ts';

const TOKEN = 'public-token-test-11111111-1111-1111-1111-111111111111';
const BASE = 'http://127.0.0.1:9999/prefix';

/** A fake environment that counts what creating a client touches. */
function countingEnv(...a: Parameters<typeof fakeEnv>) {
  const f = fakeEnv(...a);
  const touched: string[] = [];
  const storage = f.storage;
  const cookies = f.cookies;
  f.env.storage = {
    getItem: (k) => (touched.push(`storage ${k}`), storage.getItem(k)),
    setItem: (k, v) => (touched.push(`storage ${k}`), storage.setItem(k, v)),
    removeItem: (k) => (touched.push(`storage ${k}`), storage.removeItem(k)),
  };
  f.env.cookies = {
    get: (n) => (touched.push(`cookie ${n}`), cookies.get(n)),
    set: (n, v, o) => (touched.push(`cookie ${n}`), cookies.set(n, v, o)),
    remove: (n, o) => (touched.push(`cookie ${n}`), cookies.remove(n, o)),
  };
  f.env.random = (values) => (touched.push('random'), crypto.getRandomValues(values));
  const send = f.env.fetch!;
  f.env.fetch = (...a) => (touched.push('fetch'), send(...a));
  return { ...f, touched };
}

/** The X-SDK-Client fields of each telemetry event sent. */
const eventsSent = (calls: { url: string; body: unknown }[]) =>
  calls
    .filter((c) => c.url.endsWith('/events'))
    .flatMap((c) => (c.body as { telemetry: { stytch_user_id?: string }; event: { event_name: string } }[]).map((e) => [e.event.event_name, e.telemetry.stytch_user_id]));

describe('client start', () => {
  it('creating a client touches no storage, cookie, random source or page listener until the next task', async () => {
    const f = countingEnv();
    f.cookies.set('stytch_session', 'session-token-1');
    const client = createClient(TOKEN, { env: f.env });
    expect(f.touched).to.deep.equal([]);
    expect([f.storageListeners.size, f.hiddenListeners.size]).to.deep.equal([0, 0]);
    await f.timers.advance(0);
    // Started from the next task: the stored state read, other tabs listened to, the cookie found.
    expect(f.touched).to.include.members([`storage stytch_sdk_state_${TOKEN}`, 'cookie stytch_session', `storage stytch_sdk_bootstrap::${TOKEN}`, 'random']);
    expect(f.storageListeners.size).to.equal(1);
    client.dispose();
    expect(f.storageListeners.size).to.equal(0);
  });

  it("bootstrap's request makes one of the page's first touches per task, so input made meanwhile waits for none of the rest", async () => {
    const f = countingEnv();
    const client = createClient(TOKEN, { env: f.env });
    // What each task touched for the first time in the page. A step queues the next as it ends,
    // before this test's next timer, so each of these waits lets exactly one step run. (The session
    // store starts on the client's clock, which this test leaves still.)
    const seen = new Set<string>();
    const firsts: string[][] = [];
    for (let i = 0; i < 8; i++) {
      await new Promise((r) => setTimeout(r, 0));
      firsts.push([...new Set(f.touched.splice(0).map((t) => t.split(' ')[0]!))].filter((k) => !seen.has(k) && seen.add(k)));
    }
    expect(f.calls.map((c) => new URL(c.url).pathname)).to.deep.equal([`/sdk/v1/projects/bootstrap/${TOKEN}`]);
    expect(firsts.flat()).to.have.members(['storage', 'cookie', 'random', 'fetch']);
    expect(firsts.filter((t) => t.length > 1)).to.deep.equal([]);
    client.dispose();
  });

  it('a stored session is there on the first ask, before the next task', () => {
    const f = countingEnv();
    f.storage.setItem(`stytch_sdk_state_${TOKEN}`, JSON.stringify({ session: SESSION, user: USER }));
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    expect(client.user.getSync()?.user_id).to.equal('user-test-1');
    expect(client.session.getInfo().fromCache).to.equal(true);
    expect(f.storageListeners.size).to.equal(1);
    client.dispose();
  });

  it('a custom domain from the stored bootstrap takes the first call, made before the next task', async () => {
    const f = countingEnv({ 'POST /sessions/authenticate': () => authOk() });
    f.storage.setItem(`stytch_sdk_bootstrap::${TOKEN}`, JSON.stringify({ ...BOOTSTRAP, cname_domain: 'login.example.com' }));
    f.cookies.set('stytch_session', 'session-token-1');
    const client = createClient(TOKEN, { env: f.env });
    const answer = client.session.authenticate();
    await f.timers.advance(0);
    await answer;
    expect(new Set(f.calls.map((c) => new URL(c.url).host))).to.deep.equal(new Set(['login.example.com']));
    expect(f.calls.some((c) => c.url === 'https://login.example.com/sdk/v1/sessions/authenticate')).to.equal(true);
    client.dispose();
  });

  it('an event logged before the start names the user signed in then, even when the start signs them out', async () => {
    const f = countingEnv({ 'POST /sessions/authenticate': () => apiError(401, 'session_not_found') });
    f.storage.setItem(`stytch_sdk_state_${TOKEN}`, JSON.stringify({ session: SESSION, user: USER }));
    f.cookies.set('stytch_session', 'session-token-1');
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    client.logEvent({ event_name: 'before' });
    expect(f.touched).to.not.include(`storage stytch_sdk_state_${TOKEN}`);
    await f.timers.advance(0);
    expect(client.session.getSync()).to.equal(null);
    client.logEvent({ event_name: 'after' });
    await f.timers.advance(800);
    expect(eventsSent(f.calls)).to.deep.equal([
      ['before', 'user-test-1'],
      ['after', undefined],
    ]);
    client.dispose();
  });
});
