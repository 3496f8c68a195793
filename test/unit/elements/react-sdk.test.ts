import { expect } from '@open-wc/testing';
import { act, Component, createElement, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createB2BClient, type Member, type MemberSession, type Organization } from '../../../client/b2b/index.ts';
import { createClient, type Session, type User } from '../../../client/index.ts';
import {
  StytchB2B,
  StytchB2BProvider,
  StytchLogin,
  StytchProvider,
  useStytch,
  useStytchMember,
  useStytchMemberSession,
  useStytchOrganization,
  useStytchSession,
  useStytchUser,
  withStytch,
  withStytchB2BClient,
  withStytchMember,
  withStytchMemberSession,
  withStytchOrganization,
  withStytchSession,
  withStytchUser,
} from '../../../elements/react/index.ts';
import { authOk, fakeEnv, flush, json, ok, SESSION, USER } from '../client/fake-env.ts';

// stytch-ui/react's hooks over a real client (fake network, storage and other tabs): the values
// a component renders, one render per change.
const TOKEN = 'public-token-test-44444444-4444-4444-4444-444444444444';
const BASE = 'http://127.0.0.1:9999/prefix';
const STATE_KEY = `stytch_sdk_state_${TOKEN}`;

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let container: HTMLElement | undefined;
async function render(node: ReactNode): Promise<HTMLElement> {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root!.render(node));
  return container;
}
afterEach(async () => {
  await act(async () => root?.unmount());
  container?.remove();
  root = container = undefined;
});

/** A component that records what the hooks answer at each render. */
function recorder() {
  const seen: string[] = [];
  function Probe() {
    const { user, fromCache, isInitialized } = useStytchUser();
    const { session } = useStytchSession();
    seen.push(`${isInitialized ? 'ready' : 'not ready'} user=${user?.emails[0]?.email ?? null} session=${session?.session_id ?? null}${fromCache ? ' (cache)' : ''}`);
    return null;
  }
  return { seen, Probe };
}

