import { expect } from '@open-wc/testing';
import { passwordStateAtom, transitionAtom } from '../../../screens/state/atoms.ts';
import { apiError, button, click, flush, renderLogin, submitPassword, type Rendered, type, typePassword } from './helpers.tsx';
import { deferred, passwordClient, verdict, type PasswordFakeOptions } from './password-fakes.ts';

const EMAIL = 'ada@example.com';
const passwordsOnly = { products: ['passwords'] };
const text = (r: Rendered) => r.root.textContent ?? '';
const heading = (r: Rendered) => r.root.querySelector('h1')?.textContent;
const field = (r: Rendered, kind = 'new-password') => r.root.querySelector<HTMLInputElement>(`input[autocomplete="${kind}"]`)!;

/** Renders the login widget already at PasswordCreateOrLogin for `type`. */
async function atPasswordScreen(type: 'new' | 'password' | 'passwordless', options: PasswordFakeOptions = {}, config: object = passwordsOnly) {
  const fake = passwordClient({ userType: type, ...options });
  const r = await renderLogin(config, fake.client, (store) => {
    store.set(passwordStateAtom, { email: EMAIL, type });
    store.set(transitionAtom, 'PasswordCreateOrLogin');
  });
  return { r, ...fake };
}

describe('Password flow: user search', () => {
  let r: Rendered | undefined;
  afterEach(() => r?.unmount());

  it('the password tab refuses a bad address with "Invalid email address" and searches a good one', async () => {
    const fake = passwordClient({ userType: 'new' });
    r = await renderLogin(passwordsOnly, fake.client);
    const input = r.root.querySelector<HTMLInputElement>('input[type="email"]')!;
    await type(input, 'ada@');
    await click(button(r.root, 'Continue with email'));
    expect(r.root.querySelector('[role="alert"]')!.textContent).to.equal('Invalid email address');
    expect(fake.calls.search).to.equal(undefined);
    await type(input, ` ${EMAIL} `);
    await click(button(r.root, 'Continue with email'));
    expect(fake.calls.search).to.deep.equal([[EMAIL]]);
    expect(heading(r)).to.equal('Create an account');
    expect(r.root.getRootNode() === document && document.activeElement).to.equal(r.root.querySelector('h1'));
  });

  it('a failed search shows the provider message under the field and reports it', async () => {
    const fake = passwordClient();
    fake.client.user.search = () => Promise.reject(apiError('too_many_requests', 'Slow down.', 429));
    r = await renderLogin(passwordsOnly, fake.client);
    await type(r.root.querySelector<HTMLInputElement>('input[type="email"]')!, EMAIL);
    await click(button(r.root, 'Continue with email'));
    expect(r.root.querySelector('[role="alert"]')!.textContent).to.equal('Slow down.');
    expect(r.errors).to.have.length(1);
    expect(heading(r)).to.equal('Sign up or log in');
  });
});

describe('Password flow: the read-only email', () => {
  it('Change goes back to Main with the email in its field, editable', async () => {
    const s = await atPasswordScreen('new', {});
    const r = s.r;
    await click(button(r.root, 'Change email'));
    await flush();
    expect(heading(r)).to.equal('Sign up or log in');
    const email = r.root.querySelector<HTMLInputElement>('input[type="email"]')!;
    expect(email.readOnly).to.equal(false);
    r.unmount();
  });
});

