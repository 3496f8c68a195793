import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Message } from '../../provider/context.ts';
import { LOCALES, type Locale } from '../../provider/services/messages/locale.ts';
import { inviteMessage, magicLinkMessage, passcodeMessage, resetMessage } from '../../provider/services/messages/templates.ts';
import { databases, outbox, sdk, startTestProvider, uniqueEmail, uniquePhone, withSession, type OutboxMessage, type TestProvider } from './harness.ts';
import { startServerApi, type ServerApiSetup } from './server-api-harness.ts';

/*
 * End to end: the `locale` a caller passes on a send (the widget's resolved locale, or a
 * backend's through /v1) picks the language of the message that lands in the outbox. Which
 * language it is we find by rendering the same message (same code or link) in every locale
 * and keeping the one whose subject and text match exactly.
 */

type Render = (locale: Locale, m: OutboxMessage) => Message;

function languageOf(m: OutboxMessage, render: Render): Locale | undefined {
  return LOCALES.find((l) => {
    const r = render(l, m);
    return r.subject === m.subject && r.text === m.text;
  });
}

const STRONG = 'quokka umbrella jazz wharf';
const REDIRECT = 'http://app.test/authenticate.html';

for (const kind of databases) {
  describe(`message locale through /sdk/v1 (${kind})`, () => {
    let provider: TestProvider;
    before(async () => {
      provider = await startTestProvider(kind, { redirectUrls: [REDIRECT], sendLimits: { perIp: 200 } });
    });
    after(() => provider.destroy());

    const code: (channel: Message['channel'], minutes?: number) => Render =
      (channel, minutes = 5) =>
      (l, m) =>
        passcodeMessage(provider.config, l, channel, m.to, m.code!, minutes);
    const link: (kind: 'login' | 'signup') => Render = (k) => (l, m) => magicLinkMessage(provider.config, l, k, m.to, m.link!, 30);

    async function newest(to: string): Promise<OutboxMessage> {
      const [m] = await outbox(provider, to);
      assert.ok(m, `a message to ${to}`);
      return m;
    }

    it('a passcode by email, SMS and WhatsApp comes in the locale asked for', async () => {
      const email = uniqueEmail();
      const res = await sdk(provider, 'POST', '/otps/email/login_or_create', { email, expiration_minutes: 5, locale: 'fr' });
      assert.equal(res.status, 200, res.text);
      assert.equal(languageOf(await newest(email), code('email')), 'fr');
      for (const [channel, locale] of [
        ['sms', 'ja'],
        ['whatsapp', 'ar'],
      ] as const) {
        const phone = uniquePhone();
        const sent = await sdk(provider, 'POST', `/otps/${channel}/login_or_create`, { phone_number: phone, expiration_minutes: 5, locale });
        assert.equal(sent.status, 200, sent.text);
        assert.equal(languageOf(await newest(phone), code(channel)), locale, channel);
      }
    });

    it('send/primary to an existing user carries the locale; none means English', async () => {
      const email = uniqueEmail();
      await sdk(provider, 'POST', '/otps/email/login_or_create', { email });
      assert.equal(languageOf(await newest(email), code('email')), 'en', 'no locale: English');
      const primary = await sdk(provider, 'POST', '/otps/email/send/primary', { email, locale: 'de' });
      assert.equal(primary.status, 200, primary.text);
      assert.equal(languageOf(await newest(email), code('email')), 'de');
    });

    it('a magic link (signup, then login) and a password reset come in the locale asked for', async () => {
      const email = uniqueEmail();
      const first = await sdk(provider, 'POST', '/magic_links/email/login_or_create', { email, login_magic_link_url: REDIRECT, signup_magic_link_url: REDIRECT, locale: 'pt-br' });
      assert.equal(first.status, 200, first.text);
      assert.equal(languageOf(await newest(email), link('signup')), 'pt-BR', 'the official SDK spells it pt-br');
      const send = await sdk(provider, 'POST', '/magic_links/email/send/primary', { email, login_magic_link_url: REDIRECT, locale: 'zh-CN' });
      assert.equal(send.status, 200, send.text);
      assert.equal(languageOf(await newest(email), link('login')), 'zh-CN');

      const user = uniqueEmail();
      await sdk(provider, 'POST', '/passwords', { email: user, password: STRONG, session_duration_minutes: 30 });
      const reset = await sdk(provider, 'POST', '/passwords/email/reset/start', { email: user, reset_password_redirect_url: REDIRECT, locale: 'he' });
      assert.equal(reset.status, 200, reset.text);
      const mail = await newest(user);
      assert.equal(
        languageOf(mail, (l, m) => resetMessage(provider.config, l, m.to, m.link!, 30)),
        'he',
      );
    });

    it('a regional or unknown locale falls back to the language, then English, never an error', async () => {
      const cases: Array<[string, Locale]> = [
        ['fr-CA', 'fr'],
        ['es-419', 'es'],
        ['zh-Hant-TW', 'zh-CN'],
        ['en-XA', 'en'],
        ['xx', 'en'],
        ['', 'en'],
        ['not a locale at all!', 'en'],
        ['de_AT', 'de'],
      ];
      for (const [asked, expected] of cases) {
        const email = uniqueEmail();
        const res = await sdk(provider, 'POST', '/otps/email/login_or_create', { email, locale: asked });
        assert.equal(res.status, 200, `${asked}: ${res.text}`);
        assert.equal(languageOf(await newest(email), code('email')), expected, asked);
      }
    });

    it('a locale that is not a string is refused in the API error shape, as any mistyped field', async () => {
      const res = await sdk(provider, 'POST', '/otps/email/login_or_create', { email: uniqueEmail(), locale: 42 });
      assert.equal(res.status, 400);
      assert.equal(res.json.error_type, 'invalid_request');
    });

    it('parallel sends in different locales each get their own language', async () => {
      const asked = ['es', 'fr', 'de', 'it', 'nl', 'pl', 'ko', 'ar'] as const;
      const emails = asked.map(() => uniqueEmail());
      const results = await Promise.all(asked.map((locale, i) => sdk(provider, 'POST', '/otps/email/login_or_create', { email: emails[i], locale })));
      for (const r of results) assert.equal(r.status, 200, r.text);
      for (let i = 0; i < asked.length; i++) assert.equal(languageOf(await newest(emails[i]!), code('email')), asked[i]);
    });

    it('a secondary send (a session adds a phone) carries the locale', async () => {
      const email = uniqueEmail();
      const sent = await sdk(provider, 'POST', '/otps/email/login_or_create', { email });
      const auth = await sdk(provider, 'POST', '/otps/authenticate', { token: (await newest(email)).code, method_id: sent.json.data.method_id, session_duration_minutes: 30 });
      assert.equal(auth.status, 200, auth.text);
      const phone = uniquePhone();
      const res = await sdk(provider, 'POST', '/otps/sms/send/secondary', { phone_number: phone, locale: 'ko' }, withSession(auth.json.data.session_token));
      assert.equal(res.status, 200, res.text);
      assert.equal(languageOf(await newest(phone), code('sms')), 'ko');
    });
  });

  describe(`message locale through the server API /v1 and the official Node SDK (${kind})`, () => {
    let api: ServerApiSetup;
    before(async () => {
      api = await startServerApi(kind);
    });
    after(() => api.provider.destroy());

    async function newest(to: string): Promise<OutboxMessage> {
      const [m] = await outbox(api.provider, to);
      assert.ok(m, `a message to ${to}`);
      return m;
    }

    it('OTP, magic link and invitation sends come in the locale asked for; unknown ones in English', async () => {
      const config = api.provider.config;
      const email = uniqueEmail();
      await api.client.otps.email.loginOrCreate({ email, locale: 'it' });
      assert.equal(
        languageOf(await newest(email), (l, m) => passcodeMessage(config, l, 'email', m.to, m.code!, 5)),
        'it',
      );
      const phone = uniquePhone();
      await api.client.otps.sms.loginOrCreate({ phone_number: phone, locale: 'pl' });
      assert.equal(
        languageOf(await newest(phone), (l, m) => passcodeMessage(config, l, 'sms', m.to, m.code!, 5)),
        'pl',
      );

      const linkTo = uniqueEmail();
      await api.client.magicLinks.email.loginOrCreate({ email: linkTo, locale: 'nl' });
      const ml = await newest(linkTo);
      assert.equal(
        languageOf(ml, (l, m) => magicLinkMessage(config, l, 'signup', m.to, m.link!, 30)),
        'nl',
        'the default 30 minutes',
      );

      const invited = uniqueEmail('invitee');
      await api.client.magicLinks.email.invite({ email: invited, locale: 'ar' });
      const inv = await newest(invited);
      assert.equal(
        languageOf(inv, (l, m) => inviteMessage(config, l, m.to, m.link!, 60 * 24 * 7)),
        'ar',
      );

      const unknown = uniqueEmail();
      await api.client.otps.email.loginOrCreate({ email: unknown, locale: 'tlh' });
      assert.equal(
        languageOf(await newest(unknown), (l, m) => passcodeMessage(config, l, 'email', m.to, m.code!, 5)),
        'en',
      );
    });
  });
}
