import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EMAIL_PATTERN } from '../../client/schemas/fields.ts';

/*
 * What the demo's local identity providers (idp/oidc.ts, idp/saml.ts) share: their sign-in
 * page, where a visitor picks an account used before in this browser or types any address,
 * as the provider's OAuth consent simulator does; the form body; and the guard that keeps
 * them, and the admin page's server API calls, to this machine.
 */

export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** An address the provider accepts (its own rule). */
export const isEmail = (s: string) => EMAIL_PATTERN.test(s);

const RELAY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * These pages sign in as any address and act with the project secret: only a client on this
 * machine, asking for this server by a loopback name (a DNS-rebinding page names another), and
 * not relayed by a proxy, is answered.
 */
export function isLocalRequest(req: IncomingMessage): boolean {
  const peer = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  const loopbackPeer = peer === '::1' || /^127\./.test(peer);
  const host = (req.headers.host ?? '').replace(/:\d+$/, '');
  const loopbackHost = host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
  return loopbackPeer && loopbackHost && RELAY_HEADERS.every((h) => req.headers[h] === undefined);
}

/** The most a sign-in form (a SAMLRequest is a few kilobytes) may post. */
const MAX_BODY = 64 * 1024;

/** A urlencoded or JSON body, read whole up to the cap; throws when it is over. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
export class BodyTooLarge extends Error {}

export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams(await readBody(req));
}

export interface Account {
  email: string;
  name: string;
}

const ACCOUNTS_COOKIE = 'local_idp_accounts';

/** The accounts signed in with here before, in this browser (newest first, at most five). */
export function rememberedAccounts(req: IncomingMessage): Account[] {
  const raw = /(?:^|;\s*)local_idp_accounts=([^;]*)/.exec(req.headers.cookie ?? '')?.[1];
  if (!raw) return [];
  try {
    const list = JSON.parse(decodeURIComponent(raw)) as unknown;
    if (!Array.isArray(list)) return [];
    return list
      .filter((a): a is Account => typeof a?.email === 'string' && isEmail(a.email) && typeof a?.name === 'string')
      .map((a) => ({ email: a.email, name: a.name.slice(0, 100) }))
      .slice(0, 5);
  } catch {
    return [];
  }
}

/** The Set-Cookie that puts `account` first in the remembered list. */
export function rememberCookie(req: IncomingMessage, account: Account): string {
  const list = [account, ...rememberedAccounts(req).filter((a) => a.email.toLowerCase() !== account.email.toLowerCase())].slice(0, 5);
  return `${ACCOUNTS_COOKIE}=${encodeURIComponent(JSON.stringify(list))}; Path=/idp/; HttpOnly; SameSite=Lax; Max-Age=${30 * 24 * 3600}`;
}

/** The email and name a sign-in form names: a remembered account's button, or the typed fields. */
export function chosenAccount(form: URLSearchParams): Account {
  const picked = form.get('account');
  if (picked) {
    const [email = '', name = ''] = picked.split('\n');
    return { email: email.trim(), name: name.trim().slice(0, 100) };
  }
  return { email: (form.get('email') ?? '').trim(), name: (form.get('name') ?? '').trim().slice(0, 100) };
}

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; padding: 2rem 1rem; background: #eef1f5; color: #1b1f24; line-height: 1.5; }
  main { max-width: 400px; margin: 0 auto; background: #fff; border: 1px solid #d0d7de; border-radius: 8px; padding: 1.5rem; }
  h1 { font-size: 1.3rem; margin: 0 0 0.5rem; }
  label { display: block; margin-top: 0.75rem; font-weight: 600; }
  input { box-sizing: border-box; width: 100%; padding: 0.5rem; font: inherit; border: 1px solid #8c959f; border-radius: 4px; }
  button { font: inherit; padding: 0.5rem 1rem; margin-top: 1rem; border-radius: 4px; border: 1px solid #1f5fbf; background: #1f5fbf; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #1f5fbf; }
  .accounts button { display: block; width: 100%; text-align: left; background: #fff; color: #1b1f24; border-color: #8c959f; }
  .error { color: #a40e26; }
  .note { color: #57606a; font-size: 0.9rem; }
`;

/**
 * Sends an HTML page under a CSP of its own: one nonce for its style (and script). No
 * form-action: Chromium applies it to every redirect after a submit too, and a sign-in's
 * redirects end on whatever page the app named, which the IdP cannot know.
 */
export function sendPage(res: ServerResponse, status: number, title: string, body: (nonce: string) => string): void {
  const nonce = randomBytes(16).toString('base64');
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; frame-ancestors 'none'; base-uri 'none'`,
    'Referrer-Policy': 'no-referrer',
  });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>` +
      `<style nonce="${nonce}">${STYLE}</style></head><body><main>${body(nonce)}</main></body></html>`,
  );
}

export interface SignInPageOptions {
  idpName: string;
  /** Who the visitor signs in to (the service provider), in words. */
  audience: string;
  action: string;
  /** The request being answered, carried through the form. */
  hidden: Record<string, string>;
  accounts: Account[];
  error?: string | undefined;
  typed?: Account | undefined;
}

/** The sign-in form: the remembered accounts as buttons, then any address typed, and Cancel. */
export function signInPage(res: ServerResponse, status: number, o: SignInPageOptions): void {
  const hidden = Object.entries(o.hidden)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  const accounts = o.accounts.length
    ? `<div class="accounts" role="group" aria-label="Accounts used before">${o.accounts
        .map((a) => `<button type="submit" name="account" value="${esc(`${a.email}\n${a.name}`)}">Continue as ${esc(a.email)}</button>`)
        .join('')}</div><p class="note">Or sign in with another address:</p>`
    : '';
  sendPage(res, status, `Sign in – ${o.idpName}`, () =>
    [
      `<h1>Sign in to ${esc(o.idpName)}</h1>`,
      `<p class="note">A local identity provider for development: any address signs in, no password. You are signing in to ${esc(o.audience)}.</p>`,
      o.error ? `<p class="error" role="alert">${esc(o.error)}</p>` : '',
      `<form method="post" action="${esc(o.action)}">${hidden}${accounts}`,
      `<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" value="${esc(o.typed?.email ?? '')}"${o.accounts.length ? '' : ' autofocus'}>`,
      `<label for="name">Name (optional)</label><input id="name" name="name" autocomplete="name" maxlength="100" value="${esc(o.typed?.name ?? '')}">`,
      `<button type="submit">Sign in</button> <button type="submit" class="secondary" name="decision" value="cancel" formnovalidate>Cancel</button>`,
      `</form>`,
    ].join(''),
  );
}

/** A page that says what went wrong with the request it was sent, for a person to read. */
export function failurePage(res: ServerResponse, status: number, idpName: string, message: string): void {
  sendPage(res, status, `${idpName}: sign-in failed`, () => `<h1>This sign-in cannot go on</h1><p class="error" role="alert">${esc(message)}</p>`);
}
