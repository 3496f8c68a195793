import { expect } from '@open-wc/testing';
import { StytchResetPasswordElement } from '../../../elements/reset-password/define.ts';
import { resetLinkParams } from '../../../elements/reset-password/element.ts';
import type { WidgetClient } from '../../../screens/context.ts';
import { apiError, button, click, flush, renderApp, submitPassword, typePassword, type Rendered } from './helpers.tsx';
import { deferred, passwordClient, type PasswordFakeOptions } from './password-fakes.ts';

interface ResetRendered extends Rendered {
  calls: Record<string, unknown[][]>;
}

/** Renders the reset-password App for `token` (and `tokenType`, as the page's link carried it). */
async function renderReset(options: PasswordFakeOptions, token: string | undefined, tokenType?: string): Promise<ResetRendered> {
  const { client, calls } = passwordClient(options);
  const r = await renderApp({ mode: 'reset-password', config: { products: ['passwords'] }, client, passwordResetToken: token, passwordResetTokenType: tokenType });
  return { ...r, calls };
}

const heading = (r: ResetRendered) => r.root.querySelector('h1')?.textContent;
const field = (r: ResetRendered) => r.root.querySelector<HTMLInputElement>('input[autocomplete="new-password"]')!;

describe('Reset password form', () => {
  let r: ResetRendered | undefined;
  afterEach(() => r?.unmount());

  it('shows "Reset your password" with Continue disabled until the new password is valid; checks without an email', async () => {
    r = await renderReset({}, 'reset-token-1', 'reset_password');
    expect(heading(r)).to.equal('Reset your password');
    expect(r.root.querySelector('label')!.textContent).to.equal('New password');
    expect(button(r.root, 'Continue')!.disabled).to.equal(true);
    await typePassword(r, 'short');
    expect(r.calls.strengthCheck).to.deep.equal([[{ password: 'short' }]]);
    expect(button(r.root, 'Continue')!.disabled).to.equal(true);
    await typePassword(r, 'long enough password');
    expect(button(r.root, 'Continue')!.disabled).to.equal(false);
    expect(r.root.querySelector('[role="meter"]')).not.to.equal(null);
  });

  it('Continue resets with the token and shows Success! with the events', async () => {
    r = await renderReset({}, 'reset-token-1');
    await submitPassword(r, 'long enough password');
    expect(r.calls.resetByEmail).to.deep.equal([[{ token: 'reset-token-1', password: 'long enough password', session_duration_minutes: 30 }]]);
    expect(heading(r)).to.equal('Success!');
    expect(r.root.textContent).to.contain('You have successfully logged in.');
    expect(r.events.map((e) => e.type)).to.deep.equal(['PASSWORD_RESET_BY_EMAIL', 'AUTHENTICATE_FLOW_COMPLETE']);
    expect(document.activeElement).to.equal(r.root.querySelector('h1'));
  });

  it('a reset error shows under the field', async () => {
    r = await renderReset({ resetByEmail: () => Promise.reject(apiError('unable_to_auth_magic_link', 'The link is incorrect, expired or already used.', 404)) }, 'used-token');
    await submitPassword(r, 'long enough password');
    const alert = r.root.querySelector('[role="alert"]')!;
    expect(alert.textContent).to.equal('The link is incorrect, expired or already used.');
    expect(field(r).getAttribute('aria-describedby')).to.contain(alert.id);
    expect(heading(r)).to.equal('Reset your password');
  });

  it('"Login without a password" shows Logging in... with the size-100 spinner, then Success!', async () => {
    const auth = deferred<unknown>();
    r = await renderReset({ magicLinkAuthenticate: () => auth.promise }, 'reset-token-2');
    await click(button(r.root, 'Login without a password'));
    expect(r.calls.magicLinkAuthenticate).to.deep.equal([['reset-token-2', { session_duration_minutes: 30 }]]);
    expect(r.root.querySelector('[role="status"]')!.textContent).to.equal('Logging in...');
    const spinner = r.root.querySelector<HTMLElement>('[part~="spinner"]')!;
    expect(spinner.getAttribute('data-size')).to.equal('100');
    // Its layout width: the bounding box of a spinner caught mid-turn is wider than the spinner.
    expect(getComputedStyle(spinner).width).to.equal('100px');
    auth.resolve({ user_id: 'user-1' });
    await flush();
    expect(heading(r)).to.equal('Success!');
    expect(r.events.map((e) => e.type)).to.deep.equal(['MAGIC_LINK_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']);
  });

  it('a failed "Login without a password" returns to the form with the error', async () => {
    r = await renderReset({ magicLinkAuthenticate: () => Promise.reject(apiError('unable_to_auth_magic_link', 'The link is incorrect, expired or already used.', 404)) }, 'used');
    await click(button(r.root, 'Login without a password'));
    expect(heading(r)).to.equal('Reset your password');
    expect(r.root.querySelector('[role="alert"]')!.textContent).to.equal('The link is incorrect, expired or already used.');
    expect(r.errors).to.have.length(1);
  });
});

