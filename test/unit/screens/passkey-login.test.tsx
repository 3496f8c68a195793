import { expect } from '@open-wc/testing';
import { runAutofill } from '../../../screens/passkey/autofill.ts';
import { deviceLabel } from '../../../screens/passkey/device.ts';
import { authErrorText, creationErrorText } from '../../../screens/passkey/errors.ts';
import { apiError, baseClient, button, click, flush, renderLogin, type, type Rendered } from './helpers.tsx';
import { passkeyText, passkeyTexts } from './passkey-texts.ts';

const t = passkeyText;
const s = passkeyTexts;

type AuthOptions = { session_duration_minutes: number; is_passkey?: boolean; conditional_mediation?: boolean; signal?: AbortSignal };

/** A fake webauthn client whose authenticate answers from a queue of outcomes. */
function passkeyClient(outcomes: Array<() => Promise<unknown>>, autofill = false) {
  const calls: AuthOptions[] = [];
  const webauthn = {
    browserSupportsAutofill: () => Promise.resolve(autofill),
    authenticate: (o: AuthOptions) => {
      calls.push(o);
      const next = outcomes.shift();
      return next ? next() : new Promise(() => {});
    },
  };
  return { calls, client: { ...baseClient(), webauthn, magicLinks: { email: { loginOrCreate: () => Promise.resolve({}) } } } };
}

const session = { user_id: 'user-1', session_token: 't', session_jwt: 'j', webauthn_registration_id: 'reg-1' };
const alertText = (r: Rendered) => r.root.querySelector('[part="passkey"] [role="alert"]')?.textContent;
const domError = (name: string) => Object.assign(new Error(name), { name });

