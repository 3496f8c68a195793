import { expect } from '@open-wc/testing';
import * as v from 'valibot';
import { checksOnDemand, deferredCalls, type LineChecks } from '../../../client/core/on-demand.ts';
import { check } from '../../../client/core/validate.ts';
import { StytchSDKError, StytchSDKUsageError } from '../../../client/errors.ts';
import { SessionManager } from '../../../client/session/manager.ts';
import { createCore } from '../../../client/setup.ts';
import { BOOTSTRAP, fakeEnv, flush, ok } from './fake-env.ts';

const schemas = { Send: v.object({ email: v.pipe(v.string('must be a string'), v.email('must be a valid email address')) }) };

/** A loader that counts its loads and fails while `failing` is set, as a chunk that cannot be fetched. */
function loader() {
  const state = { loads: 0, failing: false };
  const load = async (): Promise<LineChecks<typeof schemas>> => {
    state.loads++;
    if (state.failing) throw new TypeError('Failed to fetch dynamically imported module: /dist/chunks-client/calls.js');
    return { check, schemas };
  };
  return { state, load };
}

describe('request checks loaded on demand', () => {
  it('checks with the named schema once loaded: the parsed input, or the usage error listing the field', async () => {
    const { load } = loader();
    const checkRequest = checksOnDemand(load);
    expect(await checkRequest('stytch.send', 'Send', { email: 'a@example.com' })).to.deep.equal({ email: 'a@example.com' });
    const refused = await checkRequest('stytch.send', 'Send', { email: 'nope' }).catch((e: unknown) => e);
    expect(refused).to.be.instanceOf(StytchSDKUsageError);
    expect((refused as Error).message).to.equal('Invalid call to stytch.send\nemail must be a valid email address');
  });

  it('loads once for a preload and the calls made while it is on its way', async () => {
    const { state, load } = loader();
    const checkRequest = checksOnDemand(load);
    checkRequest.preload();
    await Promise.all([checkRequest('stytch.send', 'Send', { email: 'a@example.com' }), checkRequest('stytch.send', 'Send', { email: 'b@example.com' })]);
    expect(state.loads).to.equal(1);
  });

  it('a load that fails rejects the call with a StytchSDKError that says so, and the next call loads again', async () => {
    const { state, load } = loader();
    const checkRequest = checksOnDemand(load);
    state.failing = true;
    checkRequest.preload();
    const refused = await checkRequest('stytch.send', 'Send', { email: 'a@example.com' }).catch((e: unknown) => e);
    expect(refused).to.be.instanceOf(StytchSDKError);
    expect((refused as Error).message).to.match(/^Part of the client did not load \(Failed to fetch dynamically imported module: .*\)\. Check the connection and try again\.$/);
    state.failing = false;
    expect(await checkRequest('stytch.send', 'Send', { email: 'a@example.com' })).to.deep.equal({ email: 'a@example.com' });
    expect(state.loads).to.be.greaterThan(1);
  });
});

describe('namespaces whose code loads on the first call', () => {
  /** A namespace as the calls' chunk builds it: nested, and a method that reads its own object. */
  function namespace(log: string[]) {
    return {
      email: {
        prefix: 'sent to ',
        async send(this: { prefix: string }, to: string) {
          log.push(`send ${to}`);
          return this.prefix + to;
        },
      },
      async authenticate(token: string) {
        if (!token) throw new StytchSDKUsageError('stytch.authenticate', 'token must be a string');
        return { token };
      },
    };
  }
  const shape = { email: { send: 1 }, authenticate: 1 } as const;

  it('has its methods at once; the first call builds the namespace once and answers as the built method does', async () => {
    const log: string[] = [];
    let builds = 0;
    const api = deferredCalls(async () => (builds++, namespace(log)), shape as never) as ReturnType<typeof namespace>;
    expect(typeof api.email.send).to.equal('function');
    expect(builds).to.equal(0);
    expect(await Promise.all([api.email.send('a@example.com'), api.authenticate('t')])).to.deep.equal(['sent to a@example.com', { token: 't' }]);
    expect(await api.email.send('b@example.com')).to.equal('sent to b@example.com');
    expect(builds).to.equal(1);
    expect(log).to.deep.equal(['send a@example.com', 'send b@example.com']);
  });

  it("passes the built method's error on, and a build that fails rejects the call and is tried again by the next", async () => {
    const { state, load } = loader();
    // Built on a module loaded on demand, as the client's namespaces are.
    const withChecks = () => {
      const check = checksOnDemand(load);
      return deferredCalls(async () => (await check('stytch.send', 'Send', { email: 'a@example.com' }), namespace([])), shape as never) as ReturnType<typeof namespace>;
    };
    expect(
      await withChecks()
        .authenticate('')
        .catch((e: unknown) => e),
    ).to.be.instanceOf(StytchSDKUsageError);
    state.failing = true;
    const fresh = withChecks();
    // The loader's own message, not wrapped again by the namespace's.
    expect(((await fresh.authenticate('t').catch((e: unknown) => e)) as Error).message).to.match(/^Part of the client did not load \(Failed to fetch/);
    state.failing = false;
    expect(await fresh.authenticate('t')).to.deep.equal({ token: 't' });
  });
});

describe("a new client's part loaded on demand", () => {
  const TOKEN = 'public-token-test-33333333-3333-3333-3333-333333333333';

  /** A client core whose bootstrap request is answered when the test says, counting the part's preloads. */
  function held() {
    let answer: (r: Response) => void = () => undefined;
    const f = fakeEnv({ 'GET /projects/bootstrap/': () => new Promise<Response>((go) => (answer = go)) });
    const state = { preloads: 0 };
    const core = createCore(TOKEN, { env: f.env }, SessionManager, () => state.preloads++);
    return { f, core, state, answer: (r: Response) => answer(r) };
  }

  it("is fetched once bootstrap's request has ended, not while the page's first render may still run", async () => {
    const { f, core, state, answer } = held();
    await flush();
    expect(f.calls.some((c) => c.url.includes('/projects/bootstrap/'))).to.equal(true);
    expect(state.preloads).to.equal(0);
    answer(ok(BOOTSTRAP));
    await flush();
    expect(state.preloads).to.equal(1);
    core.dispose();
  });

  it('is fetched after a failed bootstrap too, and not at all by a client disposed before it ended', async () => {
    const failed = held();
    await flush();
    failed.answer(new Response('down', { status: 503 }));
    await flush();
    expect(failed.state.preloads).to.equal(1);
    failed.core.dispose();

    const gone = held();
    await flush();
    gone.core.dispose();
    gone.answer(ok(BOOTSTRAP));
    await flush();
    expect(gone.state.preloads).to.equal(0);
  });
});
