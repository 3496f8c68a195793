import { expect } from '@open-wc/testing';
import { otpExpiryAtom, otpStateAtom, transitionAtom } from '../../../screens/state/atoms.ts';
import { apiError, button, click, renderLogin, type Rendered, type } from './helpers.tsx';

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

  it('is off with rateLimitCountdown: false: the provider error (never read as a wrong code), the field stays usable', async () => {
    r = await atOtp(() => Promise.reject(locked(90)), { rateLimitCountdown: false });
    await type(input(r), '123456');
    expect(r.root.querySelector('[role="alert"]')?.textContent).to.equal('Too many failed attempts. Please wait and try again.');
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
