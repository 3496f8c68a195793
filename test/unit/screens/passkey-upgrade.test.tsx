import { expect } from '@open-wc/testing';
import { DEVICE_PASSKEY_KEY, DEVICE_PASSKEY_LIMIT, deviceHasPasskey, forgetDevice, isMarked, markDevice, upgradeWay } from '../../../screens/passkey/upgrade.ts';
import { otpExpiryAtom, otpStateAtom, screenAtom, signInMethodAtom, transitionAtom } from '../../../screens/state/atoms.ts';
import { apiError, button, click, flush, renderApp, renderLogin, type Rendered, type } from './helpers.tsx';

const UA = globalThis.navigator.userAgent;
const HOST = globalThis.location.hostname;

/** A Map-backed Storage stand-in. */
function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

describe('passkey upgrade rules (passkey/upgrade.ts)', () => {
  const facts = { userId: 'user-1', registrations: [], userAgent: UA, rpId: 'example.com', marked: false };

  it('knows a device by its marker, or by a registration of this browser for this relying party', () => {
    expect(deviceHasPasskey(facts)).to.equal(false);
    expect(deviceHasPasskey({ ...facts, marked: true })).to.equal(true);
    expect(deviceHasPasskey({ ...facts, registrations: [{ domain: 'example.com', user_agent: UA }] })).to.equal(true);
    // Another browser, or another relying party: not this device's.
    expect(deviceHasPasskey({ ...facts, registrations: [{ domain: 'example.com', user_agent: 'Mozilla/5.0 (iPhone)' }] })).to.equal(false);
    expect(deviceHasPasskey({ ...facts, registrations: [{ domain: 'other.example', user_agent: UA }] })).to.equal(false);
    // A browser that names no user agent matches nothing.
    expect(deviceHasPasskey({ ...facts, userAgent: '', registrations: [{ domain: 'example.com', user_agent: '' }] })).to.equal(false);
  });

  it('remembers users per browser, most recent first, at most DEVICE_PASSKEY_LIMIT, and survives bad or blocked storage', () => {
    const s = memoryStorage();
    expect(isMarked(s, 'user-1')).to.equal(false);
    markDevice(s, 'user-1');
    markDevice(s, 'user-2');
    markDevice(s, 'user-1');
    expect(JSON.parse(s.getItem(DEVICE_PASSKEY_KEY)!)).to.deep.equal(['user-1', 'user-2']);
    for (let i = 0; i < DEVICE_PASSKEY_LIMIT + 5; i++) markDevice(s, `u${i}`);
    const list = JSON.parse(s.getItem(DEVICE_PASSKEY_KEY)!) as string[];
    expect(list).to.have.length(DEVICE_PASSKEY_LIMIT);
    expect(list[0]).to.equal(`u${DEVICE_PASSKEY_LIMIT + 4}`);
    expect(isMarked(s, 'user-1')).to.equal(false);
    markDevice(s, '');
    expect(isMarked(s, '')).to.equal(false);
    forgetDevice(s, `u${DEVICE_PASSKEY_LIMIT + 4}`);
    expect(isMarked(s, `u${DEVICE_PASSKEY_LIMIT + 4}`)).to.equal(false);
    expect(isMarked(s, `u${DEVICE_PASSKEY_LIMIT + 3}`)).to.equal(true);

    expect(isMarked(memoryStorage({ [DEVICE_PASSKEY_KEY]: 'not json' }), 'user-1')).to.equal(false);
    expect(isMarked(memoryStorage({ [DEVICE_PASSKEY_KEY]: '{"user-1":true}' }), 'user-1')).to.equal(false);
    const bad = memoryStorage({ [DEVICE_PASSKEY_KEY]: 'not json' });
    markDevice(bad, 'user-1');
    expect(isMarked(bad, 'user-1')).to.equal(true);
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    markDevice(blocked, 'user-1');
    expect(isMarked(blocked, 'user-1')).to.equal(false);
  });

  it('creates conditionally only after a password the browser could have filled, where it can', () => {
    expect(upgradeWay('password', true)).to.equal('conditional');
    expect(upgradeWay('password', false)).to.equal('prompt');
    expect(upgradeWay('otp', true)).to.equal('prompt');
    expect(upgradeWay('magic_link', true)).to.equal('prompt');
  });
});

interface Reg {
  domain: string;
  user_agent: string;
}

