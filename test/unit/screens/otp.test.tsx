import { expect } from '@open-wc/testing';
import { otpExpiryAtom, otpStateAtom, transitionAtom } from '../../../screens/state/atoms.ts';
import { apiError, button, click, flush, renderLogin, type Rendered, type } from './helpers.tsx';

const config = { products: ['otp'], otpOptions: { methods: ['sms'] } };

function otpClient(overrides: { authenticate?: (code: string, methodId: string) => Promise<unknown>; send?: () => Promise<unknown>; format?: (phone: string) => Promise<string> } = {}) {
  const calls = { authenticate: [] as [string, string, unknown][], send: [] as [string, unknown][] };
  const send = (phone: string, o: unknown) => {
    calls.send.push([phone, o]);
    return overrides.send ? overrides.send() : Promise.resolve({ method_id: 'phone-number-2' });
  };
  const client = {
    otps: {
      sms: { loginOrCreate: send },
      whatsapp: { loginOrCreate: send },
      email: { loginOrCreate: send },
      authenticate: (code: string, methodId: string, o: unknown) => {
        calls.authenticate.push([code, methodId, o]);
        return overrides.authenticate ? overrides.authenticate(code, methodId) : Promise.resolve({ user_id: 'u' });
      },
    },
    logEvent: () => {},
    phone: { format: (phone: string) => (overrides.format ? overrides.format(phone) : Promise.resolve(phone)) },
  };
  return { client, calls };
}

async function atOtp(c: ReturnType<typeof otpClient>, cfg: object = config, env?: Parameters<typeof renderLogin>[3]): Promise<Rendered> {
  return renderLogin(
    cfg,
    c.client,
    (store) => {
      store.set(otpStateAtom, { type: 'sms', methodId: 'phone-number-1', otpDestination: '+12015550123' });
      store.set(otpExpiryAtom, 1_700_000_000_000 + 5 * 60_000);
      store.set(transitionAtom, 'OTPAuthenticate');
    },
    env,
  );
}

const input = (r: Rendered) => r.root.querySelector<HTMLInputElement>('input[autocomplete="one-time-code"]')!;
const text = (r: Rendered) => r.root.textContent ?? '';

