import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { startProvider, type RunningProvider } from '../../provider/server.ts';

/*
 * One Tap with a Google client configured, through the real clientside-services iframe: a
 * second provider (Google pointed at a local issuer that publishes its keys) serves the page
 * to the demo origin; the credential Google would hand the page is signed by that issuer.
 */

const TOKEN = 'public-token-test-0e7a0000-0000-4000-8000-000000000001';
const CLIENT_ID = 'one-tap-client.apps.example';
let issuer: Server;
let issuerUrl = '';
let sign: (claims: Record<string, unknown>) => Promise<string>;
let provider: RunningProvider;
let dataDir = '';

test.beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  issuer = createServer((req, res) => {
    const json = (body: unknown) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (req.url === '/.well-known/openid-configuration') {
      return json({
        issuer: issuerUrl,
        authorization_endpoint: `${issuerUrl}/authorize`,
        token_endpoint: `${issuerUrl}/token`,
        jwks_uri: `${issuerUrl}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    if (req.url === '/jwks') return json({ keys: [jwk] });
    res.writeHead(404).end();
  });
  await new Promise<void>((ok) => issuer.listen(0, '127.0.0.1', ok));
  issuerUrl = `http://127.0.0.1:${(issuer.address() as AddressInfo).port}`;
  sign = (claims) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(issuerUrl)
      .setAudience(CLIENT_ID)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(privateKey);
  };
  dataDir = mkdtempSync(join(tmpdir(), 'e2e-one-tap-'));
  const demo = new URL(process.env.E2E_DEMO_URL!).origin;
  const projectFile = join(dataDir, 'project.json');
  writeFileSync(
    projectFile,
    JSON.stringify({
      publicTokens: { test: TOKEN },
      authorizedOrigins: [demo],
      redirectUrls: [`${demo}/authenticate.html`],
      oauthClients: { google: { clientId: CLIENT_ID, clientSecret: 'unused-by-one-tap', issuer: issuerUrl } },
      // The issuer is a local server: the outbound policy must allow loopback for it.
      outbound: { allowedRanges: ['127.0.0.0/8'] },
    }),
  );
  provider = await startProvider({ port: 0, dataDir, projectFile, env: { DEV_PAGES: '1' } });
});

test.afterAll(async () => {
  await provider.close();
  issuer.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('One Tap with a configured Google client: start and submit through the iframe, then the landing signs in', async ({ page }) => {
  await page.goto(`${process.env.E2E_DEMO_URL}/index.html`);
  const email = `one-tap-${Date.now()}@example.test`;
  const credential = await sign({ sub: `google-${Date.now()}`, email, name: 'Grace Hopper' });
  const result = await page.evaluate(
    async ([token, url, idToken, login]) => {
      const { createClient } = (await import('/dist/client.js' as string)) as typeof import('../../client/index.ts');
      const client = createClient(token!, { baseUrl: url });
      const started = await client.oneTap.start();
      const submitted = await client.oneTap.submit({ idToken: idToken!, oauthCallbackId: started.oauthCallbackId, loginRedirectURL: login, signupRedirectURL: login });
      const refused = await client.oneTap.submit({ idToken: idToken!, oauthCallbackId: started.oauthCallbackId, loginRedirectURL: login }).then(
        () => 'resolved',
        (e: { error_type: string }) => e.error_type,
      );
      client.dispose();
      return { clientId: started.googleClientId, redirect: submitted.redirect_url, refused };
    },
    [TOKEN, provider.url, credential, `${process.env.E2E_DEMO_URL}/authenticate.html`] as const,
  );
  expect(result.clientId).toBe(CLIENT_ID);
  expect(result.refused).toBe('oauth_state_not_found');
  const redirect = new URL(result.redirect);
  expect(redirect.searchParams.get('stytch_token_type')).toBe('oauth');
  // The token is this provider's; redeem it as the landing page would, with a client for it.
  const auth = await page.evaluate(
    async ([token, url, t]) => {
      const { createClient } = (await import('/dist/client.js' as string)) as typeof import('../../client/index.ts');
      const client = createClient(token!, { baseUrl: url });
      const r = await client.oauth.authenticate(t!, { session_duration_minutes: 30 });
      client.dispose();
      return { email: r.user.emails[0]?.email, provider: r.provider_type };
    },
    [TOKEN, provider.url, redirect.searchParams.get('token')!] as const,
  );
  expect(auth).toEqual({ email, provider: 'google' });
});