describe('Password flow: new user', () => {
  let r: Rendered | undefined;
  afterEach(() => r?.unmount());

  it('shows the text, the read-only email, and Continue disabled until the check says valid_password', async () => {
    const s = await atPasswordScreen('new', { strength: (p) => Promise.resolve(verdict({ valid: p === 'correct horse battery', score: p === 'correct horse battery' ? 4 : 1 })) });
    r = s.r;
    expect(text(r)).to.contain('Finish creating your account by setting a password.');
    expect(text(r)).not.to.contain('Choose how you would like to create your account.');
    const email = r.root.querySelector<HTMLInputElement>('input[type="email"]')!;
    expect(email.value).to.equal(EMAIL);
    expect(email.readOnly).to.equal(true);
    // It looks read-only: greyed like a disabled control, not like the field beside it.
    expect(email.getAttribute('part')).to.equal('input input-readonly');
    expect(getComputedStyle(email).backgroundColor).to.not.equal(getComputedStyle(field(r)).backgroundColor);
    const cont = button(r.root, 'Continue')!;
    expect(cont.disabled).to.equal(true);
    await typePassword(r, 'weak');
    expect(s.calls.strengthCheck).to.deep.equal([[{ email: EMAIL, password: 'weak' }]]);
    expect(cont.disabled).to.equal(true);
    await typePassword(r, 'correct horse battery');
    expect(cont.disabled).to.equal(false);
    // Typing again: until the new password is checked, the old verdict does not count.
    await type(field(r), 'correct horse battery!');
    expect(cont.disabled).to.equal(true);
  });

  it('creates the account, shows Success! and emits PASSWORD_CREATE then one completion event', async () => {
    const s = await atPasswordScreen('new');
    r = s.r;
    await submitPassword(r, 'long enough password');
    expect(s.calls.create).to.deep.equal([[{ email: EMAIL, password: 'long enough password', session_duration_minutes: 30 }]]);
    expect(heading(r)).to.equal('Success!');
    expect(text(r)).to.contain('You have successfully logged in.');
    expect(r.root.querySelector('svg[part~="success-check"]')).not.to.equal(null);
    expect(r.events.map((e) => e.type)).to.deep.equal(['PASSWORD_CREATE', 'AUTHENTICATE_FLOW_COMPLETE']);
    expect(document.activeElement).to.equal(r.root.querySelector('h1'));
  });

  it('answers that come back out of order never decide the button', async () => {
    const first = deferred<ReturnType<typeof verdict>>();
    const second = deferred<ReturnType<typeof verdict>>();
    const s = await atPasswordScreen('new', { strength: (p) => (p === 'first one' ? first.promise : second.promise) });
    r = s.r;
    await typePassword(r, 'first one');
    await typePassword(r, 'second one');
    expect(s.calls.strengthCheck).to.have.length(2);
    second.resolve(verdict({ valid: true, score: 4 }));
    await flush();
    expect(button(r.root, 'Continue')!.disabled).to.equal(false);
    // The older request answers last, saying "invalid": it is about a password no longer there.
    first.resolve(verdict({ valid: false, score: 0, warning: 'stale' }));
    await flush();
    expect(button(r.root, 'Continue')!.disabled).to.equal(false);
    expect(text(r)).not.to.contain('stale');
    expect(r.root.querySelector('[role="meter"]')!.getAttribute('aria-valuenow')).to.equal('4');
  });

  it('checks once per pause in typing (debounced on the widget clock)', async () => {
    const s = await atPasswordScreen('new');
    r = s.r;
    await type(field(r), 'a');
    await r.clock.advance(200);
    await type(field(r), 'ab');
    await r.clock.advance(499);
    expect(s.calls.strengthCheck).to.equal(undefined);
    await r.clock.advance(1);
    expect(s.calls.strengthCheck).to.deep.equal([[{ email: EMAIL, password: 'ab' }]]);
  });

  it('the show/hide toggle switches the field between hidden and shown text', async () => {
    r = (await atPasswordScreen('new')).r;
    const toggle = button(r.root, 'Show password')!;
    expect(field(r).type).to.equal('password');
    expect(toggle.getAttribute('aria-pressed')).to.equal('false');
    await click(toggle);
    expect(field(r).type).to.equal('text');
    expect(toggle.getAttribute('aria-pressed')).to.equal('true');
    await click(toggle);
    expect(field(r).type).to.equal('password');
  });

  it('a create error shows its message under the field and keeps the form', async () => {
    const s = await atPasswordScreen('new', { create: () => Promise.reject(apiError('duplicate_email', 'A user with this email already exists.')) });
    r = s.r;
    await submitPassword(r, 'long enough password');
    const alert = r.root.querySelector('[role="alert"]')!;
    expect(alert.textContent).to.equal('A user with this email already exists.');
    expect(field(r).getAttribute('aria-describedby')).to.contain(alert.id);
    expect(heading(r)).to.equal('Create an account');
    expect(r.errors).to.have.length(1);
  });

  it('an error of type reset_password starts a reset by email and moves to PasswordDedupe', async () => {
    const s = await atPasswordScreen(
      'new',
      { create: () => Promise.reject(apiError('reset_password', 'The password must be reset.')) },
      { ...passwordsOnly, passwordOptions: { resetPasswordRedirectURL: 'https://app.example/reset', loginRedirectURL: 'https://app.example/login', resetPasswordExpirationMinutes: 45 } },
    );
    r = s.r;
    await submitPassword(r, 'long enough password');
    expect(s.calls.resetStart).to.deep.equal([
      [{ email: EMAIL, login_redirect_url: 'https://app.example/login', reset_password_redirect_url: 'https://app.example/reset', reset_password_expiration_minutes: 45 }],
    ]);
    expect(heading(r)).to.equal('Check your email to set a new password!');
    expect(text(r)).to.contain(EMAIL);
    expect(r.events.map((e) => e.type)).to.deep.equal(['PASSWORD_RESET_BY_EMAIL_START']);
  });

  it('with magic links configured it offers "Email me a login link" first, which sends one and shows Check your email', async () => {
    const s = await atPasswordScreen('new', {}, { products: ['passwords', 'emailMagicLinks'] });
    r = s.r;
    expect(text(r)).to.contain('Choose how you would like to create your account.');
    expect(text(r)).to.contain('Finish creating your account by setting a password.');
    await click(button(r.root, 'Email me a login link'));
    expect(s.calls.magicLinkSend![0]![0]).to.equal(EMAIL);
    expect(heading(r)).to.equal('Check your email');
  });

  it('with email OTP configured it offers "Email me a login code", which leads to Enter passcode', async () => {
    const s = await atPasswordScreen('new', {}, { products: ['passwords', 'otp'], otpOptions: { methods: ['email'] } });
    r = s.r;
    await click(button(r.root, 'Email me a login code'));
    expect(s.calls.otpSend).to.deep.equal([[EMAIL, { expiration_minutes: 5 }]]);
    expect(heading(r)).to.equal('Enter passcode');
    expect(text(r)).to.contain(`A 6-digit passcode was sent to you at ${EMAIL}.`);
  });
});

