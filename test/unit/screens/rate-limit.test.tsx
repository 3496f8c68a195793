import { expect } from '@open-wc/testing';
import { createStore } from 'jotai';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { B2BApp } from '../../../screens/b2b/B2BApp.tsx';
import { b2bEmailAtom, discoveredAtom, mfaAtom, type MfaState } from '../../../screens/b2b/state.ts';
import { otpExpiryAtom, otpStateAtom, passwordStateAtom, transitionAtom } from '../../../screens/state/atoms.ts';
import { apiError, button, click, FakeClock, flush, renderLogin, type Rendered, type } from './helpers.tsx';
import { passwordClient } from './password-fakes.ts';

/** A 429 as the client throws it: the provider's error with the Retry-After seconds kept. */
const locked = (seconds: number) => Object.assign(apiError('too_many_failed_attempts', 'Too many failed attempts. Please wait and try again.', 429), { retry_after_seconds: seconds });

async function atOtp(authenticate: () => Promise<unknown>, extra: object = {}, send: () => Promise<unknown> = () => Promise.resolve({ method_id: 'phone-number-2' })): Promise<Rendered> {
  const client = { otps: { authenticate, sms: { loginOrCreate: send } }, logEvent: () => {}, phone: { format: (p: string) => Promise.resolve(p) } };
  return renderLogin({ products: ['otp'], otpOptions: { methods: ['sms'] }, ...extra }, client, (store) => {
    store.set(otpStateAtom, { type: 'sms', methodId: 'phone-number-1', otpDestination: '+12015550123' });
    store.set(otpExpiryAtom, 1_700_000_000_000 + 5 * 60_000);
    store.set(transitionAtom, 'OTPAuthenticate');
  });
}

const input = (r: Rendered) => r.root.querySelector<HTMLInputElement>('input[autocomplete="one-time-code"]')!;
const shown = (r: Rendered) => r.root.querySelector('[part="error"]')?.textContent ?? '';
/** The form's polite region (the card's toast region is another status). */
const status = (r: Rendered) => r.root.querySelector('form [role="status"]')?.textContent;

describe('a rate limit (429 with Retry-After) as a countdown', () => {
  let r: Rendered | undefined;
  afterEach(() => r?.unmount());

  it('disables the passcode field, counts down, announces only the start and the end, and gives the field back', async () => {
    let calls = 0;
    r = await atOtp(() => (calls++, Promise.reject(locked(90))));
    await type(input(r), '123456');
    expect(calls).to.equal(1);
    expect(shown(r)).to.equal('Too many attempts. Try again in 1:30.');
    expect(input(r).disabled).to.equal(true);
    expect(status(r)).to.equal('Too many attempts. Try again in 1:30.');
    expect(r.errors.map((e) => (e as { error_type?: string }).error_type)).to.deep.equal(['too_many_failed_attempts']);

    await r.clock.advance(31_000);
    expect(shown(r)).to.equal('Too many attempts. Try again in 0:59.');
    // The region is not live on every tick: it still holds what it said at the start.
    expect(status(r)).to.equal('Too many attempts. Try again in 1:30.');

    await r.clock.advance(59_000);
    expect(shown(r)).to.equal('');
    expect(status(r)).to.equal('You can try again now.');
    expect(input(r).disabled).to.equal(false);
  });

  it("is off with rateLimitCountdown: false: the spec's failure text, the field stays usable", async () => {
    r = await atOtp(() => Promise.reject(locked(90)), { rateLimitCountdown: false });
    await type(input(r), '123456');
    expect(r.root.querySelector('[role="alert"]')?.textContent).to.equal('Invalid passcode, please try again.');
    expect(input(r).disabled).to.equal(false);
    expect(status(r)).to.equal('');
  });

  it('a rate-limited resend counts down under the resend link, which comes back by itself; no error toast', async () => {
    let sends = 0;
    r = await atOtp(
      () => Promise.resolve({}),
      {},
      () =>
        sends++
          ? Promise.resolve({ method_id: 'phone-number-2' })
          : Promise.reject(Object.assign(apiError('too_many_requests', 'Too many requests have been made. Please wait and try again.', 429), { retry_after_seconds: 3 })),
    );
    await click(button(r.root, 'Resend code'));
    expect(r.root.textContent).to.contain('Too many attempts. Try again in 0:03.');
    expect(button(r.root, 'Resend code')!.disabled).to.equal(true);
    expect(r.root.querySelector('[part~="toast-error"]')).to.equal(null);
    await r.clock.advance(3_000);
    expect(r.root.textContent).not.to.contain('Too many attempts');
    expect(button(r.root, 'Resend code')!.disabled).to.equal(false);
    await click(button(r.root, 'Resend code'));
    expect(sends).to.equal(2);
    expect(r.root.textContent).to.contain('Code resent');
  });
});

