import { expect } from '@open-wc/testing';
import { createStore } from 'jotai';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { LoginApp as App } from '../../../screens/login/LoginApp.tsx';
import type { WidgetClient } from '../../../screens/context.ts';
import type { GoogleIdentity, OneTapEnv, PromptMoment } from '../../../screens/env.ts';
import { oneTapMode } from '../../../screens/components/oneTap/oneTapPositions.ts';
import { baseClient, button, flush, renderLogin, type Rendered } from './helpers.tsx';

const TEST_TOKEN = 'public-token-test-11111111-1111-1111-1111-111111111111';
const LIVE_TOKEN = 'public-token-live-11111111-1111-1111-1111-111111111111';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function apiError(error_type: string) {
  return Object.assign(new Error(error_type), { name: 'StytchAPIError', status_code: 400, error_type, error_message: error_type, error_url: '' });
}

/** A fake Google Identity Services whose prompt reports what the test says. */
function fakeGoogle(moment: PromptMoment) {
  const g = {
    options: undefined as Parameters<GoogleIdentity['initialize']>[0] | undefined,
    cancelled: 0,
    initialize(o: Parameters<GoogleIdentity['initialize']>[0]) {
      g.options = o;
    },
    prompt(listener?: (m: PromptMoment) => void) {
      listener?.(moment);
    },
    cancel() {
      g.cancelled++;
    },
  };
  return g;
}

function env(over: Partial<OneTapEnv> = {}) {
  const logs: unknown[][] = [];
  const navigations: string[] = [];
  const e: OneTapEnv = {
    loadGoogle: () => Promise.reject(new Error('no Google in this test')),
    supportsFedCM: () => false,
    navigate: (url) => navigations.push(url),
    origin: () => 'https://host.example',
    ...over,
  };
  const log = (...a: unknown[]) => void logs.push(a);
  return { e, log, logs, navigations };
}

const config = (position?: string, extra: object[] = []) => ({
  products: ['oauth'],
  oauthOptions: {
    providers: [{ type: 'google', one_tap: true, ...(position ? { position } : {}) }, ...extra],
    loginRedirectURL: 'https://host.example/l',
    signupRedirectURL: 'https://host.example/s',
  },
});

