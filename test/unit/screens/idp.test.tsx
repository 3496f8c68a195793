import { expect } from '@open-wc/testing';
import { createStore } from 'jotai';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { IdpApp } from '../../../screens/idp/IdpApp.tsx';
import type { WidgetEventPayload } from '../../../screens/context.ts';
import type { IdpOptions } from '../../../screens/idp/widget.ts';
import { apiError, button, click, flush, FakeClock } from './helpers.tsx';

const CLIENT = {
  client_id: 'connected-app-test-1',
  client_type: 'third_party',
  client_name: 'Notes',
  client_description: 'Keeps your notes',
  client_logo_url: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
};
const QUERY =
  '?client_id=connected-app-test-1&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&response_type=code&scope=openid+email+read%3Anotes+full_access&state=s1&nonce=n1&code_challenge=' +
  'c'.repeat(43) +
  '&code_challenge_method=S256&resource=https%3A%2F%2Fmcp.example%2Fmcp';
const RESULTS = [
  { scope: 'openid', is_grantable: true, description: 'Verify your identity' },
  { scope: 'email', is_grantable: true, description: 'View your email address' },
  { scope: 'read:notes', is_grantable: true, description: 'Read your notes' },
  { scope: 'full_access', is_grantable: false, description: 'Act on your behalf' },
];

interface Fake {
  client: Record<string, unknown>;
  calls: { start: unknown[]; submit: Array<Record<string, unknown>>; logout: unknown[]; revoke: number };
  signIn(): void;
}

/** A client whose consent calls answer as the provider does; `signedIn` false starts without a session. */
function fakeClient(
  o: { signedIn?: boolean; consentRequired?: boolean; start?: () => Promise<unknown>; submit?: () => Promise<unknown>; logoutConsent?: boolean; client?: object; results?: typeof RESULTS } = {},
): Fake {
  let session: object | null = o.signedIn === false ? null : { session_id: 'session-1' };
  const listeners = new Set<(s: unknown) => void>();
  const calls: Fake['calls'] = { start: [], submit: [], logout: [], revoke: 0 };
  const client = {
    bootstrap: { getSync: () => ({ project_name: 'Demo Site' }), onChange: () => () => {} },
    session: {
      getSync: () => session,
      onChange: (l: (s: unknown) => void) => (listeners.add(l), () => void listeners.delete(l)),
      revoke: async () => {
        calls.revoke++;
        session = null;
      },
    },
    idp: {
      oauthAuthorizeStart: (req: unknown) => {
        calls.start.push(req);
        return o.start?.() ?? Promise.resolve({ client: { ...CLIENT, ...o.client }, consent_required: o.consentRequired ?? true, scope_results: o.results ?? RESULTS });
      },
      oauthAuthorizeSubmit: (req: Record<string, unknown>) => {
        calls.submit.push(req);
        return (
          o.submit?.() ??
          Promise.resolve(
            req.consent_granted || o.consentRequired === false
              ? { redirect_uri: 'https://app.example/cb?code=abc&state=s1', authorization_code: 'abc' }
              : { redirect_uri: 'https://app.example/cb?error=access_denied&state=s1' },
          )
        );
      },
      oauthLogoutStart: (req: unknown) => {
        calls.logout.push(req);
        return Promise.resolve({ redirect_uri: 'https://app.example/bye?state=q', consent_required: o.logoutConsent ?? true });
      },
    },
  };
  return {
    client,
    calls,
    signIn: () => {
      session = { session_id: 'session-2' };
      for (const l of listeners) l(session);
    },
  };
}

async function renderIdp(search: string, fake: Fake, idp: IdpOptions = {}, extra: { config?: unknown; strings?: Record<string, string>; lang?: string } = {}) {
  const root = document.createElement('div');
  document.body.append(root);
  const events: WidgetEventPayload[] = [];
  const errors: Error[] = [];
  const went: string[] = [];
  const r = createRoot(root);
  await act(async () => {
    r.render(
      <IdpApp
        mode="identity-provider"
        store={createStore()}
        styles={{}}
        config={extra.config}
        strings={extra.strings}
        lang={extra.lang}
        idp={idp}
        env={{ timers: new FakeClock(), page: { search, assign: (url) => void went.push(url) } }}
        client={fake.client}
        callbacks={{ onEvent: (e) => events.push(e), onError: (e) => errors.push(e) }}
      />,
    );
  });
  await flush();
  return { root, events, errors, went, unmount: () => (r.unmount(), root.remove()) };
}

const text = (root: Element) => root.textContent?.replace(/\s+/g, ' ') ?? '';