describe('Password flow: existing user', () => {
  let r: Rendered | undefined;
  afterEach(() => r?.unmount());

  it('shows Log In with the read-only email, Forgot Password? and Continue; logs in to Success!', async () => {
    const s = await atPasswordScreen('password');
    r = s.r;
    expect(heading(r)).to.equal('Log In');
    expect(r.root.querySelector<HTMLInputElement>('input[type="email"]')!.readOnly).to.equal(true);
    expect(button(r.root, 'Forgot Password?')).not.to.equal(undefined);
    expect(button(r.root, 'Continue')!.disabled).to.equal(true);
    await type(field(r, 'current-password'), 'my password');
    await click(button(r.root, 'Continue'));
    expect(s.calls.authenticate).to.deep.equal([[{ email: EMAIL, password: 'my password', session_duration_minutes: 30 }]]);
    expect(s.calls.strengthCheck).to.equal(undefined);
    expect(heading(r)).to.equal('Success!');
    expect(r.events.map((e) => e.type)).to.deep.equal(['PASSWORD_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']);
  });

  it('a wrong password shows the provider message under the field', async () => {
    const s = await atPasswordScreen('password', { authenticate: () => Promise.reject(apiError('unauthorized_credentials', 'The email or password is incorrect.', 401)) });
    r = s.r;
    await type(field(r, 'current-password'), 'wrong');
    await click(button(r.root, 'Continue'));
    expect(r.root.querySelector('[role="alert"]')!.textContent).to.equal('The email or password is incorrect.');
    expect(field(r, 'current-password').getAttribute('aria-invalid')).to.equal('true');
    expect(heading(r)).to.equal('Log In');
  });

  it('Forgot Password? starts a reset and moves to "Forgot password?"', async () => {
    const s = await atPasswordScreen('password');
    r = s.r;
    await click(button(r.root, 'Forgot Password?'));
    expect(s.calls.resetStart).to.deep.equal([[{ email: EMAIL }]]);
    expect(heading(r)).to.equal('Forgot password?');
    expect(text(r)).to.contain(`A link to reset your password was sent to ${EMAIL}.`);
  });

  it('reset_password on log in goes to PasswordDedupe; breached_password to PasswordBreached', async () => {
    let s = await atPasswordScreen('password', { authenticate: () => Promise.reject(apiError('reset_password', 'Reset required.')) });
    r = s.r;
    await type(field(r, 'current-password'), 'old password');
    await click(button(r.root, 'Continue'));
    expect(s.calls.resetStart).to.have.length(1);
    expect(heading(r)).to.equal('Check your email to set a new password!');
    r.unmount();
    s = await atPasswordScreen('password', { authenticate: () => Promise.reject(apiError('breached_password', 'Breached.')) });
    r = s.r;
    await type(field(r, 'current-password'), 'password1');
    await click(button(r.root, 'Continue'));
    expect(heading(r)).to.equal('Check your email to set a new password');
    expect(text(r)).to.contain('had a security issue');
  });

  it('offers the email alternative below the form', async () => {
    const s = await atPasswordScreen('password', {}, { products: ['passwords', 'emailMagicLinks'] });
    r = s.r;
    await click(button(r.root, 'Email me a login link'));
    expect(heading(r)).to.equal('Check your email');
  });

  it('the back arrow returns to Main', async () => {
    r = (await atPasswordScreen('password')).r;
    await click(button(r.root, 'Back'));
    expect(heading(r)).to.equal('Sign up or log in');
  });
});

