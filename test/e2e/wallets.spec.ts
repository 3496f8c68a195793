import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { expect, test, type Page } from '@playwright/test';
import bs58 from 'bs58';
import { ethereumAddressOf, personalMessageHash } from '../../provider/services/wallet-signatures.ts';
import { demoUrl, widget } from './screens-helpers.ts';
import { axe } from './axe.ts';
import { recordCardFrames } from './card-frames.ts';

/**
 * Injects a MetaMask-like EIP-1193 provider whose key lives in Node: the page asks, Node
 * signs with a real secp256k1 key (`personal_sign`), so the provider verifies a genuine
 * signature. `gate` holds each signature until the test releases it.
 */
async function injectEthereumWallet(page: Page, opts: { refuse?: boolean } = {}) {
  const { secretKey, publicKey } = secp256k1.keygen();
  const address = ethereumAddressOf(publicKey);
  let release: () => void = () => undefined;
  let gate = Promise.resolve();
  await page.exposeFunction('testWalletPersonalSign', async (hexMessage: string) => {
    await gate;
    const message = Buffer.from(hexMessage.slice(2), 'hex').toString('utf8');
    const rec = secp256k1.sign(personalMessageHash(message), secretKey, { prehash: false, format: 'recovered' });
    return `0x${Buffer.from([...rec.subarray(1), rec[0]! + 27]).toString('hex')}`;
  });
  await page.addInitScript(
    ({ address, refuse }) => {
      const sign = (window as unknown as { testWalletPersonalSign(m: string): Promise<string> }).testWalletPersonalSign;
      (window as unknown as { ethereum: unknown }).ethereum = {
        isMetaMask: true,
        async request({ method, params }: { method: string; params?: string[] }) {
          if (method === 'eth_requestAccounts') return [address];
          if (method === 'personal_sign') {
            if (refuse) throw Object.assign(new Error('User denied message signature.'), { code: 4001 });
            return sign(params![0]!);
          }
          throw Object.assign(new Error(`Unsupported method ${method}`), { code: 4200 });
        },
      };
    },
    { address, refuse: !!opts.refuse },
  );
  return {
    address,
    hold() {
      gate = new Promise((r) => (release = r));
    },
    release: () => release(),
  };
}

/** A Phantom-like Solana provider signing with a real ed25519 key in Node. */
async function injectSolanaWallet(page: Page) {
  const { secretKey, publicKey } = ed25519.keygen();
  const address = bs58.encode(publicKey);
  await page.exposeFunction('testWalletSolanaSign', (bytes: number[]) => Array.from(ed25519.sign(Uint8Array.from(bytes), secretKey)));
  await page.addInitScript((address) => {
    const sign = (window as unknown as { testWalletSolanaSign(b: number[]): Promise<number[]> }).testWalletSolanaSign;
    const solana = {
      isPhantom: true,
      connect: async () => ({ publicKey: { toString: () => address } }),
      signMessage: async (message: Uint8Array) => ({ signature: Uint8Array.from(await sign(Array.from(message))) }),
    };
    Object.assign(window, { phantom: { solana }, solana });
  }, address);
  return { address };
}

/** The signed-in user as the provider reports it, from the session cookie the client wrote. */
async function currentUser(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'stytch_session');
  expect(cookie, 'session cookie').toBeTruthy();
  const token = process.env.E2E_PUBLIC_TOKEN!;
  const res = await fetch(`${process.env.E2E_PROVIDER_URL}/sdk/v1/users/me`, {
    headers: { Authorization: `Basic ${Buffer.from(`${token}:${cookie!.value}`).toString('base64')}`, 'Content-Type': 'application/json' },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { crypto_wallets: Array<{ crypto_wallet_address: string; crypto_wallet_type: string; verified: boolean }> } }).data;
}

