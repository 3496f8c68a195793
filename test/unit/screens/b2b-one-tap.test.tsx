import { expect } from '@open-wc/testing';
import { createStore } from 'jotai';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { B2BApp } from '../../../screens/b2b/B2BApp.tsx';
import type { GoogleIdentity, OneTapEnv, PromptMoment } from '../../../screens/env.ts';
import { FakeClock, flush } from './helpers.tsx';

// Google One Tap in <stytch-b2b-ui> (issue 26): the shared lifecycle (useGoogleOneTap) with the
// B2B wire, a fake Google and a fake client.

const TEST_TOKEN = 'public-token-test-22222222-2222-2222-2222-222222222222';

function fakeGoogle(moment: PromptMoment) {
  const g = {
    options: undefined as Parameters<GoogleIdentity['initialize']>[0] | undefined,
    initialize(o: Parameters<GoogleIdentity['initialize']>[0]) {
      g.options = o;
    },
    prompt(listener?: (m: PromptMoment) => void) {
      listener?.(moment);
    },
    cancel() {},
  };
  return g;
}

const shown: PromptMoment = { isNotDisplayed: () => false, isSkippedMoment: () => false, isDismissedMoment: () => false };

function b2bClient(over: Record<string, unknown> = {}) {
  const calls: Array<[string, unknown]> = [];
  const client = {
    publicToken: TEST_TOKEN,
    bootstrap: { getSync: () => ({ disable_sdk_watermark: true, email_domains: [] }), onChange: () => () => {}, ready: () => Promise.resolve({}) },
    logEvent: () => {},
    organization: {
      getBySlug: () => Promise.resolve({ organization: { organization_id: 'organization-test-1', organization_name: 'Acme', sso_active_connections: [] } }),
    },
    oauth: {
      googleOneTap: {
        start: () => Promise.resolve({ google_client_id: 'google-client-1' }),
        submit: (o: unknown) => (calls.push(['submit', o]), Promise.resolve({ redirect_url: 'https://host.example/b2b?stytch_token_type=oauth&token=t' })),
        discovery: { submit: (o: unknown) => (calls.push(['discovery', o]), Promise.resolve({ redirect_url: 'https://host.example/b2b?stytch_token_type=discovery_oauth&token=d' })) },
      },
    },
    ...over,
  };
  return { client, calls };
}

async function render(config: object, client: unknown, oneTap: OneTapEnv) {
  const root = document.createElement('div');
  document.body.append(root);
  const r = createRoot(root);
  const errors: Error[] = [];
  await act(async () => {
    r.render(
      <B2BApp
        mode="b2b"
        store={createStore()}
        styles={{}}
        config={config}
        client={client}
        env={{ oneTap, timers: new FakeClock() }}
        callbacks={{ onEvent: () => {}, onError: (e) => errors.push(e) }}
      />,
    );
  });
  await flush();
  return { root, errors, unmount: () => (r.unmount(), root.remove()) };
}

const oauthOptions = {
  providers: [{ type: 'google', one_tap: true, cancel_on_tap_outside: false }, 'github'],
  loginRedirectURL: 'https://host.example/login',
  signupRedirectURL: 'https://host.example/signup',
  discoveryRedirectURL: 'https://host.example/discovery',
};