describe('OTP entry', () => {
  let r: Rendered | undefined;
  afterEach(() => r?.unmount());

  it('shows a phone destination in the format the parser gives, the raw number when it fails', async () => {
    const formatted: string[] = [];
    r = await atOtp(otpClient({ format: (p) => (formatted.push(p), Promise.resolve('(201) 555-0123')) }));
    await new Promise((res) => setTimeout(res, 0));
    expect(formatted).to.deep.equal(['+12015550123']);
    expect(text(r)).to.contain('A 6-digit passcode was sent to you at (201) 555-0123.');
    r.unmount();
    r = await atOtp(otpClient({ format: () => Promise.reject(new Error('parser unreachable')) }));
    await new Promise((res) => setTimeout(res, 0));
    expect(text(r)).to.contain('A 6-digit passcode was sent to you at +12015550123.');
  });

  it('shows the title, the destination and the countdown, and puts the focus in the passcode field', async () => {
    r = await atOtp(otpClient());
    expect(r.root.querySelector('h1')!.textContent).to.equal('Enter passcode');
    expect(text(r)).to.contain('A 6-digit passcode was sent to you at +12015550123.');
    expect(text(r)).to.contain("Your code expires in 5:00. Didn't get it? Resend code");
    expect(r.root.getRootNode() === document && document.activeElement).to.equal(input(r));
    // The field reads out where the code went.
    expect(r.root.querySelector(`[id="${input(r).getAttribute('aria-describedby')}"]`)!.textContent).to.equal('A 6-digit passcode was sent to you at +12015550123.');
  });

  it('counts down in m:ss and reads expired at zero', async () => {
    r = await atOtp(otpClient());
    await r.clock.advance(61_000);
    expect(text(r)).to.contain('Your code expires in 3:59.');
    await r.clock.advance(4 * 60_000);
    expect(text(r)).to.contain('Your code has expired. Resend code');
    expect(text(r)).not.to.contain('expires in');
  });

  it('resend sends again, resets the timer and shows "Code resent" that leaves after 2 s and 1 s', async () => {
    const c = otpClient();
    r = await atOtp(c);
    await r.clock.advance(5 * 60_000);
    await click(button(r.root, 'Resend code'));
    expect(c.calls.send).to.deep.equal([['+12015550123', { expiration_minutes: 5 }]]);
    expect(text(r)).to.contain('Your code expires in 5:00.');
    const toast = r.root.querySelector('[role="status"] [part~="toast"]')!;
    expect(toast.textContent).to.contain('Code resent');
    await r.clock.advance(2000);
    expect(r.root.querySelector<HTMLElement>('[part~="toast"]')!.hidden).to.equal(true);
    await r.clock.advance(1000);
    expect(r.root.querySelector('[part~="toast"]')).to.equal(null);
  });

  // Regression: the Web OTP effect kept the first render's `change`, so a code arriving after a
  // resend was verified against the first send's method id, which the provider refuses.
  it('a code the phone fills in (Web OTP) after a resend is verified against the resent method id', async () => {
    const c = otpClient();
    let deliver: (code: string) => void = () => {};
    const credentials = { get: () => new Promise<Credential | null>((res) => (deliver = (code) => res({ code } as unknown as Credential))) };
    const g = globalThis as { OTPCredential?: unknown };
    g.OTPCredential = class {};
    try {
      r = await atOtp(c, config, { credentials });
      await r.clock.advance(5 * 60_000);
      await click(button(r.root, 'Resend code'));
      deliver('123456');
      await flush();
      expect(c.calls.authenticate.map(([code, methodId]) => [code, methodId])).to.deep.equal([['123456', 'phone-number-2']]);
    } finally {
      delete g.OTPCredential;
    }
  });

  it('a failed resend shows an error toast with the message and reports it', async () => {
    const c = otpClient({ send: () => Promise.reject(apiError('too_many_requests', 'Too many requests, try later.', 429)) });
    r = await atOtp(c);
    await click(button(r.root, 'Resend code'));
    const toast = r.root.querySelector('[role="alert"][part~="toast-error"]')!;
    expect(toast.textContent).to.contain('Too many requests, try later.');
    expect(r.errors.map((e) => e.name)).to.deep.equal(['StytchAPIError']);
    await r.clock.advance(3999);
    expect(r.root.querySelector<HTMLElement>('[part~="toast"]')!.hidden).to.equal(false);
    await r.clock.advance(1);
    expect(r.root.querySelector<HTMLElement>('[part~="toast"]')!.hidden).to.equal(true);
  });

  it('the input keeps digits only, at most 6, has one-time-code autocomplete and submits at 6 (paste)', async () => {
    let resolve!: (v: unknown) => void;
    const c = otpClient({ authenticate: () => new Promise((res) => (resolve = res)) });
    r = await atOtp(c);
    const field = input(r);
    expect(field.getAttribute('inputmode')).to.equal('numeric');
    await type(field, '12a');
    expect(field.value).to.equal('12');
    expect(c.calls.authenticate).to.have.length(0);
    await type(field, '12-34 56 789');
    expect(field.value).to.equal('123456');
    expect(c.calls.authenticate).to.deep.equal([['123456', 'phone-number-1', { session_duration_minutes: 30 }]]);
    expect(text(r)).to.contain('Verifying passcode...');
    expect(r.root.querySelector('[role="progressbar"]')).not.to.equal(null);
    resolve({ user_id: 'u' });
    await flush();
    expect(r.root.querySelector('h1')!.textContent).to.equal('Your passcode has been successfully verified.');
    expect(r.root.querySelector('svg[part~="success-check"]')).not.to.equal(null);
    expect(r.events.filter((e) => e.type === 'AUTHENTICATE_FLOW_COMPLETE')).to.have.length(1);
    expect(document.activeElement).to.equal(r.root.querySelector('h1'));
  });

  it('a wrong code reads "Invalid passcode, please try again." as an alert and keeps the digits, selected to retype', async () => {
    const c = otpClient({ authenticate: () => Promise.reject(apiError('otp_code_not_found', 'The passcode is incorrect.', 401)) });
    r = await atOtp(c);
    await type(input(r), '000000');
    expect(r.root.querySelector('[role="alert"]')!.textContent).to.equal('Invalid passcode, please try again.');
    expect(input(r).value).to.equal('000000');
    expect([input(r).selectionStart, input(r).selectionEnd]).to.deep.equal([0, 6]);
    expect(r.errors).to.have.length(1);
    // A corrected code verifies again.
    await type(input(r), '123456');
    expect(c.calls.authenticate.map(([code]) => code)).to.deep.equal(['000000', '123456']);
  });

  // Regression: the email and phone fields said aria-invalid on error, the passcode field did not.
  it('a wrong code marks the passcode field invalid and points it at the message', async () => {
    const c = otpClient({ authenticate: () => Promise.reject(apiError('otp_code_not_found', 'The passcode is incorrect.', 401)) });
    r = await atOtp(c);
    expect(input(r).hasAttribute('aria-invalid')).to.equal(false);
    await type(input(r), '000000');
    expect(input(r).getAttribute('aria-invalid')).to.equal('true');
    const described = input(r).getAttribute('aria-describedby')!;
    expect(r.root.querySelector(`[id="${described}"]`)!.textContent).to.equal('Invalid passcode, please try again.');
  });

  it('a network failure shows the generic message, not its text', async () => {
    const c = otpClient({ authenticate: () => Promise.reject(new TypeError('Failed to fetch secret detail')) });
    r = await atOtp(c);
    await type(input(r), '000000');
    const alert = r.root.querySelector('[role="alert"]')!.textContent!;
    expect(alert).to.equal('Something went wrong. Please try again.');
    expect(r.errors[0]!.message).to.equal('Failed to fetch secret detail');
  });

  it('the back arrow returns to Main and focuses its heading', async () => {
    r = await atOtp(otpClient());
    await click(button(r.root, 'Back'));
    expect(r.root.querySelector('h1')!.textContent).to.equal('Sign up or log in');
    expect(document.activeElement).to.equal(r.root.querySelector('h1'));
  });
});