/** The client parts the upgrade touches, with a scripted browser. */
function upgradeClient(o: { regs?: Reg[]; platform?: boolean; conditional?: boolean; register?: (opts: Record<string, unknown>) => Promise<unknown>; noTokens?: boolean } = {}) {
  const calls = { register: [] as Record<string, unknown>[] };
  const user = { user_id: 'user-1', webauthn_registrations: o.regs ?? [] };
  return {
    calls,
    client: {
      session: { getTokens: () => (o.noTokens ? null : { session_token: 't', session_jwt: 'j' }) },
      user: { getSync: () => user, get: () => Promise.resolve(user), onChange: () => () => {} },
      webauthn: {
        browserSupportsAutofill: () => Promise.resolve(false),
        authenticate: () => Promise.resolve(null),
        browserSupportsPlatformPasskey: () => Promise.resolve(o.platform ?? true),
        browserSupportsConditionalCreate: () => Promise.resolve(o.conditional ?? false),
        register: (opts: Record<string, unknown>) => {
          calls.register.push(opts);
          return o.register ? o.register(opts) : Promise.resolve({ user_id: 'user-1', webauthn_registration_id: 'reg-new' });
        },
      },
      otps: { authenticate: () => Promise.resolve({ user_id: 'user-1' }) },
    },
  };
}

const OTP_CONFIG = { products: ['otp', 'passkeys'], otpOptions: { methods: ['email'] } };
const PASSWORD_CONFIG = { products: ['passwords', 'passkeys'] };

/** The widget on a success screen after a sign-in by `method`. */
function atSuccess(
  c: ReturnType<typeof upgradeClient>,
  method: 'password' | 'otp' | 'magic_link' | 'oauth',
  config: object = method === 'otp' ? OTP_CONFIG : PASSWORD_CONFIG,
  storage = memoryStorage(),
) {
  return renderLogin(
    config,
    c.client,
    (store) => {
      store.set(signInMethodAtom, method);
      store.set(screenAtom, method === 'otp' ? 'OTPConfirmation' : 'PasswordConfirmation');
    },
    { deviceStorage: storage },
  );
}

const statusText = (m: Rendered) => m.root.querySelector('[role="status"]')?.textContent;
const OFFER = 'Sign in faster next time: add a passkey and use your fingerprint, face or screen lock.';
const ADDED = 'Passkey added. Next time, sign in with your fingerprint, face or screen lock.';
const denied = () => Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });

describe('passkey upgrade on the success screens', () => {
  let m: Rendered | undefined;
  afterEach(() => m?.unmount());

  it('after a passcode sign-in, offers a passkey in one tap; it is registered, announced, remembered and reported', async () => {
    const c = upgradeClient({ conditional: true });
    const storage = memoryStorage();
    // Through the passcode screen, so the flow itself says how the user signed in.
    m = await renderLogin(
      OTP_CONFIG,
      c.client,
      (store) => {
        store.set(otpStateAtom, { type: 'email', methodId: 'email-1', otpDestination: 'a@example.com' });
        store.set(otpExpiryAtom, Date.now() + 60_000);
        store.set(transitionAtom, 'OTPAuthenticate');
      },
      { deviceStorage: storage },
    );
    await type(m.root.querySelector('input')!, '123456');
    await flush();
    expect(m.root.querySelector('h1')!.textContent).to.equal('Your passcode has been successfully verified.');
    // A passcode leaves nothing for the password manager to upgrade: the prompt, even where conditional create exists.
    expect(statusText(m)).to.equal(OFFER);
    await click(button(m.root, 'Add a passkey'));
    expect(c.calls.register).to.deep.equal([{ is_passkey: true, session_duration_minutes: 30, domain: undefined }]);
    expect(statusText(m)).to.equal(ADDED);
    expect(button(m.root, 'Add a passkey')).to.equal(undefined);
    // The button went away under the keyboard user's focus: focus moves to the news.
    expect(m.root.ownerDocument.activeElement).to.equal(m.root.querySelector('[role="status"]'));
    expect(m.events.map((e) => e.type)).to.deep.equal(['OTP_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE', 'PASSKEY_REGISTER']);
    expect(isMarked(storage, 'user-1')).to.equal(true);
  });

  it('after a password, makes the passkey by conditional create where the browser can, without a button', async () => {
    const c = upgradeClient({ conditional: true });
    m = await atSuccess(c, 'password');
    expect(c.calls.register).to.have.length(1);
    expect(c.calls.register[0]!.conditional_mediation).to.equal(true);
    expect(c.calls.register[0]!.signal).to.be.instanceOf(AbortSignal);
    expect(statusText(m)).to.equal(ADDED);
    expect(button(m.root, 'Add a passkey')).to.equal(undefined);
    // Made quietly: focus stays where the success screen put it.
    expect(m.root.ownerDocument.activeElement).not.to.equal(m.root.querySelector('[role="status"]'));
    expect(m.events.map((e) => e.type)).to.deep.equal(['AUTHENTICATE_FLOW_COMPLETE', 'PASSKEY_REGISTER']);
  });

  it('when the browser declines to create quietly, offers the one-tap prompt instead', async () => {
    let n = 0;
    const c = upgradeClient({ conditional: true, register: () => (n++ === 0 ? Promise.reject(denied()) : Promise.resolve({ user_id: 'user-1' })) });
    m = await atSuccess(c, 'password');
    expect(statusText(m)).to.equal(OFFER);
    await click(button(m.root, 'Add a passkey'));
    expect(c.calls.register.map((r) => r.conditional_mediation)).to.deep.equal([true, undefined]);
    expect(statusText(m)).to.equal(ADDED);
    expect(m.errors).to.deep.equal([]);
  });

  it("a magic link opened on the widget's page signs in and offers the prompt; an OAuth return does not", async () => {
    const start = location.href;
    try {
      for (const [type, offered] of [
        ['magic_links', true],
        ['oauth', false],
      ] as const) {
        history.replaceState(null, '', `?token=tok-1&stytch_token_type=${type}`);
        const c = upgradeClient();
        const client = { ...c.client, magicLinks: { authenticate: () => Promise.resolve({ user_id: 'user-1' }) }, oauth: { authenticate: () => Promise.resolve({ user_id: 'user-1' }) } };
        m = await renderLogin(PASSWORD_CONFIG, client, undefined, { deviceStorage: memoryStorage() });
        await flush();
        expect(m.root.querySelector('h1')!.textContent).to.equal('Success!');
        expect(button(m.root, 'Add a passkey') !== undefined).to.equal(offered);
        m.unmount();
        m = undefined;
      }
    } finally {
      history.replaceState(null, '', start);
    }
  });

  it('offers the prompt after a magic link, and where conditional create is unavailable after a password', async () => {
    m = await atSuccess(upgradeClient(), 'magic_link');
    expect(button(m.root, 'Add a passkey')).not.to.equal(undefined);
    m.unmount();
    const c = upgradeClient({ conditional: false });
    m = await atSuccess(c, 'password');
    expect(c.calls.register).to.deep.equal([]);
    expect(statusText(m)).to.equal(OFFER);
  });

  it('a cancelled prompt leaves the offer as it was; a failure says so and can be tried again', async () => {
    let answer: () => Promise<unknown> = () => Promise.reject(denied());
    const c = upgradeClient({ register: () => answer() });
    m = await atSuccess(c, 'otp');
    await click(button(m.root, 'Add a passkey'));
    expect(m.root.querySelector('[role="alert"]')).to.equal(null);
    expect(button(m.root, 'Add a passkey')!.disabled).to.equal(false);
    expect(m.errors).to.deep.equal([]);
    answer = () => Promise.reject(apiError('invalid_public_key_credential', 'bad'));
    await click(button(m.root, 'Add a passkey'));
    expect(m.root.querySelector('[role="alert"]')!.textContent).to.equal('The passkey was not added. Please try again.');
    expect(m.errors.map((e) => e.message)).to.deep.equal(['[400] invalid_public_key_credential']);
    answer = () => Promise.resolve({ user_id: 'user-1' });
    await click(button(m.root, 'Add a passkey'));
    expect(m.root.querySelector('[role="alert"]')).to.equal(null);
    expect(statusText(m)).to.equal(ADDED);
  });

  it('never offers on a device that has a passkey of this user: marked here, or registered by this browser', async () => {
    const c = upgradeClient();
    m = await atSuccess(c, 'otp', OTP_CONFIG, memoryStorage({ [DEVICE_PASSKEY_KEY]: '["user-1"]' }));
    expect(m.root.querySelector('[part="passkey-upgrade"]')).to.equal(null);
    m.unmount();
    m = await atSuccess(upgradeClient({ regs: [{ domain: HOST, user_agent: UA }] }), 'otp');
    expect(m.root.querySelector('[part="passkey-upgrade"]')).to.equal(null);
    m.unmount();
    // A passkey on another device does not count: this one is offered its own.
    m = await atSuccess(upgradeClient({ regs: [{ domain: HOST, user_agent: 'Mozilla/5.0 (iPhone)' }] }), 'otp');
    expect(button(m.root, 'Add a passkey')).not.to.equal(undefined);
    expect(c.calls.register).to.deep.equal([]);
  });

  it('a browser that refuses for an excluded credential (a passkey here already) is remembered, quietly or from the prompt', async () => {
    const excluded = () => Object.assign(new Error('excluded'), { name: 'InvalidStateError' });
    const storage = memoryStorage();
    m = await atSuccess(upgradeClient({ conditional: true, register: () => Promise.reject(excluded()) }), 'password', PASSWORD_CONFIG, storage);
    expect(m.root.querySelector('[part="passkey-upgrade"]')).to.equal(null);
    expect(isMarked(storage, 'user-1')).to.equal(true);
    m.unmount();
    const other = memoryStorage();
    m = await atSuccess(upgradeClient({ register: () => Promise.reject(excluded()) }), 'otp', OTP_CONFIG, other);
    await click(button(m.root, 'Add a passkey'));
    expect(m.root.querySelector('[role="alert"]')!.textContent).to.contain('already registered');
    expect(isMarked(other, 'user-1')).to.equal(true);
  });

  it('offers nothing when off, without passkeys in products (unless asked), after OAuth, or without a platform authenticator or session', async () => {
    const none = (r: Rendered) => r.root.querySelector('[part="passkey-upgrade"]') === null;
    m = await atSuccess(upgradeClient(), 'otp', { ...OTP_CONFIG, passkeyUpgrade: false });
    expect(none(m)).to.equal(true);
    m.unmount();
    m = await atSuccess(upgradeClient(), 'otp', { products: ['otp'], otpOptions: { methods: ['email'] } });
    expect(none(m)).to.equal(true);
    m.unmount();
    m = await atSuccess(upgradeClient(), 'otp', { products: ['otp'], otpOptions: { methods: ['email'] }, passkeyUpgrade: true });
    expect(none(m)).to.equal(false);
    m.unmount();
    m = await atSuccess(upgradeClient(), 'oauth');
    expect(none(m)).to.equal(true);
    m.unmount();
    m = await atSuccess(upgradeClient({ platform: false }), 'otp');
    expect(none(m)).to.equal(true);
    m.unmount();
    m = await atSuccess(upgradeClient({ noTokens: true }), 'otp');
    expect(none(m)).to.equal(true);
    expect(m.errors).to.deep.equal([]);
  });
});

