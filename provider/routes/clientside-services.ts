import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { Hono } from 'hono';
import type { ProviderContext } from '../context.ts';
import { publicTokensOf } from '../config.ts';

const PHONE_DIR = dirname(createRequire(import.meta.url).resolve('libphonenumber-js/package.json'));
const PHONE_BUNDLE = join(PHONE_DIR, 'bundle', 'libphonenumber-min.js');
const PHONE_EXAMPLES = join(PHONE_DIR, 'examples.mobile.json');
let phoneBundle: Promise<string> | undefined;
let phoneExamples: Promise<string> | undefined;

// The page's script is the client's own typed implementation of the iframe side
// (client/phone/page.ts), bundled once on first request: one implementation of the protocol.
const PAGE_ENTRY = fileURLToPath(new URL('../../client/phone/page-entry.ts', import.meta.url));
let pageScript: Promise<string> | undefined;
function script(): Promise<string> {
  return (pageScript ??= build({ entryPoints: [PAGE_ENTRY], bundle: true, write: false, format: 'iife', minify: true, platform: 'browser', target: 'es2022', logLevel: 'silent' }).then(
    // Inline in a <script>: no text in it may close the tag.
    (r) => r.outputFiles[0]!.text.replace(/<\/script/gi, '<\\/script'),
  ));
}

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
    const tokens = publicTokensOf(ctx.config).map((t) => t.token);
    const examples = await (phoneExamples ??= readFile(PHONE_EXAMPLES, 'utf8'));
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>clientside services</title>` +
        `<script type="application/json" id="origins">${json(origins)}</script>` +
        `<script type="application/json" id="tokens">${json(tokens)}</script>` +
        `<script type="application/json" id="onetap">${json(!!ctx.config.oauthClients.google)}</script>` +
        `<script type="application/json" id="examples">${json(JSON.parse(examples))}</script>` +
        `<script src="libphonenumber.js"></script><script nonce="${nonce}">${await script()}</script></head><body></body></html>`,
    );
  });
  return app;
}