describe('Password flow: passwordless user', () => {
  let r: Rendered | undefined;
  afterEach(() => r?.unmount());

  it('sends an email code when email is an OTP method, with "Create a password instead"', async () => {
    const s = await atPasswordScreen('passwordless', {}, { products: ['passwords', 'otp'], otpOptions: { methods: ['email'] } });
    r = s.r;
    expect(s.calls.otpSend).to.have.length(1);
    expect(s.calls.magicLinkSend).to.equal(undefined);
    expect(heading(r)).to.equal('Enter passcode');
    // One card: the alternative sits inside the passcode screen's container, not in a second box.
    expect(r.root.querySelectorAll('[part~="container"]')).to.have.length(1);
    expect(button(r.root, 'Create a password instead')!.closest('[part~="container"]')!.querySelector('h1,h2,[part~="header"]')!.textContent).to.equal('Enter passcode');
    await click(button(r.root, 'Create a password instead'));
    expect(s.calls.resetStart).to.deep.equal([[{ email: EMAIL }]]);
    expect(heading(r)).to.equal('Check your email!');
    expect(text(r)).to.contain(`A login link was sent to ${EMAIL}.`);
    expect(button(r.root, 'Login without a password') === undefined).to.equal(true);
  });

  it('otherwise sends a magic link when configured, once', async () => {
    const s = await atPasswordScreen('passwordless', {}, { products: ['passwords', 'emailMagicLinks'] });
    r = s.r;
    expect(s.calls.magicLinkSend).to.have.length(1);
    expect(heading(r)).to.equal('Check your email');
    expect(r.root.querySelectorAll('[part~="container"]')).to.have.length(1);
    expect(button(r.root, 'Create a password instead')!.closest('[part~="container"]')!.textContent).to.contain('Open in Gmail');
  });

  it('otherwise sends a reset email and moves to PasswordSetNew', async () => {
    const s = await atPasswordScreen('passwordless');
    r = s.r;
    expect(s.calls.resetStart).to.deep.equal([[{ email: EMAIL }]]);
    expect(heading(r)).to.equal('Check your email!');
  });

  it('a failed automatic send shows the message', async () => {
    const s = await atPasswordScreen('passwordless', { resetStart: () => Promise.reject(apiError('invalid_email', 'Email format is invalid.')) });
    r = s.r;
    expect(r.root.querySelector('[role="alert"]')!.textContent).to.equal('Email format is invalid.');
  });

  it('an automatic send the provider asks to wait for counts down, then is made again by itself', async () => {
    let sends = 0;
    const s = await atPasswordScreen(
      'passwordless',
      {
        magicLinkSend: () =>
          sends++ ? Promise.resolve({}) : Promise.reject(Object.assign(apiError('too_many_requests', 'Too many requests have been made. Please wait and try again.', 429), { retry_after_seconds: 4 })),
      },
      { products: ['passwords', 'emailMagicLinks'] },
    );
    r = s.r;
    expect(r.root.querySelector('[part="error"]')!.textContent).to.equal('Too many attempts. Try again in 0:04.');
    expect(r.root.textContent).not.to.contain('Too many requests');
    await r.clock.advance(4_000);
    await flush();
    expect(sends).to.equal(2);
    expect(heading(r)).to.equal('Check your email');
  });
});

