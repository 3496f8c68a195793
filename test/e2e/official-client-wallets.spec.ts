import { secp256k1 } from '@noble/curves/secp256k1.js';
import { expect, test } from '@playwright/test';
import { addOfficialClient, openOfficialClient } from './official-client-helpers.ts';
import { ethereumAddressOf, personalMessageHash } from '../../provider/services/wallet-signatures.ts';

/*
 * The official headless client, unchanged, against our provider: a crypto wallet sign-in
 * (its challenge signed with a real key) and an OAuth round trip through the consent page
 * with its own PKCE verifier.
 */

const openClient = openOfficialClient;

test('the official headless client signs in with an Ethereum wallet against our provider', async ({ page }) => {
  await openClient(page);
  const { secretKey, publicKey } = secp256k1.keygen();
  const address = ethereumAddressOf(publicKey);
  const start = await page.evaluate((a) => (window as any).client.cryptoWallets.authenticateStart({ crypto_wallet_address: a, crypto_wallet_type: 'ethereum' }), address);
  expect(start.user_created).toBe(true);
  const rec = secp256k1.sign(personalMessageHash(start.challenge), secretKey, { prehash: false, format: 'recovered' });
  const signature = `0x${Buffer.from([...rec.subarray(1), rec[0]! + 27]).toString('hex')}`;
  const auth = await page.evaluate(
    ([a, s]) => (window as any).client.cryptoWallets.authenticate({ crypto_wallet_address: a, crypto_wallet_type: 'ethereum', signature: s, session_duration_minutes: 30 }),
    [address, signature] as const,
  );
  expect(auth.session.authentication_factors[0].type).toBe('crypto');
  const me = await page.evaluate(() => (window as any).client.user.get());
  expect(me.crypto_wallets[0].crypto_wallet_address).toBe(address);
});

test('the official headless client completes OAuth through the consent page with its PKCE verifier', async ({ page }) => {
  await openClient(page, '/index.html?config=%7B%22products%22%3A%5B%22emailMagicLinks%22%5D%7D');
  // Back to a page of the demo origin (the PKCE verifier is in its storage) with nothing on it
  // that spends an OAuth token: the login widget of index.html would spend it on its first
  // render and race the official client for it (oauth_token_not_found).
  const back = `${process.env.E2E_DEMO_URL}/reset-password.html`;
  await page.evaluate((url) => (window as any).client.oauth.gitlab.start({ login_redirect_url: url, signup_redirect_url: url }), back);
  await expect(page.getByRole('heading', { name: 'Sign in with GitLab' })).toBeVisible({ timeout: 15_000 });
  const email = `official-oauth-${Date.now()}@example.test`;
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  // The token as the redirect brought it.
  let token = '';
  await page.waitForURL((u) => {
    if (u.searchParams.get('stytch_token_type') !== 'oauth') return false;
    token = u.searchParams.get('token') ?? '';
    return true;
  });
  await addOfficialClient(page);
  const auth = await page.evaluate(
    async ([t, tok, url]) => {
      const client = (window as any).makeClient(tok, url);
      return client.oauth.authenticate(t, { session_duration_minutes: 30 });
    },
    [token, process.env.E2E_PUBLIC_TOKEN!, process.env.E2E_PROVIDER_URL!] as const,
  );
  expect(auth.provider_type).toBe('gitlab');
  expect(auth.user.emails[0].email).toBe(email);
});
