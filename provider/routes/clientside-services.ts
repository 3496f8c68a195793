import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import type { ProviderContext } from '../context.ts';

const PHONE_DIR = dirname(createRequire(import.meta.url).resolve('libphonenumber-js/package.json'));
const PHONE_BUNDLE = join(PHONE_DIR, 'bundle', 'libphonenumber-min.js');
const PHONE_EXAMPLES = join(PHONE_DIR, 'examples.mobile.json');
let phoneBundle: Promise<string> | undefined;
let phoneExamples: Promise<string> | undefined;

// The iframe side of the clientside-services channel (PROTOCOL.md): a MessagePort request
// `{method, args}` from an authorized origin gets `{success, payload | error}` back.
//
// Errors cross the port as plain objects named like the client's error classes
// (`{name: 'StytchAPIError', status_code, error_type, ...}`), so both our client and the
// official one rebuild a typed error with the error_type the widget branches on.
const SCRIPT = `
const read = (id) => JSON.parse(document.getElementById(id).textContent);
const allowed = read('origins');
const publicTokens = read('tokens');
const examples = read('examples');
const apiError = (status_code, error_type, error_message) => ({
  name: 'StytchAPIError', status_code, error_type, error_message,
  error_url: 'https://stytch.com/docs/api/errors/' + status_code + '#' + error_type,
});
const checkToken = (publicToken) => {
  if (!publicTokens.includes(publicToken)) throw apiError(401, 'invalid_public_token', 'The public token is not valid for this project.');
};
// Without a Google client configured (the default, offline) One Tap cannot run: it fails
// with unknown_reason and the widget falls back to the normal Google button. With one, the
// provider's One Tap endpoints on this origin do the work.
const oneTapEnabled = read('onetap');
const noOneTap = () => apiError(400, 'unknown_reason', 'Google One Tap is not available from this provider: no Google OAuth client is configured.');
const post = async (path, body) => {
  const res = await fetch(new URL(path, location.href), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const json = await res.json().catch(() => null);
  if (res.ok && json) return json;
  throw json && typeof json.error_type === 'string' ? { name: 'StytchAPIError', ...json } : apiError(res.status, 'unknown_reason', 'One Tap failed.');
};
const handlers = {
  parsedPhoneNumber({ phoneNumber, regionCode }) {
    const p = libphonenumber.parsePhoneNumberFromString(String(phoneNumber), String(regionCode || 'US'));
    return { isValid: !!p && p.isValid(), number: p ? p.number : '', national: p ? p.formatNational() : String(phoneNumber) };
  },
  getExamplePhoneNumber({ regionCode }) {
    const region = String(regionCode || 'US').toUpperCase();
    const example = Object.hasOwn(examples, region) ? libphonenumber.getExampleNumber(region, examples) : undefined;
    if (!example) throw apiError(400, 'invalid_region_code', 'No example number is known for region ' + region + '.');
    return { phoneNumber: example.formatNational() };
  },
  oneTapStart({ publicToken }) {
    checkToken(publicToken);
    if (!oneTapEnabled) throw noOneTap();
    return post('../v1/public/oauth/google/one_tap/start', { public_token: publicToken });
  },
  oneTapSubmit({ publicToken, idToken, oauthCallbackID, loginRedirectURL, signupRedirectURL }) {
    checkToken(publicToken);
    if (!oneTapEnabled) throw noOneTap();
    return post('../v1/public/oauth/google/one_tap/submit', {
      public_token: publicToken, id_token: idToken, oauth_callback_id: oauthCallbackID,
      login_redirect_url: loginRedirectURL, signup_redirect_url: signupRedirectURL,
    });
  },
};
window.addEventListener('message', async (e) => {
  const port = e.ports[0];
  if (!port || !allowed.includes(e.origin)) return;
  const { method, args } = e.data || {};
  try {
    const handler = typeof method === 'string' && Object.hasOwn(handlers, method) ? handlers[method] : undefined;
    if (!handler || !Array.isArray(args)) throw new Error('Unknown method ' + String(method));
    port.postMessage({ success: true, payload: await handler(args[0] || {}) });
  } catch (err) {
    port.postMessage({ success: false, error: err && typeof err.error_type === 'string' ? err : err instanceof Error ? err.message : String(err) });
  }
});
`;

/** `/clientside-services/`: the hidden page the client frames for phone parsing and Google One Tap. */
export function clientsideServicesRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  app.get('/clientside-services/libphonenumber.js', async (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(await (phoneBundle ??= readFile(PHONE_BUNDLE, 'utf8')));
  });
  app.get('/clientside-services/index.html', async (c) => {
    const origins = ctx.config.authorizedOrigins;
    const nonce = randomBytes(16).toString('base64');
    // Only the project's authorized origins may frame the page.
    c.header('Content-Security-Policy', `default-src 'none'; script-src 'self' 'nonce-${nonce}'; connect-src 'self'; frame-ancestors ${origins.length ? origins.join(' ') : "'none'"}`);
    const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
    const tokens = [ctx.config.publicTokens.test, ctx.config.publicTokens.live].filter((t) => t !== undefined);
    const examples = await (phoneExamples ??= readFile(PHONE_EXAMPLES, 'utf8'));
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>clientside services</title>` +
        `<script type="application/json" id="origins">${json(origins)}</script>` +
        `<script type="application/json" id="tokens">${json(tokens)}</script>` +
        `<script type="application/json" id="onetap">${json(!!ctx.config.oauthClients.google)}</script>` +
        `<script type="application/json" id="examples">${json(JSON.parse(examples))}</script>` +
        `<script src="libphonenumber.js"></script><script nonce="${nonce}">${SCRIPT}</script></head><body></body></html>`,
    );
  });
  return app;
}