describe('Password flow: reset-email screens', () => {
  let r: Rendered | undefined;
  afterEach(() => r?.unmount());

  async function at(screen: 'PasswordForgot' | 'PasswordBreached' | 'PasswordSetNew' | 'PasswordDedupe', options: PasswordFakeOptions = {}) {
    const fake = passwordClient(options);
    const rendered = await renderLogin(passwordsOnly, fake.client, (store) => {
      store.set(passwordStateAtom, { email: EMAIL, type: 'password' });
      store.set(transitionAtom, screen);
    });
    return { r: rendered, ...fake };
  }

  it('titles and texts of the four screens', async () => {
    const cases = [
      ['PasswordForgot', 'Forgot password?', true],
      ['PasswordBreached', 'Check your email to set a new password', true],
      ['PasswordSetNew', 'Check your email!', false],
      ['PasswordDedupe', 'Check your email to set a new password!', true],
    ] as const;
    for (const [screen, title, withoutPassword] of cases) {
      r = (await at(screen)).r;
      expect(heading(r)).to.equal(title);
      expect(r.root.querySelector('strong')!.textContent).to.equal(EMAIL);
      expect(button(r.root, 'Resend email')).not.to.equal(undefined);
      expect(button(r.root, 'Login without a password') !== undefined).to.equal(withoutPassword);
      r.unmount();
      r = undefined;
    }
  });

  it('Resend email sends again and shows the toast "Email resent"; a failure shows an error toast', async () => {
    let fail = false;
    const s = await at('PasswordForgot', { resetStart: () => (fail ? Promise.reject(apiError('too_many_requests', 'Too many emails.', 429)) : Promise.resolve({})) });
    r = s.r;
    await click(button(r.root, 'Resend email'));
    expect(s.calls.resetStart).to.have.length(1);
    expect(r.root.querySelector('[role="status"] [part~="toast"]')!.textContent).to.contain('Email resent');
    fail = true;
    await click(button(r.root, 'Resend email'));
    expect(r.root.querySelector('[role="alert"][part~="toast-error"]')!.textContent).to.contain('Too many emails.');
  });

  it('Login without a password sends a magic link for the email and shows Check your email', async () => {
    const s = await at('PasswordBreached');
    r = s.r;
    await click(button(r.root, 'Login without a password'));
    expect(s.calls.magicLinkSend![0]![0]).to.equal(EMAIL);
    expect(heading(r)).to.equal('Check your email');
    expect(text(r)).to.contain(EMAIL);
    expect(r.events.map((e) => e.type)).to.deep.equal(['MAGIC_LINK_LOGIN_OR_CREATE']);
  });

  it('a failed "Login without a password" shows the message on the screen', async () => {
    const s = await at('PasswordDedupe', { magicLinkSend: () => Promise.reject(apiError('invalid_redirect_url', 'Bad redirect.')) });
    r = s.r;
    await click(button(r.root, 'Login without a password'));
    expect(r.root.querySelector('[role="alert"]')!.textContent).to.equal('Bad redirect.');
    expect(heading(r)).to.equal('Check your email to set a new password!');
  });
});
