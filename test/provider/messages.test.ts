import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { ProjectConfigSchema } from '../../provider/config.ts';
import { catalog } from '../../provider/services/messages/catalog.ts';
import { LOCALES, resolveLocale } from '../../provider/services/messages/locale.ts';
import { inviteMessage, magicLinkMessage, passcodeMessage, resetMessage } from '../../provider/services/messages/templates.ts';

const config = v.parse(ProjectConfigSchema, { name: 'Shop <&> Co', authorizedOrigins: ['https://shop.test'] });
const LINK = 'https://shop.test/authenticate?stytch_token_type=magic_links&token=abc_DEF-123';
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('Message locales', () => {
  it('resolves what callers pass to a catalog locale, English otherwise', () => {
    assert.equal(resolveLocale(undefined), 'en');
    assert.equal(resolveLocale('fr-CA'), 'fr');
    assert.equal(resolveLocale('pt-br'), 'pt-BR');
    assert.equal(resolveLocale('pt_BR'), 'pt-BR');
    assert.equal(resolveLocale('pt-PT'), 'pt-BR');
    assert.equal(resolveLocale('zh-TW'), 'zh-CN');
    assert.equal(resolveLocale('es-MX'), 'es');
    assert.equal(resolveLocale('he'), 'he');
    assert.equal(resolveLocale('xx'), 'en');
    assert.equal(resolveLocale(''), 'en');
  });

  it('every locale has every text, with the same placeholders as English, and a minute form for 1..10', () => {
    for (const locale of LOCALES) {
      const words = catalog[locale];
      for (const [key, value] of Object.entries(catalog.en)) {
        if (key === 'minutes') continue;
        const text = words[key as keyof typeof words] as string;
        assert.ok(text && text.trim(), `${locale}.${key}`);
        assert.deepEqual(placeholders(text), placeholders(value as string), `${locale}.${key} placeholders`);
      }
      const rules = new Intl.PluralRules(locale);
      for (let n = 1; n <= 10; n++) assert.ok(words.minutes[rules.select(n)] ?? words.minutes.other, `${locale} minutes(${n})`);
      if (locale !== 'en') assert.notEqual(words.loginSubject, catalog.en.loginSubject, `${locale} is translated`);
    }
  });
});

