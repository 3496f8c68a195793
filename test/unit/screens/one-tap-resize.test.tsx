import { expect } from '@open-wc/testing';
import type { GoogleIdentity, OneTapEnv } from '../../../screens/env.ts';
import { renderLogin, type Rendered } from './helpers.tsx';

const TEST_TOKEN = 'public-token-test-11111111-1111-1111-1111-111111111111';

/** Two frames: long enough for the browser to deliver a ResizeObserver notification. */
const frames = () => new Promise<void>((res) => requestAnimationFrame(() => requestAnimationFrame(() => res())));

describe('Google One Tap embedded slot resize (SPEC §9 resize debounce 100 ms)', () => {
  let r: Rendered | undefined;
  afterEach(() => r?.unmount());

  it('follows the prompt height only once it has settled for 100 ms', async () => {
    let options: Parameters<GoogleIdentity['initialize']>[0] | undefined;
    const google: GoogleIdentity = {
      initialize: (o) => void (options = o),
      prompt: (listener) => listener?.({ isNotDisplayed: () => false, isSkippedMoment: () => false }),
      cancel: () => {},
    } as GoogleIdentity;
    const env: OneTapEnv = {
      loadGoogle: () => Promise.resolve(google),
      supportsFedCM: () => false,
      navigate: () => {},
      origin: () => 'https://host.example',
    };
    const config = {
      products: ['oauth'],
      oauthOptions: { providers: [{ type: 'google', one_tap: true, position: 'embedded' }], loginRedirectURL: 'https://host.example/l', signupRedirectURL: 'https://host.example/s' },
    };
    r = await renderLogin(config, { publicToken: TEST_TOKEN, oneTap: { start: () => Promise.resolve({ googleClientId: 'client-1.apps', oauthCallbackId: 'cb-1' }) } }, undefined, { oneTap: env });
    const slot = r.root.querySelector<HTMLElement>('[part="one-tap"]')!;
    expect(slot.dataset.state).to.equal('shown');
    slot.style.transition = 'none';
    expect(getComputedStyle(slot).height).to.equal('47px');
    // Google draws its prompt into the parent it was given.
    const prompt = document.createElement('div');
    prompt.style.height = '120px';
    r.root.querySelector(`#${options!.prompt_parent_id}`)!.append(prompt);
    await frames();
    expect(getComputedStyle(slot).height).to.equal('47px');
    await r.clock.advance(99);
    expect(getComputedStyle(slot).height).to.equal('47px');
    await r.clock.advance(1);
    expect(getComputedStyle(slot).height).to.equal('120px');
  });
});