describe('stytch-ui/react hooks', () => {
  it('start signed out, show the user once after a sign-in, and clear on sign-out', async () => {
    const f = fakeEnv({ 'POST /otps/authenticate': () => authOk(), 'POST /sessions/revoke': () => ok({}) });
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    const { seen, Probe } = recorder();
    await render(createElement(StytchProvider, { stytch: client }, createElement(Probe)));
    expect(seen).to.deep.equal(['ready user=null session=null']);
    await act(async () => {
      const p = client.otps.authenticate('123456', 'phone-number-test-1', { session_duration_minutes: 30 });
      await flush();
      await p;
    });
    expect(seen).to.deep.equal(['ready user=null session=null', 'ready user=a@example.com session=session-test-1']);
    await act(async () => void (await client.session.revoke()));
    expect(seen.at(-1)).to.equal('ready user=null session=null');
    expect(seen).to.have.length(3);
    client.dispose();
  });

  it('after a reload: the stored session is read at the first render, marked fromCache until the provider answers', async () => {
    const f = fakeEnv({ 'POST /sessions/authenticate': () => authOk('session-token-2') });
    f.storage.setItem(STATE_KEY, JSON.stringify({ session: SESSION, user: USER }));
    f.cookies.set('stytch_session', 'session-token-1');
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    const { seen, Probe } = recorder();
    await render(createElement(StytchProvider, { stytch: client }, createElement(Probe)));
    expect(seen).to.deep.equal(['ready user=a@example.com session=session-test-1 (cache)']);
    await act(async () => f.timers.advance(0));
    expect(seen.at(-1)).to.equal('ready user=a@example.com session=session-test-1');
    client.dispose();
  });

  it('follow another tab: its sign-in and its sign-out', async () => {
    const f = fakeEnv();
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    const { seen, Probe } = recorder();
    await render(createElement(StytchProvider, { stytch: client }, createElement(Probe)));
    // The other tab writes the shared state (its sign-in), then removes it (its sign-out).
    await act(async () => f.storageListeners.forEach((l) => l(STATE_KEY, JSON.stringify({ session: SESSION, user: USER }))));
    expect(seen.at(-1)).to.equal('ready user=a@example.com session=session-test-1');
    await act(async () => f.storageListeners.forEach((l) => l(STATE_KEY, null)));
    expect(seen.at(-1)).to.equal('ready user=null session=null');
    expect(seen).to.have.length(3);
    client.dispose();
  });

  it('assumeHydrated={false}: uninitialized at the first render, the client read right after', async () => {
    const client = createClient(TOKEN, { baseUrl: BASE, env: fakeEnv().env });
    const { seen, Probe } = recorder();
    await render(createElement(StytchProvider, { stytch: client, assumeHydrated: false }, createElement(Probe)));
    expect(seen).to.deep.equal(['not ready user=null session=null', 'ready user=null session=null']);
    client.dispose();
  });

  it('outside a provider: the official error', async () => {
    const errors: unknown[] = [];
    function Bad() {
      try {
        useStytch();
      } catch (e) {
        errors.push((e as Error).message);
      }
      return null;
    }
    await render(createElement(Bad));
    expect(errors[0]).to.equal('useStytch can only be used inside <StytchProvider>.');
  });

  it('B2B: member, member session and organization with fromCache, cleared by another tab', async () => {
    const f = fakeEnv({ 'POST /b2b/sessions/authenticate': () => json(500, {}) });
    const MEMBER = { member_id: 'member-test-1', organization_id: 'organization-test-1', email_address: 'ada@acme.test', name: '' };
    const ORG = { organization_id: 'organization-test-1', organization_name: 'Acme', organization_slug: 'acme' };
    const MEMBER_SESSION = { member_session_id: 'member-session-test-1', member_id: 'member-test-1', organization_id: 'organization-test-1', expires_at: '2099-01-01T00:00:00Z' };
    f.storage.setItem(STATE_KEY, JSON.stringify({ session: MEMBER_SESSION, member: MEMBER, organization: ORG }));
    f.cookies.set('stytch_session', 'member-session-token-1');
    const client = createB2BClient(TOKEN, { baseUrl: BASE, env: f.env });
    const seen: string[] = [];
    function Probe() {
      const m = useStytchMember();
      const s = useStytchMemberSession();
      const o = useStytchOrganization();
      seen.push(`${m.member?.email_address ?? null} ${s.session?.member_session_id ?? null} ${o.organization?.organization_name ?? null} ${[m, s, o].map((x) => x.fromCache).join()}`);
      return null;
    }
    await render(createElement(StytchB2BProvider, { stytch: client }, createElement(Probe)));
    expect(seen).to.deep.equal(['ada@acme.test member-session-test-1 Acme true,true,true']);
    await act(async () => f.storageListeners.forEach((l) => l(STATE_KEY, null)));
    expect(seen.at(-1)).to.equal('null null null false,false,false');
    client.dispose();
  });

  it("B2B: a sign-in here fills member, member session and organization in one render, and the official HOCs pass the same; a sign-out here clears them; another tab's sign-in fills them", async () => {
    const MEMBER = { member_id: 'member-test-1', organization_id: 'organization-test-1', email_address: 'ada@acme.test', name: '' };
    const ORG = { organization_id: 'organization-test-1', organization_name: 'Acme', organization_slug: 'acme' };
    const MEMBER_SESSION = { member_session_id: 'member-session-test-1', member_id: 'member-test-1', organization_id: 'organization-test-1', expires_at: '2099-01-01T00:00:00Z' };
    const signedIn = { member_id: MEMBER.member_id, organization_id: ORG.organization_id, member_session: MEMBER_SESSION, session_token: 'member-session-token-1', session_jwt: 'jwt-1' };
    const f = fakeEnv({
      'POST /b2b/passwords/authenticate': () =>
        ok({ ...signedIn, member: MEMBER, organization: ORG, member_authenticated: true, intermediate_session_token: '', mfa_required: null, primary_required: null }),
      'POST /b2b/sessions/revoke': () => ok({}),
    });
    const client = createB2BClient(TOKEN, { baseUrl: BASE, env: f.env });
    // What the hooks answer at each render, and what each HOC passes (one probe per HOC).
    const seen: string[] = [];
    const hocs: string[] = [];
    function Hooks() {
      const m = useStytchMember();
      const s = useStytchMemberSession();
      const o = useStytchOrganization();
      seen.push(
        `${m.member?.email_address ?? null} ${s.session?.member_session_id ?? null} ${o.organization?.organization_name ?? null} ${[m, s, o].map((x) => `${x.isInitialized}/${x.fromCache}`).join()}`,
      );
      return null;
    }
    const ClientProbe = withStytchB2BClient((p: { stytch: unknown }) => (hocs.push(`client ${p.stytch === client}`), null));
    const MemberProbe = withStytchMember(
      (p: { stytchMember: Member | null; stytchMemberIsInitialized: boolean; stytchMemberIsFromCache: boolean }) => (
        hocs.push(`member ${p.stytchMember?.email_address ?? null} ${p.stytchMemberIsInitialized}/${p.stytchMemberIsFromCache}`),
        null
      ),
    );
    const SessionProbe = withStytchMemberSession(
      (p: { stytchMemberSession: MemberSession | null; stytchMemberSessionIsInitialized: boolean; stytchMemberSessionIsFromCache: boolean }) => (
        hocs.push(`session ${p.stytchMemberSession?.member_session_id ?? null} ${p.stytchMemberSessionIsInitialized}/${p.stytchMemberSessionIsFromCache}`),
        null
      ),
    );
    const OrgProbe = withStytchOrganization(
      (p: { stytchOrganization: Organization | null; stytchOrganizationIsInitialized: boolean; stytchOrganizationIsFromCache: boolean }) => (
        hocs.push(`organization ${p.stytchOrganization?.organization_name ?? null} ${p.stytchOrganizationIsInitialized}/${p.stytchOrganizationIsFromCache}`),
        null
      ),
    );
    await render(
      createElement(StytchB2BProvider, { stytch: client }, createElement(Hooks), createElement(ClientProbe), createElement(MemberProbe), createElement(SessionProbe), createElement(OrgProbe)),
    );
    const signedOut = 'null null null true/false,true/false,true/false';
    expect(seen).to.deep.equal([signedOut]);
    expect(hocs).to.deep.equal(['client true', 'member null true/false', 'session null true/false', 'organization null true/false']);
    await act(async () => void (await client.passwords.authenticate({ organization_id: ORG.organization_id, email_address: MEMBER.email_address, password: 'pw', session_duration_minutes: 30 })));
    expect(seen).to.deep.equal([signedOut, 'ada@acme.test member-session-test-1 Acme true/false,true/false,true/false']);
    expect(hocs.slice(4)).to.include.members(['member ada@acme.test true/false', 'session member-session-test-1 true/false', 'organization Acme true/false']);
    await act(async () => void (await client.session.revoke()));
    expect(seen).to.deep.equal([signedOut, 'ada@acme.test member-session-test-1 Acme true/false,true/false,true/false', signedOut]);
    expect(hocs.slice(-3)).to.deep.equal(['member null true/false', 'session null true/false', 'organization null true/false']);
    // Another tab signs in: its state arrives here, in one render.
    await act(async () => f.storageListeners.forEach((l) => l(STATE_KEY, JSON.stringify({ session: MEMBER_SESSION, member: MEMBER, organization: ORG }))));
    expect(seen.slice(3)).to.deep.equal(['ada@acme.test member-session-test-1 Acme true/false,true/false,true/false']);
    client.dispose();
  });

  it("the B2C HOCs pass the hooks' values under the official prop names", async () => {
    const f = fakeEnv();
    f.storage.setItem(STATE_KEY, JSON.stringify({ session: SESSION, user: USER }));
    f.cookies.set('stytch_session', 'session-token-1');
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    const seen: unknown[] = [];
    const ClientProbe = withStytch((p: { stytch: unknown }) => (seen.push(p.stytch === client), null));
    const UserProbe = withStytchUser(
      (p: { stytchUser: User | null; stytchUserIsInitialized: boolean; stytchUserIsFromCache: boolean }) => (
        seen.push([p.stytchUser?.emails[0]?.email, p.stytchUserIsInitialized, p.stytchUserIsFromCache]),
        null
      ),
    );
    const SessionProbe = withStytchSession(
      (p: { stytchSession: Session | null; stytchSessionIsInitialized: boolean; stytchSessionIsFromCache: boolean }) => (
        seen.push([p.stytchSession?.session_id, p.stytchSessionIsInitialized, p.stytchSessionIsFromCache]),
        null
      ),
    );
    await render(createElement(StytchProvider, { stytch: client }, createElement(ClientProbe), createElement(UserProbe), createElement(SessionProbe)));
    expect(seen).to.deep.equal([true, ['a@example.com', true, true], ['session-test-1', true, true]]);
    client.dispose();
  });
});

