import { expect } from '@open-wc/testing';
import { errorMessageAtom, otpExpiryAtom, otpStateAtom, transitionAtom } from '../../../screens/state/atoms.ts';
import { receiveSmsCode } from '../../../screens/otp/webOtp.ts';
import { button, click, flush, renderLogin, type Rendered } from './helpers.tsx';

function client() {
  let n = 0;
  const send = () => Promise.resolve({ method_id: `m-${++n}` });
  return { otps: { sms: { loginOrCreate: send }, whatsapp: { loginOrCreate: send }, email: { loginOrCreate: send }, authenticate: () => new Promise(() => {}) } };
}

async function atOtp(): Promise<Rendered> {
  return renderLogin({ products: ['otp'], otpOptions: { methods: ['sms'] } }, client(), (store) => {
    store.set(otpStateAtom, { type: 'sms', methodId: 'm-0', otpDestination: '+12015550123' });
    store.set(otpExpiryAtom, 1_700_000_000_000 + 300_000);
    store.set(transitionAtom, 'OTPAuthenticate');
  });
}

const toasts = (r: Rendered) => [...r.root.querySelectorAll<HTMLElement>('[part~="toast"]')];

describe('Toasts', () => {
  let r: Rendered | undefined;
  afterEach(() => r?.unmount());

  // Regression: each success toast was its own role="status" element, created together with
  // its text; screen readers often skip a live region that appears already filled.
  it('announces "Code resent" through a polite live region that was there before the first toast', async () => {
    r = await atOtp();
    const region = r.root.querySelector('[part~="toast-region"]');
    expect(region?.getAttribute('role'), 'a polite live region').to.equal('status');
    expect(region!.textContent).to.equal('');
    await click(button(r.root, 'Resend code'));
    expect(r.root.querySelector('[part~="toast-region"]') === region, 'the same region element').to.equal(true);
    expect(region!.textContent).to.contain('Code resent');
    expect(region!.querySelectorAll('[role="status"], [aria-live]').length, 'no nested live region').to.equal(0);
  });

  it('keeps at most 20', async () => {
    r = await atOtp();
    for (let i = 0; i < 22; i++) await click(button(r.root, 'Resend code'));
    expect(toasts(r)).to.have.length(20);
  });

  it('lies inside the widget box, over the bottom of the card, and a new screen drops it', async () => {
    r = await atOtp();
    await click(button(r.root, 'Resend code'));
    const card = r.root.querySelector<HTMLElement>('[part~="container"]')!.getBoundingClientRect();
    const toast = toasts(r)[0]!.getBoundingClientRect();
    expect(toast.height).to.be.greaterThan(0);
    expect(toast.top >= card.top && toast.bottom <= card.bottom, `toast ${toast.top}-${toast.bottom} within card ${card.top}-${card.bottom}`).to.equal(true);
    expect(toast.left >= card.left && toast.right <= card.right).to.equal(true);
    // Back to Main: 'Code resent' spoke about the passcode screen.
    await click(r.root.querySelector<HTMLButtonElement>('[part~="back"]')!);
    await flush();
    expect(toasts(r)).to.have.length(0);
  });

  it('an unmounted widget leaves no toast (or countdown) timer running', async () => {
    const w = await atOtp();
    await click(button(w.root, 'Resend code'));
    expect(toasts(w)).to.have.length(1);
    expect(w.clock.pending, 'the toast and the countdown tick').to.be.greaterThan(0);
    w.unmount();
    expect(w.clock.pending).to.equal(0);
  });

  it('a success toast hides after 2 s and is removed 1 s after that', async () => {
    r = await atOtp();
    await click(button(r.root, 'Resend code'));
    await r.clock.advance(1999);
    expect(toasts(r)[0]!.hidden).to.equal(false);
    await r.clock.advance(1);
    expect(toasts(r)[0]!.hidden).to.equal(true);
    await r.clock.advance(1000);
    expect(toasts(r)).to.have.length(0);
  });

  it('a dismissed toast hides at once and is removed 1 s later', async () => {
    r = await atOtp();
    await click(button(r.root, 'Resend code'));
    await click(button(r.root, 'Dismiss'));
    expect(toasts(r)[0]!.hidden).to.equal(true);
    await r.clock.advance(999);
    expect(toasts(r)).to.have.length(1);
    await r.clock.advance(1);
    expect(toasts(r)).to.have.length(0);
  });
});

describe('Login form banner', () => {
  it('shows the error message as a warning banner (SPEC §2), announced as an alert, inside the login form', async () => {
    const r = await renderLogin({ products: ['emailMagicLinks'] }, {}, (store) => store.set(errorMessageAtom, 'Your link expired.'));
    const banner = r.root.querySelector('[part~="login-form"] [part~="banner-warning"]')!;
    expect(banner.getAttribute('role')).to.equal('alert');
    expect(banner.textContent).to.equal('Your link expired.');
    r.unmount();
  });
});

describe('Web OTP', () => {
  const g = globalThis as { OTPCredential?: unknown };
  // Chromium defines OTPCredential itself; each test decides whether the API exists.
  const native = g.OTPCredential;
  beforeEach(() => delete g.OTPCredential);
  afterEach(() => (g.OTPCredential = native));

  it('reads the SMS code where the API exists, and nothing where it does not', async () => {
    const asked: unknown[] = [];
    const creds = { get: (o: unknown) => (asked.push(o), Promise.resolve({ code: '246810' } as unknown as Credential)) };
    const signal = new AbortController().signal;
    expect(await receiveSmsCode(creds, signal)).to.equal(undefined);
    g.OTPCredential = function OTPCredential() {};
    expect(await receiveSmsCode(creds, signal)).to.equal('246810');
    expect(asked).to.deep.equal([{ otp: { transport: ['sms'] }, signal }]);
  });

  it('an SMS code from the API fills the field and submits', async () => {
    g.OTPCredential = function OTPCredential() {};
    const nav = navigator as unknown as { credentials: unknown };
    const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'credentials')!;
    Object.defineProperty(navigator, 'credentials', { configurable: true, value: { get: () => Promise.resolve({ code: '135790' }) } });
    try {
      const codes: string[] = [];
      const r = await renderLogin({ products: ['otp'], otpOptions: { methods: ['sms'] } }, { otps: { authenticate: (c: string) => (codes.push(c), new Promise(() => {})) } }, (store) => {
        store.set(otpStateAtom, { type: 'sms', methodId: 'm-0', otpDestination: '+12015550123' });
        store.set(transitionAtom, 'OTPAuthenticate');
      });
      await flush();
      expect(codes).to.deep.equal(['135790']);
      expect(r.root.querySelector('input')!.value).to.equal('135790');
      r.unmount();
    } finally {
      delete (nav as { credentials?: unknown }).credentials;
      Object.defineProperty(Navigator.prototype, 'credentials', original);
    }
  });
});