describe('Passkey sign-in', () => {
  let r: Rendered | undefined;
  afterEach(() => r?.unmount());

  it('the button signs in with a passkey (session 30, is_passkey) and moves to the confirmation', async () => {
    const p = passkeyClient([() => Promise.resolve(session)]);
    r = await renderLogin({ products: ['emailMagicLinks', 'passkeys'] }, p.client);
    await click(button(r.root, 'Login with a Passkey'));
    expect(p.calls).to.have.length(1);
    expect(p.calls[0]).to.include({ session_duration_minutes: 30, is_passkey: true, conditional_mediation: false });
    expect(r.events.map((e) => e.type)).to.deep.equal(['PASSKEY_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']);
    expect(r.events[0]!.data).to.deep.equal(session);
    expect(r.root.querySelector('h1')!.textContent).to.equal('Success');
    expect(r.root.textContent).to.contain('Your Passkey has been successfully authenticated.');
  });

  it('uses the configured session duration', async () => {
    const p = passkeyClient([() => Promise.resolve(session)]);
    r = await renderLogin({ products: ['emailMagicLinks', 'passkeys'], sessionOptions: { sessionDurationMinutes: 90 } }, p.client);
    await click(button(r.root, 'Login with a Passkey'));
    expect(p.calls[0]!.session_duration_minutes).to.equal(90);
  });

  it('shows the SPEC §8 texts: registration not found, unknown error for API errors and empty results; nothing when cancelled', async () => {
    const p = passkeyClient([
      () => Promise.reject(apiError('webauthn_registration_not_found', 'gone', 404)),
      () => Promise.reject(apiError('unable_to_auth_webauthn_registration', 'bad', 401)),
      () => Promise.resolve(null),
      () => Promise.reject(domError('NotAllowedError')),
      () => Promise.resolve(session),
    ]);
    r = await renderLogin({ products: ['emailMagicLinks', 'passkeys'] }, p.client);
    const b = () => button(r!.root, 'Login with a Passkey');
    await click(b());
    expect(alertText(r)).to.equal(s.authNotFound);
    await click(b());
    expect(alertText(r)).to.equal(s.authUnknown);
    await click(b());
    expect(alertText(r)).to.equal(s.authUnknown);
    expect(r.errors).to.have.length(3);
    await click(b());
    expect(r.errors).to.have.length(4);
    expect(r.root.querySelector('h1')!.textContent).to.equal('Sign up or log in');
    await click(b());
    expect(r.root.querySelector('h1')!.textContent).to.equal('Success');
    expect(r.root.querySelector('[role="alert"]')).to.equal(null);
  });

  it('autofill: a conditional request re-arms after failed attempts and signs in', async () => {
    const p = passkeyClient([() => Promise.reject(apiError('unable_to_auth_webauthn_registration', 'x', 401)), () => Promise.reject(new Error('network')), () => Promise.resolve(session)], true);
    r = await renderLogin({ products: ['emailMagicLinks', 'passkeys'] }, p.client);
    expect(p.calls).to.have.length(3);
    expect(p.calls.every((c) => c.conditional_mediation === true && c.signal instanceof AbortSignal && c.session_duration_minutes === 30)).to.equal(true);
    expect(r.root.querySelector('h1')!.textContent).to.equal('Success');
  });

  it('autofill: gives up after 5 attempts, and stops at once when the user refuses', async () => {
    const failing = () => Promise.reject(new Error('flaky'));
    const p = passkeyClient(
      Array.from({ length: 8 }, () => failing),
      true,
    );
    r = await renderLogin({ products: ['emailMagicLinks', 'passkeys'] }, p.client);
    expect(p.calls).to.have.length(5);
    expect(alertText(r)).to.equal(s.authUnknown);
    r.unmount();
    const q = passkeyClient([() => Promise.reject(domError('NotAllowedError')), failing], true);
    r = await renderLogin({ products: ['emailMagicLinks', 'passkeys'] }, q.client);
    expect(q.calls).to.have.length(1);
  });

  it('autofill: a browser that turns the conditional request down as unsupported shows nothing and stops; the button still asks', async () => {
    const p = passkeyClient([() => Promise.reject(domError('NotSupportedError')), () => Promise.reject(new Error('flaky')), () => Promise.resolve(session)], true);
    r = await renderLogin({ products: ['emailMagicLinks', 'passkeys'] }, p.client);
    expect(p.calls).to.have.length(1);
    expect(r.root.querySelector('[role="alert"]')).to.equal(null);
    expect(r.errors).to.have.length(0);
    await click(button(r.root, 'Login with a Passkey'));
    expect(alertText(r)).to.equal(s.authUnknown);
  });

  it('autofill: leaving Main aborts the pending request', async () => {
    const p = passkeyClient([], true);
    r = await renderLogin({ products: ['emailMagicLinks', 'passkeys'] }, p.client);
    expect(p.calls).to.have.length(1);
    const signal = p.calls[0]!.signal!;
    expect(signal.aborted).to.equal(false);
    await type(r.root.querySelector('input[type="email"]')!, 'ada@example.com');
    await click(button(r.root, 'Continue with email'));
    await flush();
    expect(r.root.querySelector('h1')!.textContent).to.equal('Check your email');
    expect(signal.aborted).to.equal(true);
  });

  it('autofill: not armed without browser support or without an email, OTP or password form', async () => {
    const unsupported = passkeyClient([], false);
    r = await renderLogin({ products: ['emailMagicLinks', 'passkeys'] }, unsupported.client);
    expect(unsupported.calls).to.have.length(0);
    expect(r.root.querySelector('input[type="email"]')!.getAttribute('autocomplete')).to.equal('username webauthn');
    r.unmount();
    const noForm = passkeyClient([], true);
    r = await renderLogin({ products: ['oauth', 'passkeys'], oauthOptions: { providers: [{ type: 'google' }] } }, noForm.client);
    expect(noForm.calls).to.have.length(0);
    expect(button(r.root, 'Login with a Passkey')).not.to.equal(undefined);
    r.unmount();
    const noPasskeys = passkeyClient([], true);
    r = await renderLogin({ products: ['emailMagicLinks'] }, noPasskeys.client);
    expect(noPasskeys.calls).to.have.length(0);
    expect(r.root.querySelector('input[type="email"]')!.getAttribute('autocomplete')).to.equal('email');
  });

  it('the button cancels a pending autofill request before its modal prompt', async () => {
    const p = passkeyClient([() => new Promise(() => {}), () => Promise.resolve(session)], true);
    r = await renderLogin({ products: ['otp', 'passkeys'], otpOptions: { methods: ['sms'] } }, p.client);
    expect(r.root.querySelector('input[type="tel"]')!.getAttribute('autocomplete')).to.equal('tel-national webauthn');
    await click(button(r.root, 'Login with a Passkey'));
    expect(p.calls[0]!.signal!.aborted).to.equal(true);
    expect(p.calls[1]!.conditional_mediation).to.equal(false);
    expect(r.root.querySelector('h1')!.textContent).to.equal('Success');
  });
});

describe('Passkey helpers', () => {
  it('runAutofill stops when aborted', async () => {
    const controller = new AbortController();
    let n = 0;
    await runAutofill(async () => {
      n++;
      controller.abort();
      throw new Error('x');
    }, controller.signal);
    expect(n).to.equal(1);
  });

  it('maps errors and user agents to the SPEC texts', () => {
    expect(authErrorText(domError('AbortError'), t)).to.equal(undefined);
    expect(creationErrorText(domError('InvalidStateError'), t)).to.equal(s.duplicate);
    expect(creationErrorText(new Error('The user attempted to register an authenticator that contains one of the credentials already registered with the relying party.'), t)).to.equal(s.duplicate);
    expect(creationErrorText(new Error('At least one credential matches an entry of the excludeCredentials list in the platform attached authenticator.'), t)).to.equal(s.duplicate);
    expect(creationErrorText(domError('NotAllowedError'), t)).to.equal(s.notCreated);
    expect(deviceLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', t)).to.equal('Mobile device');
    expect(deviceLabel('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36', t)).to.equal('Mobile device');
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0', t)).to.equal('Desktop device');
    expect(deviceLabel('', t)).to.equal('Unknown device');
    expect(deviceLabel('curl/8.0', t)).to.equal('Unknown device');
  });
});