describe('Message templates', () => {
  for (const locale of LOCALES) {
    it(`${locale}: every email is text + HTML, with the link, the project name and nothing else to load`, () => {
      const mails = [
        magicLinkMessage(config, locale, 'login', 'a@shop.test', LINK, 30),
        magicLinkMessage(config, locale, 'signup', 'a@shop.test', LINK, 30),
        resetMessage(config, locale, 'a@shop.test', LINK, 30, `${LINK}&login=1`),
        inviteMessage(config, locale, 'a@shop.test', LINK, 60 * 24),
        passcodeMessage(config, locale, 'email', 'a@shop.test', '042917', 5),
      ];
      for (const m of mails) {
        assert.equal(m.channel, 'email');
        assert.ok(m.subject.includes('Shop <&> Co'), m.subject);
        assert.doesNotMatch(m.subject, /[\u2068\u2069\n]/);
        assert.ok(m.text.includes('Shop <&> Co'));
        assert.ok(m.html!.includes('Shop &#60;&#38;&#62; Co'), 'the name is escaped in HTML');
        assert.ok(m.html!.startsWith('<!doctype html>'));
        assert.ok(m.html!.includes(`<html lang="${locale}" dir="${locale === 'ar' || locale === 'he' ? 'rtl' : 'ltr'}">`));
        assert.doesNotMatch(m.html!, /<img|<script|src=|url\(|<link /i, 'no images, scripts or remote resources (no tracking)');
        const hrefs = [...m.html!.matchAll(/href="([^"]*)"/g)].map((x) => x[1]!.replaceAll('&#38;', '&'));
        for (const href of hrefs) assert.ok(href.startsWith(LINK), `only the message's own links: ${href}`);
        assert.equal(m.headers?.['Auto-Submitted'], 'auto-generated');
        assert.equal(m.headers?.['List-Unsubscribe'], undefined, 'sign-in mail carries no List-Unsubscribe');
        assert.equal(m.locale, locale);
      }
      for (const m of mails.slice(0, 4)) {
        assert.ok(m.text.split('\n').includes(LINK), 'the link sits on its own line in the text part');
        // The text part has no button to point at: no "Use the button below" intro in it.
        for (const intro of [catalog[locale].loginIntro, catalog[locale].signupIntro, catalog[locale].resetIntro, catalog[locale].inviteIntro]) {
          const name = locale === 'ar' || locale === 'he' ? '\u2068Shop <&> Co\u2069' : 'Shop <&> Co';
          assert.ok(!m.text.includes(intro.replace('{name}', name)), `the text part does not say: ${intro}`);
        }
        assert.ok(m.html!.includes(LINK.replaceAll('&', '&#38;')));
        assert.equal(m.link, LINK);
      }
      const code = mails[4]!;
      assert.ok(code.subject.includes('042917') && code.text.includes('042917') && code.html!.includes('042917'));
      assert.equal(code.code, '042917');
    });
  }

  it('writes minutes with the plural rules of the locale', () => {
    assert.match(passcodeMessage(config, 'en', 'whatsapp', '+15555550100', '111111', 1).text, /in 1 minute\./);
    assert.match(passcodeMessage(config, 'pl', 'whatsapp', '+15555550100', '111111', 5).text, /za 5 minut\./);
    assert.match(passcodeMessage(config, 'pl', 'whatsapp', '+15555550100', '111111', 3).text, /za 3 minuty\./);
    assert.match(passcodeMessage(config, 'ar', 'whatsapp', '+15555550100', '111111', 2).text, /دقيقتين/);
    assert.match(passcodeMessage(config, 'de', 'whatsapp', '+15555550100', '111111', 10).text, /in 10 Minuten ab\./);
  });

  it('SMS texts are translated and end with the Web OTP line; WhatsApp texts do not', () => {
    const sms = passcodeMessage(config, 'ja', 'sms', '+15555550100', '654321', 5);
    assert.ok(sms.text.startsWith('Shop <&> Co の確認コードは 654321 です。'));
    assert.equal(sms.text.split('\n').at(-1), '@shop.test #654321');
    assert.equal(passcodeMessage(config, 'ja', 'whatsapp', '+15555550100', '654321', 5).text.includes('#654321'), false);
    const ar = passcodeMessage(config, 'ar', 'sms', '+15555550100', '654321', 5);
    assert.ok(ar.text.includes('\u2068654321\u2069'), 'digits isolated inside right-to-left text');
    assert.equal(ar.text.split('\n').at(-1), '@shop.test #654321');
  });

  it('invitations carry List-Unsubscribe (one-click for https) when configured', () => {
    const https = v.parse(ProjectConfigSchema, { delivery: { listUnsubscribe: 'https://shop.test/unsubscribe' } });
    const m = inviteMessage(https, 'en', 'a@shop.test', LINK, 60);
    assert.equal(m.headers?.['List-Unsubscribe'], '<https://shop.test/unsubscribe>');
    assert.equal(m.headers?.['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
    const mailto = v.parse(ProjectConfigSchema, { delivery: { listUnsubscribe: 'mailto:unsubscribe@shop.test' } });
    const n = inviteMessage(mailto, 'en', 'a@shop.test', LINK, 60);
    assert.equal(n.headers?.['List-Unsubscribe'], '<mailto:unsubscribe@shop.test>');
    assert.equal(n.headers?.['List-Unsubscribe-Post'], undefined);
    assert.equal(inviteMessage(config, 'en', 'a@shop.test', LINK, 60).headers?.['List-Unsubscribe'], undefined);
    assert.equal(magicLinkMessage(https, 'en', 'login', 'a@shop.test', LINK, 60).headers?.['List-Unsubscribe'], undefined);
    assert.throws(() => v.parse(ProjectConfigSchema, { delivery: { listUnsubscribe: 'http://shop.test/u' } }));
  });
});
