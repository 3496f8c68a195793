import type { ProjectConfig } from '../../config.ts';
import type { Message } from '../delivery.ts';
import { catalog, type Words } from './catalog.ts';
import { isRtl, type Locale } from './locale.ts';
import { webOtpLine } from './web-otp.ts';

type Vars = { name: string; code?: string; minutes?: number };

function minutes(locale: Locale, words: Words, n: number): string {
  const form = new Intl.PluralRules(locale).select(n);
  return (words.minutes[form] ?? words.minutes.other).replace('#', String(n));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Fills `{name}`, `{code}` and `{minutes}`. In text, right-to-left locales get the name and
 * code wrapped in Unicode isolates so a Latin name or the digits do not reorder the sentence;
 * in HTML they get <bdi>.
 */
function fill(template: string, locale: Locale, words: Words, vars: Vars, mode: 'text' | 'html'): string {
  const iso = (s: string) => (mode === 'html' ? `<bdi>${escapeHtml(s)}</bdi>` : isRtl(locale) ? `\u2068${s}\u2069` : s);
  const body = mode === 'html' ? escapeHtml(template) : template;
  return body.replace(/\{(name|code|minutes)\}/g, (_, key: keyof Vars) => {
    if (key === 'minutes') return mode === 'html' ? escapeHtml(minutes(locale, words, vars.minutes ?? 0)) : minutes(locale, words, vars.minutes ?? 0);
    return iso(String(vars[key] ?? ''));
  });
}

interface EmailParts {
  subject: string;
  intro: string;
  code?: string;
  button?: { label: string; href: string };
  after?: { label: string; href: string };
  minutes: number;
}

const COLORS = { text: '#19303D', muted: '#5C727D', button: '#19303D', buttonText: '#FFFFFF' };

/**
 * One email as text and HTML (multipart/alternative). The HTML is self-contained: inline
 * styles, no images, no remote resources, no tracking; its only links are the ones given.
 */
function email(config: ProjectConfig, locale: Locale, to: string, parts: EmailParts, extra: Partial<Message> = {}): Message {
  const words = catalog[locale];
  const vars: Vars = { name: config.name, code: parts.code, minutes: parts.minutes };
  const t = (s: string) => fill(s, locale, words, vars, 'text');
  const h = (s: string) => fill(s, locale, words, vars, 'html');
  const subject = fill(parts.subject, locale, words, vars, 'text').replace(/[\u2068\u2069]/g, '');

  // The intro speaks of "the button below", which the text part has not: a link message's text
  // says what the link is for (its subject line) with the link itself beneath.
  const text =
    [
      parts.button ? t(parts.subject) : t(parts.intro),
      ...(parts.button ? [parts.button.href] : []),
      t(words.expires),
      ...(parts.after ? [`${parts.after.label}\n${parts.after.href}`] : []),
      t(words.ignore),
      `— ${config.name}`,
    ].join('\n\n') + '\n';

  const p = (content: string, style = '') => `<p style="margin:0 0 16px;${style}">${content}</p>`;
  const link = (href: string) => `<a href="${escapeHtml(href)}" dir="ltr" style="color:${COLORS.text};word-break:break-all">${escapeHtml(href)}</a>`;
  const html = [
    '<!doctype html>',
    `<html lang="${locale}" dir="${isRtl(locale) ? 'rtl' : 'ltr'}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#FFFFFF;color:${COLORS.text};font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">`,
    p(h(parts.intro)),
    parts.code ? p(`<bdi>${escapeHtml(parts.code)}</bdi>`, 'font-size:28px;font-weight:bold;letter-spacing:4px') : '',
    parts.button
      ? p(
          `<a href="${escapeHtml(parts.button.href)}" style="display:inline-block;padding:12px 24px;background:${COLORS.button};color:${COLORS.buttonText};text-decoration:none;border-radius:4px;font-weight:bold">${escapeHtml(parts.button.label)}</a>`,
        )
      : '',
    p(h(words.expires)),
    parts.button ? p(`${escapeHtml(words.fallback)}<br>${link(parts.button.href)}`, `font-size:14px;color:${COLORS.muted}`) : '',
    parts.after ? p(`${escapeHtml(parts.after.label)}<br>${link(parts.after.href)}`, 'font-size:14px') : '',
    p(h(words.ignore), `font-size:14px;color:${COLORS.muted}`),
    p(`<bdi>${escapeHtml(config.name)}</bdi>`, `font-size:14px;color:${COLORS.muted}`),
    '</body></html>',
  ]
    .filter(Boolean)
    .join('\n');

  // Sign-in mail is answered by people, not by vacation responders (RFC 3834).
  return { to, channel: 'email', subject, text, html, locale, validMinutes: parts.minutes, ...extra, headers: { 'Auto-Submitted': 'auto-generated', ...extra.headers } };
}

/** A passcode: an email, an SMS ending with the Web OTP line, or a WhatsApp text. */
export function passcodeMessage(config: ProjectConfig, locale: Locale, channel: Message['channel'], to: string, code: string, expiresMinutes: number): Message {
  const words = catalog[locale];
  if (channel === 'email') {
    return { ...email(config, locale, to, { subject: words.codeSubject, intro: words.codeIntro, code, minutes: expiresMinutes }), code };
  }
  const vars: Vars = { name: config.name, code, minutes: expiresMinutes };
  let text = `${fill(words.codeIntro, locale, words, vars, 'text')} ${fill(words.expires, locale, words, vars, 'text')}`;
  // The origin-bound last line lets Chrome on Android fill the code (Web OTP) and iOS offer it above the keyboard.
  if (channel === 'sms') text += `\n\n${webOtpLine(config, code)}`;
  return { to, channel, subject: '', text, code, locale, validMinutes: expiresMinutes };
}

/** A magic link: sign in for a known user, finish signing up for a new one. */
export function magicLinkMessage(config: ProjectConfig, locale: Locale, kind: 'login' | 'signup', to: string, link: string, expiresMinutes: number): Message {
  const w = catalog[locale];
  const parts =
    kind === 'login'
      ? { subject: w.loginSubject, intro: w.loginIntro, button: { label: w.loginButton, href: link } }
      : { subject: w.signupSubject, intro: w.signupIntro, button: { label: w.signupButton, href: link } };
  return { ...email(config, locale, to, { ...parts, minutes: expiresMinutes }), link };
}

/** A password reset link, with a sign-in-instead link when the caller gave a login URL. */
export function resetMessage(config: ProjectConfig, locale: Locale, to: string, link: string, expiresMinutes: number, loginLink?: string): Message {
  const w = catalog[locale];
  return {
    ...email(config, locale, to, {
      subject: w.resetSubject,
      intro: w.resetIntro,
      button: { label: w.resetButton, href: link },
      after: loginLink ? { label: w.resetLogin, href: loginLink } : undefined,
      minutes: expiresMinutes,
    }),
    link,
  };
}

/**
 * An invitation. Unlike sign-in mail the recipient did not ask for it, so it carries
 * List-Unsubscribe (with one-click POST for an https address) when the project configures
 * `delivery.listUnsubscribe`.
 */
export function inviteMessage(config: ProjectConfig, locale: Locale, to: string, link: string, expiresMinutes: number): Message {
  const w = catalog[locale];
  const target = config.delivery.listUnsubscribe;
  const headers: Record<string, string> = target ? { 'List-Unsubscribe': `<${target}>`, ...(target.startsWith('https:') ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}) } : {};
  return { ...email(config, locale, to, { subject: w.inviteSubject, intro: w.inviteIntro, button: { label: w.inviteButton, href: link }, minutes: expiresMinutes }, { headers }), link };
}