/** Shows the message of what its children threw. */
class Catch extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? this.state.error.message : this.props.children;
  }
}

describe('stytch-ui/react components', () => {
  it("StytchLogin renders <stytch-ui> with the provider's client and the official config mapped, and passes events to callbacks", async () => {
    const f = fakeEnv();
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    const events: string[] = [];
    const el = await render(
      createElement(
        StytchProvider,
        { stytch: client },
        createElement(StytchLogin, { config: { products: [{ id: 'otp' }], otpOptions: { methods: ['email'] } }, callbacks: { onEvent: (e) => events.push(e.type) } }),
      ),
    );
    const login = el.querySelector('stytch-ui')!;
    await customElements.whenDefined('stytch-ui');
    await act(async () => flush());
    expect(login.client).to.equal(client);
    expect(login.config).to.deep.equal({ products: ['otp'], otpOptions: { methods: ['email'] } });
    // The widget rendered its first screen inside, and a re-render of the host leaves it alone.
    const heading = () => login.querySelector('h1')?.textContent;
    for (let i = 0; i < 50 && !heading(); i++) await act(async () => flush());
    expect(heading()).to.equal('Sign up or log in');
    await act(async () => root!.render(createElement(StytchProvider, { stytch: client }, createElement(StytchLogin, { config: { products: ['otp'], otpOptions: { methods: ['email'] } } }))));
    expect(heading()).to.equal('Sign up or log in');
    expect(login.querySelector('input[type=email]')).to.exist;
    client.dispose();
  });

  it("StytchB2B renders <stytch-b2b-ui> with the B2B provider's client; outside it, the official error", async () => {
    const client = createB2BClient(TOKEN, { baseUrl: BASE, env: fakeEnv().env });
    const el = await render(createElement(StytchB2BProvider, { stytch: client }, createElement(StytchB2B, { config: { products: ['emailMagicLinks'], authFlowType: 'Organization' } })));
    const b2b = el.querySelector('stytch-b2b-ui')!;
    await customElements.whenDefined('stytch-b2b-ui');
    await act(async () => flush());
    expect(b2b.client).to.equal(client);
    expect(b2b.config).to.deep.equal({ products: ['emailMagicLinks'], authFlowType: 'Organization' });
    client.dispose();
    await act(async () => root!.render(createElement(Catch, null, createElement(StytchB2B, { config: {} }))));
    expect(container!.textContent).to.equal('StytchB2B can only be used inside <StytchB2BProvider>.');
  });
});