test('signs in with an injected Ethereum wallet, by keyboard, axe clean on every screen', async ({ page }) => {
  const wallet = await injectEthereumWallet(page);
  wallet.hold();
  await page.goto(demoUrl({ products: ['crypto', 'emailMagicLinks'] }));
  const w = widget(page);
  const start = w.getByRole('button', { name: 'Continue with Metamask' });
  await start.focus();
  await page.keyboard.press('Enter');
  await expect(w.getByRole('heading', { name: 'Completing signature request...' })).toBeVisible({ timeout: 15_000 });
  await expect(w.getByRole('heading', { name: 'Completing signature request...' })).toBeFocused();
  expect(await axe(page)).toEqual([]);
  wallet.release();
  await expect(w.getByRole('heading', { name: 'Success!' })).toBeVisible({ timeout: 15_000 });
  await expect(w.getByText('You have successfully connected your wallet.')).toBeVisible();
  expect(await axe(page)).toEqual([]);
  const user = await currentUser(page);
  expect(user.crypto_wallets).toEqual([expect.objectContaining({ crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum', verified: true })]);
});

test('signs in with an injected Solana wallet (base58 signature)', async ({ page }) => {
  const wallet = await injectSolanaWallet(page);
  await page.goto(demoUrl({ products: ['crypto'] }));
  const w = widget(page);
  await w.getByRole('button', { name: 'Continue with Phantom' }).click();
  await expect(w.getByRole('heading', { name: 'Success!' })).toBeVisible({ timeout: 15_000 });
  const user = await currentUser(page);
  expect(user.crypto_wallets).toEqual([expect.objectContaining({ crypto_wallet_address: wallet.address, crypto_wallet_type: 'solana', verified: true })]);
});

test('the wallet steps (connect, sign, success) never leave a frame without the card, chunks held for a few frames each', async ({ page }) => {
  await injectSolanaWallet(page);
  const frames = await recordCardFrames(page);
  await page.goto(demoUrl({ products: ['crypto'] }));
  const w = widget(page);
  await expect(w.getByRole('button', { name: 'Continue with Phantom' })).toBeVisible({ timeout: 15_000 });
  await frames.start();
  await w.getByRole('button', { name: 'Continue with Phantom' }).click();
  await expect(w.getByRole('heading', { name: 'Success!' })).toBeFocused({ timeout: 15_000 });
  await frames.expectNeverBlank(['Sign up or log in', 'Success!']);
});

test('a refused signature shows the error screen; the back arrow returns to Main by keyboard', async ({ page }) => {
  await injectEthereumWallet(page, { refuse: true });
  await page.goto(demoUrl({ products: ['crypto'] }));
  const w = widget(page);
  await w.getByRole('button', { name: 'Continue with Metamask' }).click();
  await expect(w.getByRole('heading', { name: 'Looks like there was an error!' })).toBeFocused({ timeout: 15_000 });
  await expect(w.getByText('Your sign in request could not be completed. Use the back arrow to return to the log in screen and try again!')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { demoErrors: string[] }).demoErrors)).toEqual(['[Error] Could not sign message']);
  expect(await axe(page)).toEqual([]);
  await page.keyboard.press('Shift+Tab');
  await expect(w.getByRole('button', { name: 'Back' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(w.getByRole('button', { name: 'Continue with Metamask' })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'stytch_session')).toBeUndefined();
});

test('"Set up a new crypto wallet" and the other-wallets screen are axe clean', async ({ page }) => {
  await injectEthereumWallet(page);
  await injectSolanaWallet(page);
  const providers = ['google', 'github', 'apple', 'slack', 'discord'].map((type) => ({ type }));
  await page.goto(demoUrl({ products: ['oauth', 'crypto'], oauthOptions: { providers } }));
  const w = widget(page);
  await w.getByRole('button', { name: 'Set up a new crypto wallet' }).click();
  await expect(w.getByRole('heading', { name: 'Set up a new crypto wallet' })).toBeVisible();
  await expect(w.getByRole('link', { name: /Metamask/ })).toHaveAttribute('href', 'https://metamask.io/download/');
  expect(await axe(page)).toEqual([]);
  await w.getByRole('button', { name: 'Back' }).click();
  await w.getByRole('button', { name: 'Continue with other Crypto Wallet' }).click();
  await expect(w.getByRole('heading', { name: 'Continue with other wallet' })).toBeVisible();
  await expect(w.getByRole('button', { name: 'Continue with Phantom' })).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await w.getByRole('button', { name: 'Continue with Phantom' }).click();
  await expect(w.getByRole('heading', { name: 'Success!' })).toBeVisible({ timeout: 15_000 });
});
