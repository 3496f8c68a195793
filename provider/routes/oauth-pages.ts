import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { ApiError } from '../errors.ts';
import { errorResponse, requestId } from '../http/errors.ts';

/** One account offered on the consent page: one the simulated provider has seen before. */
export interface KnownAccount {
  email: string;
  name: string;
}

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f3f5f6;color:#19303d}
main{max-width:420px;margin:48px auto;background:#fff;border:1px solid #adbcc5;border-radius:8px;padding:32px}
h1{font-size:24px;margin:0 0 8px}
p{margin:0 0 16px}
.note{font-size:14px;color:#5c727d}
form{display:flex;flex-direction:column;gap:12px;margin:0 0 16px}
label{font-weight:600;font-size:14px}
input{font:inherit;padding:10px;border:1px solid #5c727d;border-radius:4px}
button{font:inherit;min-height:45px;border-radius:4px;border:1px solid #19303d;cursor:pointer;padding:0 16px}
.primary{background:#19303d;color:#fff}
.secondary{background:#fff;color:#19303d}
ul{list-style:none;padding:0;margin:0 0 16px;display:flex;flex-direction:column;gap:8px}
.error{color:#8b1214;font-weight:600}
:focus-visible{outline:3px solid #0b5fff;outline-offset:2px}
`;

function page(nonce: string, title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>${title}</title>
        <style nonce="${nonce}">
          ${raw(STYLE)}
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`;
}

/** The stand-in for the identity provider: which provider is simulated, pick or type an account. */
export function consentPage(o: { nonce: string; providerName: string; state: string; action: string; scopes: string; accounts: KnownAccount[]; error?: string; email?: string; name?: string }) {
  return page(
    o.nonce,
    `Sign in with ${o.providerName} (simulated)`,
    html`<h1>Sign in with ${o.providerName}</h1>
      <p class="note">This is the local provider simulating ${o.providerName}: no ${o.providerName} account is contacted. Choose the account to sign in as.</p>
      ${o.scopes ? html`<p class="note">Requested access: ${o.scopes}</p>` : ''} ${o.error ? html`<p class="error" role="alert" id="consent-error">${o.error}</p>` : ''}
      ${
        o.accounts.length
          ? html`<h2>Accounts used before</h2>
              <ul>
                ${o.accounts.map(
                  (a) =>
                    html`<li>
                      <form method="post" action="${o.action}">
                        <input type="hidden" name="state" value="${o.state}" />
                        <input type="hidden" name="email" value="${a.email}" />
                        <input type="hidden" name="name" value="${a.name}" />
                        <button class="secondary" type="submit" name="decision" value="allow">Continue as ${a.name ? `${a.name} (${a.email})` : a.email}</button>
                      </form>
                    </li>`,
                )}
              </ul>`
          : ''
      }
      <h2>${o.accounts.length ? 'Another account' : 'Account'}</h2>
      <form method="post" action="${o.action}">
        <input type="hidden" name="state" value="${o.state}" />
        <label for="email">Email</label>
        <input id="email" name="email" type="email" autocomplete="email" required value="${o.email ?? ''}" ${o.error ? raw('aria-describedby="consent-error" aria-invalid="true"') : ''} />
        <label for="name">Name</label>
        <input id="name" name="name" type="text" autocomplete="name" maxlength="100" value="${o.name ?? ''}" />
        <button class="primary" type="submit" name="decision" value="allow">Continue</button>
      </form>
      <form method="post" action="${o.action}">
        <input type="hidden" name="state" value="${o.state}" />
        <button class="secondary" type="submit" name="decision" value="deny">Cancel</button>
      </form>`,
  );
}

/** A spec-shaped error for a person who followed a link: the same fields as the JSON error. */
export function errorPage(o: { nonce: string; status: number; errorType: string; message: string; requestId: string; url: string }) {
  return page(
    o.nonce,
    'Sign-in could not continue',
    html`<h1>Sign-in could not continue</h1>
      <p role="alert">${o.message}</p>
      <dl>
        <dt>status_code</dt>
        <dd>${o.status}</dd>
        <dt>error_type</dt>
        <dd><code>${o.errorType}</code></dd>
        <dt>request_id</dt>
        <dd><code>${o.requestId}</code></dd>
      </dl>
      <p class="note">See <a href="${o.url}">${o.url}</a> for more information.</p>`,
  );
}

/** A person following a link gets an HTML page; a program gets the JSON error. */
export function failPage(c: Context, err: ApiError): Response | Promise<Response> {
  if (!(c.req.header('accept') ?? '').includes('text/html')) return errorResponse(c, err);
  const nonce = randomBytes(16).toString('base64');
  c.header('Content-Security-Policy', `default-src 'none'; style-src 'nonce-${nonce}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`);
  return c.html(
    errorPage({ nonce, status: err.status, errorType: err.errorType, message: err.message, requestId: requestId(c), url: `https://stytch.com/docs/api/errors/${err.status}#${err.errorType}` }),
    err.status,
  );
}
