import { expect } from '@open-wc/testing';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { loginMethods } from '../../../screens/main/methods.ts';
import { resolveConfig } from '../../../screens/config/resolve.ts';
import { SafeText } from '../../../screens/components/SafeText.tsx';
import { apiError, button, click, flush, renderLogin, type Rendered, type } from './helpers.tsx';

const messages = { passkeysAlone: 'a', emlWithEmailOtp: 'b', invalid: () => 'c' };
const methodsOf = (config: object) => {
  const r = resolveConfig(config, messages);
  if (!r.ok) throw new Error(r.message);
  return loginMethods(r.value);
};
const tabs = (r: Rendered) => [...r.root.querySelectorAll('[role="tab"]')].map((t) => t.textContent);

function mlClient(send: (email: string, o: unknown) => Promise<unknown> = () => Promise.resolve({})) {
  const logged: unknown[] = [];
  const sent: [string, unknown][] = [];
  return {
    logged,
    sent,
    client: {
      magicLinks: { email: { loginOrCreate: (email: string, o: unknown) => (sent.push([email, o]), send(email, o)) } },
      otps: { email: { loginOrCreate: (email: string, o: unknown) => (sent.push([email, o]), Promise.resolve({ method_id: 'email-1' })) } },
      bootstrap: { getSync: () => ({ email_domains: ['mail.example.org'], disable_sdk_watermark: true }), onChange: () => () => {} },
      logEvent: (e: unknown) => logged.push(e),
    },
  };
}