describe('the device marker and the passkey list', () => {
  it('deleting the last passkey in <stytch-passkey-registration> forgets this device, so the upgrade may offer again', async () => {
    let regs = [{ webauthn_registration_id: 'reg-1', name: 'Laptop', user_agent: UA, domain: HOST, verified: true, authenticator_type: 'platform' }];
    const user = () => ({ user_id: 'user-1', webauthn_registrations: regs });
    const storage = memoryStorage({ [DEVICE_PASSKEY_KEY]: '["user-2","user-1"]' });
    const client = {
      session: { getTokens: () => ({ session_token: 't', session_jwt: 'j' }), onChange: () => () => {} },
      user: {
        getSync: () => null,
        get: () => Promise.resolve(user()),
        onChange: () => () => {},
        deleteWebauthnRegistration: (id: string) => {
          regs = regs.filter((r) => r.webauthn_registration_id !== id);
          return Promise.resolve({ user_id: 'user-1', user: user() });
        },
      },
      webauthn: {},
      logEvent: () => {},
    };
    const m = await renderApp({ mode: 'passkey-registration', config: {}, client }, undefined, { deviceStorage: storage });
    try {
      await click(button(m.root, 'Delete Laptop'));
      await click(button(m.root, 'Delete'));
      expect(isMarked(storage, 'user-1')).to.equal(false);
      expect(isMarked(storage, 'user-2')).to.equal(true);
    } finally {
      m.unmount();
    }
  });
});
