import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import type { ProviderContext } from '../context.ts';

const PHONE_BUNDLE = join(dirname(createRequire(import.meta.url).resolve('libphonenumber-js/package.json')), 'bundle', 'libphonenumber-min.js');
let phoneBundle: Promise<string> | undefined;

// The iframe side of the clientside-services channel (PROTOCOL.md): a MessagePort request
// `{method, args}` from an authorized origin gets `{success, payload | error}` back.
const SCRIPT = `
const allowed = JSON.parse(document.getElementById('origins').textContent);
const handlers = {
  parsedPhoneNumber({ phoneNumber, regionCode }) {
    const p = libphonenumber.parsePhoneNumberFromString(String(phoneNumber), String(regionCode || 'US'));
    return { isValid: !!p && p.isValid(), number: p ? p.number : '', national: p ? p.formatNational() : String(phoneNumber) };
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
    port.postMessage({ success: false, error: err instanceof Error ? err.message : String(err) });
  }
});
`;

/** `/clientside-services/`: the hidden page the client frames for phone parsing. */
export function clientsideServicesRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  app.get('/clientside-services/libphonenumber.js', async (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(await (phoneBundle ??= readFile(PHONE_BUNDLE, 'utf8')));
  });
  app.get('/clientside-services/index.html', (c) => {
    const origins = ctx.config.authorizedOrigins;
    const nonce = randomBytes(16).toString('base64');
    // Only the project's authorized origins may frame the page.
    c.header('Content-Security-Policy', `default-src 'none'; script-src 'self' 'nonce-${nonce}'; frame-ancestors ${origins.length ? origins.join(' ') : "'none'"}`);
    const json = JSON.stringify(origins).replace(/</g, '\\u003c');
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>clientside services</title>` +
        `<script type="application/json" id="origins">${json}</script>` +
        `<script src="libphonenumber.js"></script><script nonce="${nonce}">${SCRIPT}</script></head><body></body></html>`,
    );
  });
  return app;
}