describe('Reset page without a token', () => {
  let r: ResetRendered | undefined;
  afterEach(() => r?.unmount());

  it('says the page needs the emailed link, and calls nothing', async () => {
    for (const tokenType of [undefined, 'login']) {
      r = await renderReset({}, undefined, tokenType);
      expect(r.root.querySelector('[role="alert"]')!.textContent).to.equal('This page needs the link from your password reset email. Open the link from the email again.');
      expect(r.root.querySelector('input')).to.equal(null);
      expect(r.calls).to.deep.equal({});
      r.unmount();
      r = undefined;
    }
  });
});

describe('Reset page with stytch_token_type=login', () => {
  let r: ResetRendered | undefined;
  afterEach(() => r?.unmount());

  it('authenticates the token as a magic link at once, once, and shows Success!', async () => {
    r = await renderReset({}, 'login-token', 'login');
    expect(r.calls.magicLinkAuthenticate).to.deep.equal([['login-token', { session_duration_minutes: 30 }]]);
    expect(heading(r)).to.equal('Success!');
    expect(r.calls.strengthCheck).to.equal(undefined);
  });

  it('reports a failure', async () => {
    r = await renderReset({ magicLinkAuthenticate: () => Promise.reject(apiError('unable_to_auth_magic_link', 'The link is incorrect, expired or already used.', 404)) }, 'used', 'login');
    expect(r.root.querySelector('[role="alert"]')!.textContent).to.equal('The link is incorrect, expired or already used.');
    expect(r.errors).to.have.length(1);
    expect(r.root.querySelector('[part~="spinner"]')).to.equal(null);
  });
});

describe('<stytch-reset-password> and the page URL', () => {
  const original = location.href;
  afterEach(() => history.replaceState(null, '', original));

  it('parses token and stytch_token_type from a query string', () => {
    expect(resetLinkParams('?stytch_token_type=login&token=abc')).to.deep.equal({ token: 'abc', tokenType: 'login' });
    expect(resetLinkParams('')).to.deep.equal({ token: undefined, tokenType: undefined });
  });

  it('reads stytch_token_type and the token from the page on load; the property wins over the URL token', async () => {
    history.replaceState(null, '', `${location.pathname}?stytch_token_type=login&token=url-token`);
    const { client, calls } = passwordClient();
    const el = document.createElement('stytch-reset-password') as StytchResetPasswordElement;
    el.client = client as unknown as WidgetClient;
    el.config = { products: ['passwords'] };
    document.body.append(el);
    await el.updateComplete;
    for (let i = 0; i < 20 && !calls.magicLinkAuthenticate; i++) await new Promise((res) => setTimeout(res, 10));
    expect(calls.magicLinkAuthenticate?.[0]?.[0]).to.equal('url-token');
    el.remove();

    const el2 = document.createElement('stytch-reset-password') as StytchResetPasswordElement;
    const second = passwordClient();
    el2.client = second.client as unknown as WidgetClient;
    el2.passwordResetToken = 'property-token';
    document.body.append(el2);
    await el2.updateComplete;
    for (let i = 0; i < 20 && !second.calls.magicLinkAuthenticate; i++) await new Promise((res) => setTimeout(res, 10));
    expect(second.calls.magicLinkAuthenticate?.[0]?.[0]).to.equal('property-token');
    el2.remove();
  });
});