describe('B2B Google One Tap', () => {
  let r: Awaited<ReturnType<typeof render>> | undefined;
  afterEach(() => r?.unmount());

  it("discovery: Google's floating prompt beside the button; its credential goes to the discovery submit and the page follows the answer", async () => {
    const g = fakeGoogle(shown);
    const navigations: string[] = [];
    const { client, calls } = b2bClient();
    r = await render({ products: ['oauth'], authFlowType: 'Discovery', oauthOptions }, client, {
      loadGoogle: () => Promise.resolve(g),
      supportsFedCM: () => false,
      navigate: (u) => navigations.push(u),
      origin: () => 'https://host.example',
    });
    expect(g.options).to.deep.include({ client_id: 'google-client-1', cancel_on_tap_outside: false });
    // Floating: no embedded parent; the buttons stay (Google is not the only way in).
    expect(g.options && 'prompt_parent_id' in g.options).to.equal(false);
    expect([...r.root.querySelectorAll('[part~="oauth-button"]')].map((b) => b.textContent)).to.deep.equal(['Continue with Google', 'Continue with GitHub']);
    await act(async () => g.options!.callback({ credential: 'google-credential' }));
    await flush();
    expect(calls).to.deep.equal([['discovery', { id_token: 'google-credential', discovery_redirect_url: 'https://host.example/discovery' }]]);
    expect(navigations).to.deep.equal(['https://host.example/b2b?stytch_token_type=discovery_oauth&token=d']);
  });

  it("organization: the credential goes to the organization's submit with the login and signup redirect URLs", async () => {
    const g = fakeGoogle(shown);
    const { client, calls } = b2bClient();
    r = await render({ products: ['oauth', 'emailOtp'], authFlowType: 'Organization', organizationSlug: 'acme', oauthOptions }, client, {
      loadGoogle: () => Promise.resolve(g),
      supportsFedCM: () => false,
      navigate: () => {},
      origin: () => 'https://host.example',
    });
    await act(async () => g.options!.callback({ credential: 'c2' }));
    await flush();
    expect(calls).to.deep.equal([
      ['submit', { id_token: 'c2', organization_id: 'organization-test-1', login_redirect_url: 'https://host.example/login', signup_redirect_url: 'https://host.example/signup' }],
    ]);
  });

  it('without a Google client the button stays, with the developer message for a test token; Google alone with its prompt showing hides the button', async () => {
    const apiError = Object.assign(new Error('x'), { name: 'StytchAPIError', status_code: 400, error_type: 'oauth_config_not_found', error_message: 'x', error_url: '' });
    const env = { loadGoogle: () => Promise.reject(new Error('unused')), supportsFedCM: () => false, navigate: () => {}, origin: () => 'https://host.example' };
    const none = b2bClient({ oauth: { googleOneTap: { start: () => Promise.reject(apiError) } } });
    r = await render({ products: ['oauth'], authFlowType: 'Discovery', oauthOptions }, none.client, env);
    expect(r.root.querySelector('[part~="one-tap-error"]')?.textContent).to.contain('no Google OAuth client is configured');
    expect(r.root.querySelector('[part~="oauth-button"]')?.textContent).to.equal('Continue with Google');
    r.unmount();
    const g = fakeGoogle(shown);
    r = await render({ products: ['oauth'], authFlowType: 'Discovery', oauthOptions: { ...oauthOptions, providers: [{ type: 'google', one_tap: true }] } }, b2bClient().client, {
      ...env,
      loadGoogle: () => Promise.resolve(g),
    });
    expect(r.root.querySelector('[part~="oauth-button"]')).to.equal(null);
  });

  it('Discovery with passwords and OAuth: the password sign-in is Main, with the providers under it after the or line', async () => {
    const env = { loadGoogle: () => Promise.reject(new Error('unused')), supportsFedCM: () => false, navigate: () => {}, origin: () => 'https://host.example' };
    r = await render({ products: ['passwords', 'oauth'], authFlowType: 'Discovery', oauthOptions: { providers: ['slack', 'hubspot'] } }, b2bClient().client, env);
    expect(r.root.querySelector('h1')?.textContent).to.equal('Log in with email and password');
    expect([...r.root.querySelectorAll('[part~="oauth-button"]')].map((b) => b.textContent)).to.deep.equal(['Continue with Slack', 'Continue with HubSpot']);
    const form = r.root.querySelector('form')!;
    const divider = r.root.querySelector('[part="divider"]')!;
    expect(form.compareDocumentPosition(divider) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
  });
});