describe('Main login form', () => {
  let r: Rendered | undefined;
  afterEach(() => r?.unmount());

  it('orders methods by config; with passwords the email tabs become the one password tab, where the first stood', () => {
    expect(methodsOf({ products: ['otp', 'emailMagicLinks'], otpOptions: { methods: ['whatsapp', 'sms'] } })).to.deep.equal(['whatsapp', 'sms', 'emailMagicLinks']);
    expect(methodsOf({ products: ['emailMagicLinks', 'passwords'] })).to.deep.equal(['passwords']);
    expect(methodsOf({ products: ['otp', 'passwords'], otpOptions: { methods: ['email', 'sms'] } })).to.deep.equal(['passwords', 'sms']);
  });

  it('shows tabs Text, WhatsApp, Email with the first selected, and none with one method', async () => {
    r = await renderLogin({ products: ['otp', 'emailMagicLinks'], otpOptions: { methods: ['sms', 'whatsapp'] } }, {});
    expect(tabs(r)).to.deep.equal(['Text', 'WhatsApp', 'Email']);
    expect(r.root.querySelector('[role="tab"][aria-selected="true"]')!.textContent).to.equal('Text');
    expect(r.root.querySelector('input[type="tel"]')).not.to.equal(null);
    expect(r.root.querySelector('select')!.value).to.equal('US');
    await click(button(r.root, 'Email'));
    expect(r.root.querySelector('input[type="email"]')).not.to.equal(null);
    r.unmount();
    r = await renderLogin({ products: ['emailMagicLinks'] }, {});
    expect(tabs(r)).to.deep.equal([]);
    expect(r.root.querySelector('h1')!.textContent).to.equal('Sign up or log in');
    expect(document.activeElement).not.to.equal(r.root.querySelector('h1'));
  });

  it('the address typed in the email tab is there again after a visit to the Text tab, and is what is sent', async () => {
    const c = mlClient();
    r = await renderLogin({ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms'] } }, c.client);
    await type(r.root.querySelector('input[type="email"]')!, 'ada@example.com');
    await click(button(r.root, 'Text'));
    expect(r.root.querySelector('input[type="email"]')).to.equal(null);
    await click(button(r.root, 'Email'));
    expect(r.root.querySelector<HTMLInputElement>('input[type="email"]')!.value).to.equal('ada@example.com');
    await click(button(r.root, 'Continue with email'));
    expect(c.sent.map((s) => s[0])).to.deep.equal(['ada@example.com']);
  });

  it('magic link: a bad address reads "Invalid email address" as an alert and nothing is sent', async () => {
    const c = mlClient();
    r = await renderLogin({ products: ['emailMagicLinks'] }, c.client);
    await type(r.root.querySelector('input')!, 'nope@');
    await click(button(r.root, 'Continue with email'));
    expect(r.root.querySelector('[role="alert"]')!.textContent).to.equal('Invalid email address');
    expect(c.sent).to.have.length(0);
  });

  it('email OTP: a bad address reads "Invalid email, please try again."', async () => {
    r = await renderLogin({ products: ['otp'], otpOptions: { methods: ['email'] } }, mlClient().client);
    await type(r.root.querySelector('input')!, 'x');
    await click(button(r.root, 'Continue with email'));
    expect(r.root.querySelector('[role="alert"]')!.textContent).to.equal('Invalid email, please try again.');
  });

  it('magic link: sends with the configured URLs and expirations, then Check your email, inbox links and Try again', async () => {
    const c = mlClient();
    const eml = { loginRedirectURL: 'https://app.test/in', signupRedirectURL: 'https://app.test/up', loginExpirationMinutes: 15, signupExpirationMinutes: 60 };
    r = await renderLogin({ products: ['emailMagicLinks'], emailMagicLinksOptions: eml }, c.client);
    await type(r.root.querySelector('input')!, 'ada@example.com');
    await click(button(r.root, 'Continue with email'));
    expect(c.sent).to.deep.equal([
      [
        'ada@example.com',
        { login_magic_link_url: 'https://app.test/in', signup_magic_link_url: 'https://app.test/up', login_expiration_minutes: 15, signup_expiration_minutes: 60, create_user_as_pending: false },
      ],
    ]);
    expect(r.root.querySelector('h1')!.textContent).to.equal('Check your email');
    expect(document.activeElement).to.equal(r.root.querySelector('h1'));
    expect(r.root.textContent).to.contain('ada@example.com');
    const hrefs = [...r.root.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(hrefs).to.deep.equal([
      ['Open in Gmail', 'https://mail.google.com/mail/u/0/#search/from%3A%40mail.example.org%20in%3Aanywhere'],
      ['Open in Yahoo', 'https://mail.yahoo.com/d/search/keyword=mail.example.org'],
      ['Open in Outlook', 'https://outlook.live.com/mail/0/search?q=from%3Amail.example.org'],
    ]);
    await click(button(r.root, 'Try again'));
    expect(c.logged).to.deep.include({ event_name: 'email_try_again_clicked', details: { email: 'ada@example.com', type: 'login_or_create_eml' } });
    expect(r.root.querySelector('h1')!.textContent).to.equal('Sign up or log in');
    expect(r.root.querySelector('input')!.value).to.equal('');
  });

  it('an API error shows its error_message with provider links as anchors and reaches onError', async () => {
    const c = mlClient(() => Promise.reject(apiError('bad_domain', 'Redirect URL not allowed, see https://stytch.com/docs/redirect-urls. <b>x</b> https://evil.test/a')));
    r = await renderLogin({ products: ['emailMagicLinks'] }, c.client);
    await type(r.root.querySelector('input')!, 'ada@example.com');
    await click(button(r.root, 'Continue with email'));
    const alert = r.root.querySelector('[role="alert"]')!;
    expect(alert.textContent).to.equal('Redirect URL not allowed, see https://stytch.com/docs/redirect-urls. <b>x</b> https://evil.test/a');
    expect([...alert.querySelectorAll('a')].map((a) => a.href)).to.deep.equal(['https://stytch.com/docs/redirect-urls']);
    expect(alert.querySelector('b')).to.equal(null);
    expect(r.errors).to.have.length(1);
    expect(button(r.root, 'Continue with email')!.disabled).to.equal(false);
  });

  it("a provider outage (503 server_unavailable) reads the catalog's message, not the raw one", async () => {
    const c = mlClient(() => Promise.reject(apiError('server_unavailable', 'The service is temporarily unavailable. Please try again shortly.', 503)));
    r = await renderLogin({ products: ['emailMagicLinks'] }, c.client);
    await type(r.root.querySelector('input')!, 'ada@example.com');
    await click(button(r.root, 'Continue with email'));
    expect(r.root.querySelector('[role="alert"]')!.textContent).to.equal('Our servers are unavailable right now. Please try again in a moment.');
    expect(r.errors).to.have.length(1);
  });

  it('a phone the parser calls invalid reads "Invalid phone number, please try again."', async () => {
    const parsed: [string, string][] = [];
    const client = { phone: { parse: (p: string, region: string) => (parsed.push([p, region]), Promise.resolve({ isValid: false, number: '', national: '' })) } };
    r = await renderLogin({ products: ['otp'], otpOptions: { methods: ['whatsapp'] } }, client);
    const select = r.root.querySelector('select')!;
    expect([...select.options].find((o) => o.value === 'GB')!.textContent).to.contain('(+44)');
    // Closed, the picker shows the short form; the select stays the labelled control.
    const shown = r.root.querySelector('[part~="country-display"]')!;
    expect(shown.textContent).to.equal('US +1');
    expect(select.getAttribute('aria-label')).to.equal('Country');
    select.value = 'GB';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await new Promise((res) => setTimeout(res, 0));
    expect(shown.textContent).to.equal('GB +44');
    select.value = 'US';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await new Promise((res) => setTimeout(res, 0));
    await type(r.root.querySelector('input')!, '123');
    await click(button(r.root, 'Continue'));
    expect(parsed).to.deep.equal([['123', 'US']]);
    expect(r.root.querySelector('[role="alert"]')!.textContent).to.equal('Invalid phone number, please try again.');
  });
});

describe('Phone placeholder', () => {
  let r: Rendered | undefined;
  afterEach(() => r?.unmount());

  it("shows the selected country's example number, the US one without asking, nothing while another is on its way", async () => {
    const asked: string[] = [];
    let answer: (v: { phoneNumber: string }) => void = () => undefined;
    const client = { phone: { example: (region: string) => (asked.push(region), new Promise<{ phoneNumber: string }>((ok) => (answer = ok))) } };
    r = await renderLogin({ products: ['otp'], otpOptions: { methods: ['sms'] } }, client);
    const phone = r.root.querySelector<HTMLInputElement>('input[type="tel"]')!;
    expect(phone.placeholder).to.equal('(201) 555-0123');
    expect(asked).to.deep.equal([]);
    const select = r.root.querySelector('select')!;
    select.value = 'GB';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await flush();
    expect(asked).to.deep.equal(['GB']);
    expect(phone.placeholder).to.equal('');
    answer({ phoneNumber: '07400 123456' });
    await flush();
    expect(phone.placeholder).to.equal('07400 123456');
    select.value = 'US';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await flush();
    expect(phone.placeholder).to.equal('(201) 555-0123');
  });
});

describe('SafeText', () => {
  it('renders server text as text, never markup, linking only the provider site', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    root.render(createElement(SafeText, { text: '<img src=x onerror=alert(1)> https://stytch.com/docs. javascript:alert(1)' }));
    await flush();
    expect(host.querySelector('img')).to.equal(null);
    expect([...host.querySelectorAll('a')].map((a) => a.getAttribute('href'))).to.deep.equal(['https://stytch.com/docs']);
    root.unmount();
    host.remove();
  });
});