describe('<stytch-identity-provider> screens', () => {
  it("shows who asks for what: logo, name, description, the project's name, the scopes it may have and those it may not; Allow submits the whole request and goes to the provider's redirect", async () => {
    const fake = fakeClient();
    const r = await renderIdp(QUERY, fake);
    expect(r.root.querySelector('h1')!.textContent).to.equal('Notes wants to access your Demo Site account');
    expect(r.root.querySelector('img[part~="logo"]')!.getAttribute('src')).to.equal(CLIENT.client_logo_url);
    const t = text(r.root);
    expect(t).to.contain('Keeps your notes');
    expect(t).to.contain('Notes is requesting to:');
    expect(t).to.contain('Verify your identity');
    expect(t).to.contain('Your email address');
    expect(t).to.contain('Read your notes');
    expect(t).to.contain('You do not have permissions to grant Notes access to some of the requested scopes.');
    expect(t).to.contain('Act on your behalf');
    expect(t, 'not an app registered by a metadata document').not.to.contain('you will be sent to');
    expect(r.events[0]).to.deep.equal({
      type: 'OAUTH_AUTHORIZE_FLOW_START',
      data: { client_id: CLIENT.client_id, redirect_uri: 'https://app.example/cb', scope: 'openid email read:notes full_access' },
    });
    await click(button(r.root, 'Allow'));
    expect(fake.calls.submit).to.deep.equal([
      {
        client_id: CLIENT.client_id,
        redirect_uri: 'https://app.example/cb',
        response_type: 'code',
        scopes: ['openid', 'email', 'read:notes', 'full_access'],
        state: 's1',
        nonce: 'n1',
        code_challenge: 'c'.repeat(43),
        code_challenge_method: 'S256',
        resources: ['https://mcp.example/mcp'],
        consent_granted: true,
      },
    ]);
    expect(r.went).to.deep.equal(['https://app.example/cb?code=abc&state=s1']);
    expect(r.events.map((e) => e.type)).to.deep.equal(['OAUTH_AUTHORIZE_FLOW_START', 'OAUTH_AUTHORIZE_FLOW_COMPLETE']);
    r.unmount();
  });

  it("Deny submits consent_granted false, says access was denied and fires the denial event; the provider's redirect carries access_denied", async () => {
    const fake = fakeClient();
    const r = await renderIdp(QUERY, fake);
    await click(button(r.root, 'Deny'));
    expect(fake.calls.submit[0]!.consent_granted).to.equal(false);
    expect(r.went).to.deep.equal(['https://app.example/cb?error=access_denied&state=s1']);
    expect(text(r.root)).to.contain('Access to the application was denied.');
    expect(r.events.at(-1)!.type).to.equal('OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED');
    r.unmount();
  });

  it("a consent the site's server started for this query (prefetchedConsent) is the screen at once, under its project name, with no start from the browser; Allow submits it", async () => {
    const fake = fakeClient({ signedIn: false });
    const prefetched = { request: QUERY.slice(1), start: { client: { ...CLIENT, client_name: 'Server Notes' }, consent_required: true, scope_results: RESULTS }, projectName: 'Site Name' };
    const r = await renderIdp(QUERY, fake, { prefetchedConsent: prefetched });
    expect(r.root.querySelector('h1')!.textContent).to.equal('Server Notes wants to access your Site Name account');
    expect(fake.calls.start, 'not started again').to.deep.equal([]);
    expect(r.errors).to.deep.equal([]);
    expect(r.events.map((e) => e.type)).to.deep.equal(['OAUTH_AUTHORIZE_FLOW_START']);
    await click(button(r.root, 'Allow'));
    expect(fake.calls.submit.map((s) => s.consent_granted)).to.deep.equal([true]);
    expect(r.went).to.deep.equal(['https://app.example/cb?code=abc&state=s1']);
    r.unmount();
  });

  it('a prefetched consent made for another query, or of the wrong shape, is said to onError and the consent is started as without it', async () => {
    const start = { client: CLIENT, consent_required: true, scope_results: RESULTS };
    for (const [prefetched, said] of [
      [{ request: '?client_id=other&redirect_uri=https%3A%2F%2Fapp.example%2Fcb', start, projectName: 'Site Name' }, /another request than the page's query/],
      [{ request: QUERY, start: { ...start, consent_required: 'yes' }, projectName: 'Site Name' }, /Invalid prefetchedConsent: start\.consent_required/],
    ] as const) {
      const fake = fakeClient();
      const r = await renderIdp(QUERY, fake, { prefetchedConsent: prefetched });
      expect(r.errors.map((e) => e.message)).to.have.length(1);
      expect(r.errors[0]!.message).to.match(said);
      expect(fake.calls.start).to.have.length(1);
      expect(r.root.querySelector('h1')!.textContent).to.equal('Notes wants to access your Demo Site account');
      r.unmount();
    }
  });

  it('consent not needed: submits by itself, without a screen', async () => {
    const fake = fakeClient({ consentRequired: false });
    const r = await renderIdp(QUERY, fake);
    expect(fake.calls.submit.map((s) => s.consent_granted)).to.deep.equal([false]);
    expect(r.went).to.deep.equal(['https://app.example/cb?code=abc&state=s1']);
    expect(button(r.root, 'Allow')).to.equal(undefined);
    expect(r.events.map((e) => e.type)).to.deep.equal(['OAUTH_AUTHORIZE_FLOW_START', 'OAUTH_AUTHORIZE_FLOW_COMPLETE']);
    r.unmount();
  });

  it('no signed-in user: asks to log in (NoCurrentSessionError to onError), and the consent follows when a session appears, with the request as first read', async () => {
    const fake = fakeClient({ signedIn: false });
    const r = await renderIdp(QUERY, fake);
    expect(text(r.root)).to.contain('No active session detected. Please log in to continue.');
    expect(r.errors.map((e) => e.name)).to.deep.equal(['NoCurrentSessionError']);
    expect(fake.calls.start).to.deep.equal([]);
    await act(async () => fake.signIn());
    await flush();
    expect(r.root.querySelector('h1')!.textContent).to.equal('Notes wants to access your Demo Site account');
    expect((fake.calls.start[0] as { state: string }).state).to.equal('s1');
    r.unmount();
  });

  it('a session the client holds only the tokens of (not yet checked): the consent starts at once, no login words, no NoCurrentSessionError', async () => {
    const fake = fakeClient({ signedIn: false });
    (fake.client.session as Record<string, unknown>).getTokens = () => ({ session_token: 'token-1', session_jwt: '' });
    const r = await renderIdp(QUERY, fake);
    expect(fake.calls.start).to.have.length(1);
    expect(r.root.querySelector('h1')!.textContent).to.equal('Notes wants to access your Demo Site account');
    expect(text(r.root)).not.to.contain('No active session detected');
    expect(r.errors).to.deep.equal([]);
    r.unmount();
  });

  it('tokens the provider refuses: the login words and NoCurrentSessionError, not an error, and the consent follows a sign-in', async () => {
    let refuse = true;
    const fake = fakeClient({ signedIn: false, start: () => (refuse ? Promise.reject(apiError('session_not_found', 'Session could not be found.', 404)) : (undefined as never)) });
    (fake.client.session as Record<string, unknown>).getTokens = () => ({ session_token: 'stale', session_jwt: '' });
    const r = await renderIdp(QUERY, fake);
    expect(text(r.root)).to.contain('No active session detected. Please log in to continue.');
    expect(r.root.querySelector('[role="alert"]')).to.equal(null);
    expect(r.errors.map((e) => e.name)).to.deep.equal(['NoCurrentSessionError']);
    refuse = false;
    await act(async () => fake.signIn());
    await flush();
    expect(r.root.querySelector('h1')!.textContent).to.equal('Notes wants to access your Demo Site account');
    r.unmount();
  });

  it('an unknown app or unregistered redirect: the error is shown on the page (in the locale), reported, and the browser goes nowhere', async () => {
    const fake = fakeClient({ start: () => Promise.reject(apiError('invalid_redirect_uri', "The redirect_uri is not one of the connected app's registered redirect URLs.")) });
    const r = await renderIdp(QUERY, fake);
    expect(r.root.querySelector('[role="alert"]')!.textContent).to.contain('redirect_uri');
    expect(r.errors.map((e) => (e as { error_type?: string }).error_type)).to.deep.equal(['invalid_redirect_uri']);
    expect(r.went).to.deep.equal([]);
    r.unmount();
  });

  it("an app the member's organization does not allow: the official error's text in the reader's language, reported, and the browser goes nowhere", async () => {
    const refused = () => Promise.reject(apiError('connected_app_not_allowed_for_org', 'Your organization does not allow this third-party app.'));
    const r = await renderIdp(QUERY, fakeClient({ start: refused }), {}, { lang: 'de' });
    expect(r.root.querySelector('[role="alert"]')!.textContent).to.equal('Ihre Organisation lässt diese App nicht zu. Ein Administrator Ihrer Organisation kann sie zulassen.');
    expect(r.errors.map((e) => (e as { error_type?: string }).error_type)).to.deep.equal(['connected_app_not_allowed_for_org']);
    expect(r.went).to.deep.equal([]);
    r.unmount();
    const en = await renderIdp(QUERY, fakeClient({ start: refused }));
    expect(en.root.querySelector('[role="alert"]')!.textContent).to.equal('Your organization does not allow this app. An admin of your organization can allow it.');
    en.unmount();
  });

  it('a submit that fails keeps the screen with the error under its buttons', async () => {
    const fake = fakeClient({ submit: () => Promise.reject(apiError('pkce_required', 'A public client must send a code_challenge (PKCE, S256).')) });
    const r = await renderIdp(QUERY, fake);
    await click(button(r.root, 'Allow'));
    expect(r.root.querySelector('[role="alert"]')!.textContent).to.contain('code_challenge');
    expect(button(r.root, 'Allow')!.disabled).to.equal(false);
    expect(r.went).to.deep.equal([]);
    r.unmount();
  });

  it('a missing client_id is shown and reported (IDPOAuthFlowMissingParamError), nothing is called', async () => {
    const fake = fakeClient();
    const r = await renderIdp('?redirect_uri=https%3A%2F%2Fapp.example%2Fcb', fake);
    expect(r.root.querySelector('[role="alert"]')!.textContent).to.equal('Required parameter is missing: client_id. Please reach out to the application developer.');
    expect(r.errors.map((e) => e.name)).to.deep.equal(['IDPOAuthFlowMissingParamError']);
    expect(fake.calls.start).to.deep.equal([]);
    r.unmount();
  });

  it("an app registered by a metadata document: the redirect's host is shown beside its self-chosen name; without custom scopes the title is the sign-in one", async () => {
    const fake = fakeClient({ client: { client_id: 'https://agent.example/client.json', client_name: 'Agent', client_logo_url: undefined }, results: [RESULTS[0]!] });
    const r = await renderIdp('?client_id=https%3A%2F%2Fagent.example%2Fclient.json&redirect_uri=http%3A%2F%2F127.0.0.1%3A3334%2Fcb&scope=openid', fake);
    expect(r.root.querySelector('h1')!.textContent).to.equal('Sign in to Agent with Demo Site');
    expect(r.root.querySelector('strong')!.textContent).to.equal('127.0.0.1:3334');
    r.unmount();
  });

  it("getIDPConsentManifest draws the lines (items under 'Allow … to:'); details open by keyboard (a native disclosure)", async () => {
    const fake = fakeClient();
    const r = await renderIdp(QUERY, fake, { getIDPConsentManifest: ({ scopes, clientName }) => [{ text: `${clientName}: ${scopes.join(',')}`, details: ['one detail'] }, 'plain line'] });
    const t = text(r.root);
    expect(t).to.contain('Allow Notes to:');
    expect(t).to.contain('Notes: openid,email,read:notes');
    expect(t).to.contain('plain line');
    const summary = [...r.root.querySelectorAll('summary')].find((s) => s.textContent!.startsWith('Notes:'))!;
    expect(summary.closest('details')!.open).to.equal(false);
    await click(summary);
    expect(summary.closest('details')!.open).to.equal(true);
    r.unmount();
  });

  it('the official message ids: a site’s strings replace the texts; French and Arabic (right to left) from the locale', async () => {
    const r1 = await renderIdp(QUERY, fakeClient(), {}, { strings: { 'idpConsent.button.allow': 'Grant' } });
    expect(button(r1.root, 'Grant')).to.not.equal(undefined);
    r1.unmount();
    const r2 = await renderIdp(QUERY, fakeClient(), {}, { config: { locale: 'fr' } });
    expect(button(r2.root, 'Autoriser')).to.not.equal(undefined);
    expect(r2.root.querySelector('h1')!.textContent).to.equal('Notes souhaite accéder à votre compte Demo Site');
    r2.unmount();
    const r3 = await renderIdp(QUERY, fakeClient(), {}, { lang: 'ar' });
    expect(button(r3.root, 'سماح')).to.not.equal(undefined);
    expect(r3.root.querySelector('[dir]')!.getAttribute('dir')).to.equal('rtl');
    r3.unmount();
  });

  it('the logout: confirm, then the session ends and the browser goes to the registered post-logout redirect; No stays', async () => {
    const fake = fakeClient();
    const q = '?client_id=connected-app-test-1&post_logout_redirect_uri=https%3A%2F%2Fapp.example%2Fbye&state=q';
    const r = await renderIdp(q, fake);
    expect(fake.calls.logout).to.deep.equal([{ client_id: CLIENT.client_id, post_logout_redirect_uri: 'https://app.example/bye', state: 'q' }]);
    expect(r.root.querySelector('h1')!.textContent).to.equal('Log out?');
    expect(text(r.root)).to.contain('Are you sure you want to log out of your Demo Site account?');
    await click(button(r.root, 'Yes'));
    expect(fake.calls.revoke).to.equal(1);
    expect(r.went).to.deep.equal(['https://app.example/bye?state=q']);
    r.unmount();
    const r2 = await renderIdp(q, fakeClient());
    await click(button(r2.root, 'No'));
    expect(text(r2.root)).to.contain('You have not been logged out. You may close this page.');
    expect(r2.went).to.deep.equal([]);
    r2.unmount();
    const r3 = await renderIdp(q, fakeClient({ logoutConsent: false }));
    expect(r3.went, 'an ID token hint that names the user: no question').to.deep.equal(['https://app.example/bye?state=q']);
    r3.unmount();
  });
});