describe("OTP entry: otpOptions.inputStyle 'cells'", () => {
  let r: Rendered | undefined;
  afterEach(() => r?.unmount());
  const cellsConfig = { products: ['otp'], otpOptions: { methods: ['sms'], inputStyle: 'cells' } };
  const cells = (r: Rendered) => [...r.root.querySelectorAll<HTMLInputElement>('[part~="otp-cell"]')];
  const values = (r: Rendered) =>
    cells(r)
      .map((c) => c.value)
      .join('');
  const setCell = async (cell: HTMLInputElement, v: string) => {
    const proto = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;
    proto.set!.call(cell, v);
    cell.dispatchEvent(new Event('input', { bubbles: true }));
    await flush();
  };

  it('shows six labelled cells in one group, the first focused and taking one-time-code autofill', async () => {
    r = await atOtp(otpClient(), cellsConfig);
    expect(cells(r)).to.have.length(6);
    expect(r.root.querySelector('[role="group"]')!.getAttribute('aria-label')).to.equal('One-time passcode');
    expect(cells(r)[0]!.autocomplete).to.equal('one-time-code');
    expect(document.activeElement).to.equal(cells(r)[0]);
  });

  it('typing fills one cell after another and the sixth digit verifies', async () => {
    const c = otpClient();
    r = await atOtp(c, cellsConfig);
    for (const [i, d] of [...'12345'].entries()) {
      await setCell(cells(r)[i]!, d);
      expect(document.activeElement).to.equal(cells(r)[i + 1]);
    }
    expect(values(r)).to.equal('12345');
    await setCell(cells(r)[5]!, '6');
    expect(c.calls.authenticate.map(([code]) => code)).to.deep.equal(['123456']);
  });

  it('a whole code arriving in the first cell (autofill) fills every cell and verifies', async () => {
    const c = otpClient({ authenticate: () => new Promise(() => undefined) });
    r = await atOtp(c, cellsConfig);
    await setCell(cells(r)[0]!, '654321');
    expect(cells(r).map((x) => x.value)).to.deep.equal(['6', '5', '4', '3', '2', '1']);
    expect(c.calls.authenticate.map(([code]) => code)).to.deep.equal(['654321']);
  });

  it('a pasted code fills every cell; Backspace in an empty cell goes back one', async () => {
    const c = otpClient({ authenticate: () => new Promise(() => undefined) });
    r = await atOtp(c, cellsConfig);
    const data = new DataTransfer();
    data.setData('text', '12 34 5');
    cells(r)[0]!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    await flush();
    expect(values(r)).to.equal('12345');
    expect(document.activeElement).to.equal(cells(r)[5]);
    cells(r)[5]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Backspace', bubbles: true, cancelable: true }));
    await flush();
    expect(values(r)).to.equal('1234');
    expect(document.activeElement).to.equal(cells(r)[4]);
  });

  it('the default stays one field', async () => {
    r = await atOtp(otpClient());
    expect(cells(r)).to.have.length(0);
    expect(input(r).maxLength).to.equal(6);
  });
});
