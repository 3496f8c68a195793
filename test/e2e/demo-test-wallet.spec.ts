import { expect, test, type Page } from '@playwright/test';
import { widget } from './screens-helpers.ts';

// The demo's product-set pages carry an in-page test wallet, so the crypto product can be
// tried with no extension: Ethereum announced by EIP-6963, Solana by the wallet standard.

const page = (set: string) => `${process.env.E2E_DEMO_URL}/products.html?set=${set}`;

/** The crypto wallets of the signed-in user, as the provider stores them. */
async function wallets(p: Page) {
  const cookie = (await p.context().cookies()).find((c) => c.name === 'stytch_session');
  expect(cookie, 'session cookie').toBeTruthy();
  const token = process.env.E2E_PUBLIC_TOKEN!;
  const res = await fetch(`${process.env.E2E_PROVIDER_URL}/sdk/v1/users/me`, {
    headers: { Authorization: `Basic ${Buffer.from(`${token}:${cookie!.value}`).toString('base64')}`, 'Content-Type': 'application/json' },
  });
  return ((await res.json()) as { data: { crypto_wallets: Array<{ crypto_wallet_address: string; crypto_wallet_type: string }> } }).data.crypto_wallets;
}

const label = (p: Page) => p.getByRole('complementary', { name: 'Test wallet (demo)' });

for (const [chain, button] of [
  ['ethereum', 'Continue with Other Ethereum Wallet'],
  ['solana', 'Continue with Other Solana Wallet'],
] as const) {
  test(`the test wallet signs in with ${chain}; the page labels it with its address`, async ({ page: p }) => {
    await p.goto(page('crypto'));
    await expect(label(p)).toContainText('For trying the demo only');
    const text = (await label(p).textContent())!;
    const address = chain === 'ethereum' ? /0x[0-9a-f]{40}/.exec(text)![0] : /Solana wallet \(([1-9A-HJ-NP-Za-km-z]{32,44})/.exec(text)![1]!;
    await widget(p).getByRole('button', { name: button }).click();
    await expect(widget(p).getByRole('heading', { name: 'Success!' })).toBeVisible({ timeout: 15_000 });
    expect(await wallets(p)).toEqual([expect.objectContaining({ crypto_wallet_address: address, crypto_wallet_type: chain })]);
  });
}

test('the test wallet announces itself through EIP-6963 and registers with the wallet standard', async ({ page: p }) => {
  await p.goto(page('crypto'));
  await expect(label(p)).toBeVisible();
  const seen = await p.evaluate(async () => {
    const announced: Array<{ name: string; rdns: string }> = [];
    window.addEventListener('eip6963:announceProvider', (e) => announced.push((e as CustomEvent).detail.info));
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    // Wallet standard: an app announces it is ready with a register API; wallets register at once.
    const registered: Array<{ name: string; chains: string[]; features: string[] }> = [];
    const api = {
      register: (...ws: Array<{ name: string; chains: string[]; features: Record<string, unknown> }>) => (
        ws.forEach((w) => registered.push({ name: w.name, chains: [...w.chains], features: Object.keys(w.features) })),
        () => undefined
      ),
    };
    window.dispatchEvent(Object.assign(new Event('wallet-standard:app-ready'), { detail: api }));
    return { announced, registered };
  });
  expect(seen.announced).toEqual([expect.objectContaining({ name: 'Test wallet (demo)', rdns: 'dev.stytch-ui.test-wallet' })]);
  expect(seen.registered).toEqual([{ name: 'Test wallet (demo)', chains: ['solana:mainnet', 'solana:devnet'], features: ['standard:connect', 'standard:events', 'solana:signMessage'] }]);
});