describe('Google One Tap', () => {
  let r: Rendered | undefined;
  afterEach(() => r?.unmount());

  it('maps the five positions to a prompt mode, FedCM turning embedded into floating', () => {
    expect(['embedded', 'floating', 'embeddedOnly', 'floatingOrEmbedded', 'forceLegacyEmbedded', undefined].map((p) => oneTapMode(p, false))).to.deep.equal([
      'embedded',
      'floating',
      'embedded',
      'embedded',
      'embedded',
      'floating',
    ]);
    expect(['embedded', 'floating', 'embeddedOnly', 'floatingOrEmbedded', 'forceLegacyEmbedded'].map((p) => oneTapMode(p, true))).to.deep.equal([
      'floating',
      'floating',
      'none',
      'floating',
      'embedded',
    ]);
  });

  it('embedded: a 47 px pending spinner, then on an unknown failure the Google button, the failure only logged', async () => {
    const start = deferred<{ googleClientId: string; oauthCallbackId: string }>();
    const x = env();
    r = await renderLogin(config('embedded'), { publicToken: TEST_TOKEN, oneTap: { start: () => start.promise } }, undefined, { oneTap: x.e, log: x.log });
    const slot = r.root.querySelector<HTMLElement>('[part="one-tap"]')!;
    expect(slot.dataset.state).to.equal('pending');
    expect(getComputedStyle(slot).height).to.equal('47px');
    const spinner = r.root.querySelector('[role="status"] [part="spinner"]')!;
    expect(spinner.getAttribute('aria-label')).to.equal('Loading Google One Tap');
    expect(spinner.getAttribute('width')).to.equal('25');
    expect(button(r.root, 'Continue with Google')).to.equal(undefined);
    await act(async () => start.reject(apiError('unknown_reason')));
    await flush();
    expect(r.root.querySelector('[part="one-tap"]')).to.equal(null);
    expect(button(r.root, 'Continue with Google')).to.not.equal(undefined);
    expect(r.root.querySelector('[part~="one-tap-error"]')).to.equal(null);
    expect(x.logs.map((l) => l[0])).to.deep.equal(['One Tap could not load']);
    expect(r.errors).to.deep.equal([]);
  });

  for (const [kind, snippet] of [
    ['oauth_config_not_found', 'no Google OAuth client is configured'],
    ['no_login_redirect_urls_set', 'oauthOptions.loginRedirectURL'],
    ['no_signup_redirect_urls_set', 'oauthOptions.signupRedirectURL'],
    ['default_provider_not_allowed', 'default OAuth provider'],
    ['invalid_client', 'does not recognise the OAuth client ID'],
    ['origin_not_allowed_for_client', 'https://host.example is not an authorized JavaScript origin'],
  ] as const) {
    it(`${kind}: a developer message with a test token only, and the Google button either way`, async () => {
      for (const token of [TEST_TOKEN, LIVE_TOKEN]) {
        const x = env();
        r = await renderLogin(config('floating'), { publicToken: token, oneTap: { start: () => Promise.reject(apiError(kind)) } }, undefined, { oneTap: x.e, log: x.log });
        const msg = r.root.querySelector('[part~="one-tap-error"]');
        if (token === TEST_TOKEN) expect(msg?.textContent).to.include(snippet);
        else expect(msg).to.equal(null);
        expect(button(r.root, 'Continue with Google')).to.not.equal(undefined);
        expect(x.logs).to.deep.equal([]);
        r.unmount();
        r = undefined;
      }
    });
  }

  it('an empty Google client id is oauth_config_not_found', async () => {
    const x = env();
    r = await renderLogin(config('embedded'), { publicToken: TEST_TOKEN, oneTap: { start: () => Promise.resolve({ googleClientId: '', oauthCallbackId: 'cb' }) } }, undefined, {
      oneTap: x.e,
      log: x.log,
    });
    expect(r.root.querySelector('[part~="one-tap-error"]')!.textContent).to.include('no Google OAuth client is configured');
  });

  it('shown: the prompt sits in the embedded slot; a credential is exchanged and the page goes to the redirect URL', async () => {
    const google = fakeGoogle({ isNotDisplayed: () => false, isSkippedMoment: () => false });
    const submits: unknown[] = [];
    const x = env({ loadGoogle: () => Promise.resolve(google) });
    r = await renderLogin(
      config('embedded'),
      {
        publicToken: TEST_TOKEN,
        oneTap: {
          start: () => Promise.resolve({ googleClientId: 'client-1.apps', oauthCallbackId: 'cb-1' }),
          submit: (o: unknown) => (submits.push(o), Promise.resolve({ redirect_url: 'https://host.example/l?stytch_token_type=oauth&token=t' })),
        },
      },
      undefined,
      { oneTap: x.e, log: x.log },
    );
    const slot = r.root.querySelector<HTMLElement>('[part="one-tap"]')!;
    expect(slot.dataset.state).to.equal('shown');
    expect(google.options!.client_id).to.equal('client-1.apps');
    expect(r.root.querySelector(`#${google.options!.prompt_parent_id}`)).to.not.equal(null);
    expect(button(r.root, 'Continue with Google')).to.equal(undefined);
    await act(async () => google.options!.callback({ credential: 'id-token' }));
    await flush();
    expect(submits).to.deep.equal([{ idToken: 'id-token', oauthCallbackId: 'cb-1', loginRedirectURL: 'https://host.example/l', signupRedirectURL: 'https://host.example/s' }]);
    expect(x.navigations).to.deep.equal(['https://host.example/l?stytch_token_type=oauth&token=t']);
    r.unmount();
    r = undefined;
    expect(google.cancelled).to.equal(1);
  });

  it('a cancelled prompt brings back the Google button without a message or a log', async () => {
    const google = fakeGoogle({ isSkippedMoment: () => true, getSkippedReason: () => 'user_cancel' });
    const x = env({ loadGoogle: () => Promise.resolve(google) });
    r = await renderLogin(config('forceLegacyEmbedded'), { publicToken: TEST_TOKEN, oneTap: { start: () => Promise.resolve({ googleClientId: 'c', oauthCallbackId: 'cb' }) } }, undefined, {
      oneTap: x.e,
      log: x.log,
    });
    expect(button(r.root, 'Continue with Google')).to.not.equal(undefined);
    expect(r.root.querySelector('[part~="one-tap-error"]')).to.equal(null);
    expect(x.logs).to.deep.equal([]);
  });

  it('a prompt Google refuses for this origin shows the origin message with a test token', async () => {
    const google = fakeGoogle({ isNotDisplayed: () => true, getNotDisplayedReason: () => 'unregistered_origin' });
    const x = env({ loadGoogle: () => Promise.resolve(google) });
    r = await renderLogin(config('embedded'), { publicToken: TEST_TOKEN, oneTap: { start: () => Promise.resolve({ googleClientId: 'c', oauthCallbackId: 'cb' }) } }, undefined, {
      oneTap: x.e,
      log: x.log,
    });
    expect(r.root.querySelector('[part~="one-tap-error"]')!.textContent).to.include('not an authorized JavaScript origin');
    expect(button(r.root, 'Continue with Google')).to.not.equal(undefined);
  });

  it('embeddedOnly under FedCM shows no prompt and asks nothing, only the button', async () => {
    let asked = 0;
    const x = env({ supportsFedCM: () => true });
    r = await renderLogin(config('embeddedOnly'), { publicToken: TEST_TOKEN, oneTap: { start: () => (asked++, Promise.reject(apiError('x'))) } }, undefined, { oneTap: x.e, log: x.log });
    expect(asked).to.equal(0);
    expect(button(r.root, 'Continue with Google')).to.not.equal(undefined);
    expect(x.logs).to.deep.equal([]);
  });

  it('floating shows the Google button while the prompt loads, beside the other providers', async () => {
    const x = env();
    r = await renderLogin(config('floating', [{ type: 'github' }]), { publicToken: TEST_TOKEN, oneTap: { start: () => new Promise(() => undefined) } }, undefined, { oneTap: x.e, log: x.log });
    expect(button(r.root, 'Continue with Google')).to.not.equal(undefined);
    expect(button(r.root, 'Continue with GitHub')).to.not.equal(undefined);
    expect(r.root.querySelector('[part="one-tap"]')).to.equal(null);
  });

  it("inside a shadow root the prompt parent is in the host's light DOM, slotted into the embedded slot", async () => {
    const google = fakeGoogle({ isNotDisplayed: () => false });
    const x = env({ loadGoogle: () => Promise.resolve(google) });
    const host = document.createElement('div');
    document.body.append(host);
    const mount = document.createElement('div');
    host.attachShadow({ mode: 'open' }).append(mount);
    const store = createStore();
    const client = { ...baseClient(), publicToken: TEST_TOKEN, oneTap: { start: () => Promise.resolve({ googleClientId: 'c', oauthCallbackId: 'cb' }) } };
    const root = createRoot(mount);
    await act(async () => {
      root.render(
        <App
          mode="login"
          store={store}
          config={config('embedded')}
          styles={{}}
          env={{ oneTap: x.e, log: x.log }}
          client={client as unknown as WidgetClient}
          callbacks={{ onEvent: () => {}, onError: () => {} }}
        />,
      );
    });
    await flush();
    const id = google.options!.prompt_parent_id!;
    const parent = document.getElementById(id)!;
    expect(parent.parentElement).to.equal(host);
    expect(mount.querySelector(`slot[name="${id}"]`)).to.not.equal(null);
    expect(parent.assignedSlot?.name).to.equal(id);
    await act(async () => root.unmount());
    expect(document.getElementById(id)).to.equal(null);
    host.remove();
  });
});