describe('a rate limit blocks only the control it refused', () => {
  let r: Rendered | undefined;
  afterEach(() => r?.unmount());

  it("a locked password counts down on Continue, while 'Forgot Password?' (what the lock says to do) still sends", async () => {
    const fake = passwordClient({ userType: 'password', authenticate: () => Promise.reject(locked(3600)) });
    r = await renderLogin({ products: ['passwords'] }, fake.client, (store) => {
      store.set(passwordStateAtom, { email: 'ada@example.com', type: 'password' });
      store.set(transitionAtom, 'PasswordCreateOrLogin');
    });
    await type(r.root.querySelector<HTMLInputElement>('input[autocomplete="current-password"]')!, 'guess');
    await click(button(r.root, 'Continue'));
    expect(r.root.textContent).to.contain('Too many attempts. Try again in 60:00.');
    expect(button(r.root, 'Continue')!.disabled).to.equal(true);
    expect(button(r.root, 'Forgot Password?')!.disabled).to.equal(false);
    await click(button(r.root, 'Forgot Password?'));
    expect(fake.calls.resetStart).to.have.length(1);
  });
});

describe('B2B: a rate limit counts down on the control it refused', () => {
  const roots: Array<() => void> = [];
  afterEach(() => roots.splice(0).forEach((u) => u()));

  /** The B2B element at a screen `prepare` sets, over a fake client with `calls`. */
  async function renderB2B(prepare: (store: ReturnType<typeof createStore>) => void, calls: Record<string, unknown>) {
    const root = document.createElement('div');
    document.body.append(root);
    const store = createStore();
    prepare(store);
    const clock = new FakeClock();
    const errors: Error[] = [];
    const client = {
      bootstrap: { getSync: () => ({ disable_sdk_watermark: true, email_domains: [] }), onChange: () => () => {}, ready: () => Promise.resolve({}) },
      logEvent: () => {},
      ...calls,
    };
    const r = createRoot(root);
    await act(async () => {
      r.render(
        <B2BApp
          mode="b2b"
          store={store}
          styles={{}}
          config={{ products: ['emailOtp'], authFlowType: 'Discovery' }}
          client={client}
          env={{ timers: clock }}
          callbacks={{ onEvent: () => {}, onError: (e) => errors.push(e) }}
        />,
      );
    });
    await flush();
    roots.push(() => (r.unmount(), root.remove()));
    return { root, clock, errors };
  }

  const atDiscovery = (create: () => Promise<unknown>) =>
    renderB2B(
      (store) => {
        store.set(b2bEmailAtom, 'ada@example.com');
        store.set(discoveredAtom, []);
        store.set(transitionAtom, 'Discovery');
      },
      { discovery: { organizations: { create } } },
    );

  it('SMS OTP Entry: the text sent on opening, refused for a while, counts down on Resend code (the code field stays usable), which comes back by itself and sends', async () => {
    let sends = 0;
    const { root, clock } = await renderB2B(
      (store) => {
        store.set(mfaAtom, {
          memberId: 'member-1',
          organizationId: 'organization-1',
          organization: { organization_id: 'organization-1', mfa_methods: 'ALL_ALLOWED', allowed_mfa_methods: [] } as unknown as MfaState['organization'],
          phone: '+12015550123',
          enrolled: ['smsOtp'],
          offered: ['smsOtp'],
          enrolling: false,
          smsSentAt: undefined,
          totp: undefined,
        });
        store.set(transitionAtom, 'SMSOTPEntry');
      },
      {
        otps: {
          sms: {
            send: () =>
              sends++
                ? Promise.resolve({})
                : Promise.reject(Object.assign(apiError('too_many_requests', 'Too many requests have been made. Please wait and try again.', 429), { retry_after_seconds: 20 })),
          },
        },
      },
    );
    expect(sends).to.equal(1);
    expect(root.querySelector('[part="error"]')?.textContent).to.equal('Too many attempts. Try again in 0:20.');
    expect(button(root, 'Resend code')!.disabled).to.equal(true);
    expect(root.querySelector<HTMLInputElement>('input[autocomplete="one-time-code"]')!.disabled).to.equal(false);
    await clock.advance(20_000);
    expect(root.querySelector('[part="error"]')).to.equal(null);
    expect(button(root, 'Resend code')!.disabled).to.equal(false);
    await click(button(root, 'Resend code'));
    expect(sends).to.equal(2);
  });

  it("Discovery's Create an organization, asked to wait, stays on Discovery counting down (not the Error screen), then comes back by itself", async () => {
    let calls = 0;
    const { root, clock, errors } = await atDiscovery(() =>
      calls++ ? new Promise(() => {}) : Promise.reject(Object.assign(apiError('too_many_requests', 'Too many requests have been made. Please wait and try again.', 429), { retry_after_seconds: 5 })),
    );
    const create = () => button(root, 'Create an organization')!;
    await click(create());
    expect(root.querySelector('h1')?.textContent).to.equal('Create an organization to get started');
    expect(root.querySelector('[part="error"]')?.textContent).to.equal('Too many attempts. Try again in 0:05.');
    expect(root.querySelector('[role="status"]')?.textContent).to.equal('Too many attempts. Try again in 0:05.');
    expect(create().disabled).to.equal(true);
    expect(errors).to.have.length(1);
    await click(create());
    expect(calls).to.equal(1);
    await clock.advance(5_000);
    expect(root.querySelector('[part="error"]')).to.equal(null);
    expect(root.querySelector('[role="status"]')?.textContent).to.equal('You can try again now.');
    expect(create().disabled).to.equal(false);
    await click(create());
    expect(calls).to.equal(2);
  });
});
