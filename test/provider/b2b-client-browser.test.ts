import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from '@playwright/test';
import * as esbuild from 'esbuild';
import { uniqueSlug } from './b2b-harness.ts';
import { databases, outbox, startTestProvider, TEST_B2B_TOKEN, TEST_ORIGIN, uniqueEmail, type TestProvider } from './harness.ts';

/*
 * Our B2B client as a page loads it (dist's entry, bundled), in a real browser against the
 * provider: its real cookies (document.cookie), localStorage, CORS and headers. The page is
 * served from loopback as `localhost`, an origin the provider authorizes.
 */

const STRONG = 'quokka umbrella jazz wharf';

async function bundle(): Promise<string> {
  const out = await esbuild.build({ entryPoints: ['client/b2b/index.ts'], bundle: true, format: 'iife', globalName: 'OurB2B', platform: 'browser', write: false, logLevel: 'silent' });
  return out.outputFiles[0]!.text;
}

for (const kind of databases) {
  describe(`our B2B client in a browser against the provider (${kind})`, () => {
    let provider: TestProvider;
    let browser: Browser;
    let server: Server;
    let origin: string;
    let script: string;
    before(async () => {
      script = await bundle();
      server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><meta charset="utf-8"><title>B2B</title>'));
      await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
      origin = `http://localhost:${(server.address() as AddressInfo).port}`;
      browser = await chromium.launch({
        executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
      });
      provider = await startTestProvider(kind, { authorizedOrigins: [TEST_ORIGIN, origin] });
    });
    after(async () => {
      await browser.close();
      await new Promise((ok) => server.close(ok));
      await provider.destroy();
    });

    /** Loads the page (again) and creates our client on it as `window.client`. */
    async function load(page: Page): Promise<void> {
      await page.goto(`${origin}/`);
      await page.addScriptTag({ content: script });
      await page.evaluate(
        ([token, url]) => {
          const w = window as unknown as { client: unknown; OurB2B: { createB2BClient(t: string, o: object): unknown } };
          w.client = w.OurB2B.createB2BClient(token, { baseUrl: url });
        },
        [TEST_B2B_TOKEN, provider.url] as const,
      );
    }

    it('discovery, organization create, a session that survives a reload, a password set by session, sign-out', async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await load(page);
      const email = uniqueEmail('browser');
      await page.evaluate((address) => (window as any).client.otps.email.discovery.send({ email_address: address }), email);
      const [message] = await outbox(provider, email);
      const found = await page.evaluate(([address, code]) => (window as any).client.otps.email.discovery.authenticate({ email_address: address, code }), [email, message!.code] as const);
      const ist = (await context.cookies()).find((c) => c.name === 'stytch_intermediate_session_token');
      assert.equal(ist?.value, found.intermediate_session_token);
      assert.ok(Math.abs(ist!.expires * 1000 - (Date.now() + 10 * 60_000)) < 60_000, 'ten minutes');

      const created = await page.evaluate(
        (slug) => (window as any).client.discovery.organizations.create({ organization_name: 'Browser Co', organization_slug: slug, session_duration_minutes: 30 }),
        uniqueSlug('browser'),
      );
      assert.equal(created.member_authenticated, true);
      const names = (await context.cookies()).map((c) => c.name).sort();
      assert.deepEqual(names, ['stytch_session', 'stytch_session_jwt']);

      // A new page load (a new client) picks the session up from its cookie and storage.
      await load(page);
      const after = await page.evaluate(async () => {
        const c = (window as any).client;
        const member = await c.self.get();
        return { session: c.session.getSync()?.member_session_id, member: member.email_address, org: c.organization.getSync()?.organization_name };
      });
      assert.deepEqual(after, { session: created.member_session.member_session_id, member: email, org: 'Browser Co' });

      const reset = await page.evaluate((pw) => (window as any).client.passwords.resetBySession({ password: pw }), STRONG);
      assert.equal(reset.member_session.member_session_id, created.member_session.member_session_id);
      await page.evaluate(() => (window as any).client.session.revoke());
      assert.deepEqual(
        (await context.cookies()).map((c) => c.name),
        [],
      );
      const signedIn = await page.evaluate(
        ([org, address, pw]) => (window as any).client.passwords.authenticate({ organization_id: org, email_address: address, password: pw, session_duration_minutes: 30 }),
        [created.organization.organization_id, email, STRONG] as const,
      );
      assert.equal(signedIn.member_authenticated, true);
      const refused = await page.evaluate(
        ([org, address]) =>
          (window as any).client.passwords.authenticate({ organization_id: org, email_address: address, password: 'wrong password', session_duration_minutes: 30 }).then(
            () => null,
            (e: { name: string; error_type: string }) => [e.name, e.error_type],
          ),
        [created.organization.organization_id, email] as const,
      );
      assert.deepEqual(refused, ['StytchAPIError', 'unauthorized_credentials']);
      await context.close();
    });
  });
}
