import { expect } from '@open-wc/testing';
import bs58 from 'bs58';
import { act } from 'react';
import { chainOf, detectWallets, ethereumProviderFor, type AnnouncedProvider, type WalletWindow } from '../../../screens/crypto/wallets.ts';
import { button, click, flush, renderLogin, type Rendered } from './helpers.tsx';

const ETH = '0x52908400098527886e0f7030069857d2e4169ee7';
const SOL = '83astBRguLMdt2h5U1Tpdq5tjFoJ6noeGwaY3mDLVcri';

/** A promise the test settles by hand, to look at the screen while a step is pending. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function heading(r: Rendered): string | undefined {
  return r.root.querySelector('h1')?.textContent ?? undefined;
}

function fakeCrypto() {
  const starts: unknown[] = [];
  const auths: unknown[] = [];
  return {
    starts,
    auths,
    client: {
      cryptoWallets: {
        authenticateStart: (o: unknown) => (starts.push(o), Promise.resolve({ challenge: 'Sign in to Demo\nNonce: abc', user_created: false })),
        authenticate: (o: unknown) => (auths.push(o), Promise.resolve({ session_token: 's' })),
      },
    },
  };
}

describe('crypto wallet screens', () => {
  let r: Rendered | undefined;
  afterEach(() => r?.unmount());

  it('connects, signs by personal_sign and succeeds with an injected MetaMask', async () => {
    const accounts = deferred<string[]>();
    const requests: Array<{ method: string; params?: unknown[] }> = [];
    const win: WalletWindow = {
      ethereum: {
        isMetaMask: true,
        request: (a) => {
          requests.push(a);
          return a.method === 'eth_requestAccounts' ? accounts.promise : Promise.resolve(`0x${'ab'.repeat(65)}`);
        },
      },
    };
    const f = fakeCrypto();
    r = await renderLogin({ products: ['crypto'], sessionOptions: { sessionDurationMinutes: 45 } }, f.client, undefined, { wallets: win });
    await click(button(r.root, 'Continue with Metamask'));
    expect(heading(r)).to.equal('Connecting to your wallet...');
    expect(r.root.querySelector('[role="status"]')).to.not.equal(null);
    await act(async () => accounts.resolve([ETH]));
    await flush();
    expect(f.starts).to.deep.equal([{ crypto_wallet_address: ETH, crypto_wallet_type: 'ethereum' }]);
    const sign = requests.find((q) => q.method === 'personal_sign')!;
    // The message goes as hex-encoded UTF-8 with the address, as EIP-1193 wallets expect.
    expect(
      new TextDecoder().decode(
        Uint8Array.from(
          (sign.params![0] as string)
            .slice(2)
            .match(/../g)!
            .map((h) => parseInt(h, 16)),
        ),
      ),
    ).to.equal('Sign in to Demo\nNonce: abc');
    expect(sign.params![1]).to.equal(ETH);
    expect(f.auths).to.deep.equal([{ crypto_wallet_address: ETH, crypto_wallet_type: 'ethereum', signature: `0x${'ab'.repeat(65)}`, session_duration_minutes: 45 }]);
    expect(heading(r)).to.equal('Success!');
    expect(r.root.textContent).to.include('You have successfully connected your wallet.');
    expect(r.events.map((e) => e.type)).to.deep.equal(['CRYPTO_WALLET_AUTHENTICATE_START', 'CRYPTO_WALLET_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']);
  });

  it('shows "Completing signature request..." while the wallet signs, then signs Solana messages in base58', async () => {
    const signed = deferred<{ signature: Uint8Array }>();
    const messages: Uint8Array[] = [];
    const win: WalletWindow = {
      phantom: {
        solana: {
          isPhantom: true,
          connect: () => Promise.resolve({ publicKey: { toString: () => SOL } }),
          signMessage: (m) => (messages.push(m), signed.promise),
        },
      },
    };
    const f = fakeCrypto();
    r = await renderLogin({ products: ['crypto'] }, f.client, undefined, { wallets: win });
    await click(button(r.root, 'Continue with Phantom'));
    expect(heading(r)).to.equal('Completing signature request...');
    expect(r.root.querySelector('[part="wallet-icon"]')).to.not.equal(null);
    expect(r.root.querySelector('[part="spinner"]')).to.not.equal(null);
    expect(button(r.root, 'Back')).to.not.equal(undefined);
    expect(new TextDecoder().decode(messages[0])).to.equal('Sign in to Demo\nNonce: abc');
    const sig = Uint8Array.from({ length: 64 }, (_, i) => i);
    await act(async () => signed.resolve({ signature: sig }));
    await flush();
    expect(f.starts).to.deep.equal([{ crypto_wallet_address: SOL, crypto_wallet_type: 'solana' }]);
    expect(f.auths).to.deep.equal([{ crypto_wallet_address: SOL, crypto_wallet_type: 'solana', signature: bs58.encode(sig), session_duration_minutes: 30 }]);
    expect(heading(r)).to.equal('Success!');
  });

  it('a refused connection goes to the Error screen with "[Error] Could not connect to wallet"; back returns to Main', async () => {
    const win: WalletWindow = { ethereum: { request: () => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 })) } };
    r = await renderLogin({ products: ['crypto'] }, fakeCrypto().client, undefined, { wallets: win });
    await click(button(r.root, 'Continue with Other Ethereum Wallet'));
    expect(heading(r)).to.equal('Looks like there was an error!');
    expect(r.root.textContent).to.include('Your sign in request could not be completed. Use the back arrow to return to the log in screen and try again!');
    expect(r.errors.map((e) => e.message)).to.deep.equal(['[Error] Could not connect to wallet']);
    await click(button(r.root, 'Back'));
    expect(button(r.root, 'Continue with Other Ethereum Wallet')).to.not.equal(undefined);
  });

  it('a refused signature or a refused authenticate reports "[Error] Could not sign message"', async () => {
    const win: WalletWindow = {
      ethereum: {
        isCoinbaseWallet: true,
        request: (a) => (a.method === 'eth_requestAccounts' ? Promise.resolve([ETH]) : Promise.reject(new Error('User denied message signature.'))),
      },
    };
    const f = fakeCrypto();
    r = await renderLogin({ products: ['crypto'] }, f.client, undefined, { wallets: win });
    await click(button(r.root, 'Continue with Coinbase'));
    expect(heading(r)).to.equal('Looks like there was an error!');
    expect(r.errors.map((e) => e.message)).to.deep.equal(['[Error] Could not sign message']);
    expect(f.auths).to.deep.equal([]);
    r.unmount();
    const refused = fakeCrypto();
    refused.client.cryptoWallets.authenticate = () => Promise.reject(Object.assign(new Error('[401] invalid_signature'), { error_type: 'invalid_signature' }));
    const ok: WalletWindow = { ethereum: { isCoinbaseWallet: true, request: (a) => Promise.resolve(a.method === 'eth_requestAccounts' ? [ETH] : `0x${'cd'.repeat(65)}`) } };
    r = await renderLogin({ products: ['crypto'] }, refused.client, undefined, { wallets: ok });
    await click(button(r.root, 'Continue with Coinbase'));
    expect(heading(r)).to.equal('Looks like there was an error!');
    expect(r.errors.map((e) => e.message)).to.deep.equal(['[Error] Could not sign message']);
  });

  it('leaving the connect screen drops a late wallet answer', async () => {
    const accounts = deferred<string[]>();
    const win: WalletWindow = { ethereum: { isMetaMask: true, request: () => accounts.promise } };
    const f = fakeCrypto();
    r = await renderLogin({ products: ['crypto'] }, f.client, undefined, { wallets: win });
    await click(button(r.root, 'Continue with Metamask'));
    await click(button(r.root, 'Back'));
    await act(async () => accounts.resolve([ETH]));
    await flush();
    expect(f.starts).to.have.length(0);
    expect(button(r.root, 'Continue with Metamask')).to.not.equal(undefined);
  });

  it('detects a wallet announced through EIP-6963 and connects with its provider', async () => {
    const calls: string[] = [];
    const provider = { request: (a: { method: string }) => (calls.push(a.method), Promise.resolve(a.method === 'eth_requestAccounts' ? [ETH] : `0x${'ef'.repeat(65)}`)) };
    // A page of its own: no injected globals, only a wallet that answers the EIP-6963 request.
    const page = new EventTarget();
    const announce = () =>
      page.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: { uuid: 'u-1', name: 'MetaMask', rdns: 'io.metamask', icon: '' }, provider }) }));
    page.addEventListener('eip6963:requestProvider', announce);
    const f = fakeCrypto();
    r = await renderLogin({ products: ['crypto'] }, f.client, undefined, { wallets: page as WalletWindow });
    await click(button(r.root, 'Continue with Metamask'));
    expect(calls).to.deep.equal(['eth_requestAccounts', 'personal_sign']);
    expect(heading(r)).to.equal('Success!');
  });

  it('lists the wallets Main had no room for under "Continue with other Crypto Wallet"', async () => {
    const win: WalletWindow = { ethereum: { isMetaMask: true, request: () => Promise.resolve([]) }, phantom: { solana: { isPhantom: true } } };
    const providers = ['google', 'github', 'apple', 'slack', 'discord'].map((type) => ({ type }));
    r = await renderLogin({ products: ['oauth', 'crypto'], oauthOptions: { providers } }, {}, undefined, { wallets: win });
    expect(button(r.root, 'Continue with Phantom')).to.equal(undefined);
    await click(button(r.root, 'Continue with other Crypto Wallet'));
    expect(heading(r)).to.equal('Continue with other wallet');
    expect([...r.root.querySelectorAll('[part~="wallet-button"]')].map((b) => b.textContent)).to.deep.equal(['Continue with Phantom', 'Continue with Metamask']);
    expect(button(r.root, 'Back')).to.not.equal(undefined);
  });

  it('"Set up a new crypto wallet" explains and links out to four wallets in new tabs', async () => {
    r = await renderLogin({ products: ['crypto'] }, {}, undefined, { wallets: {} });
    await click(button(r.root, 'Set up a new crypto wallet'));
    expect(heading(r)).to.equal('Set up a new crypto wallet');
    const links = [...r.root.querySelectorAll('a')];
    expect(links.map((a) => a.firstChild!.textContent)).to.deep.equal(['Metamask', 'Phantom', 'Coinbase', 'Binance']);
    expect(links.every((a) => a.target === '_blank' && a.rel.includes('noopener') && a.href.startsWith('https://'))).to.equal(true);
    expect(r.root.textContent).to.include('private and secure');
  });

  it('detects MetaMask, Coinbase and Binance by their flags, inside a providers list too, and by EIP-6963 rdns', () => {
    const mm = { isMetaMask: true, request: () => Promise.resolve([]) };
    const cb = { isCoinbaseWallet: true, request: () => Promise.resolve([]) };
    const other = { request: () => Promise.resolve([]) };
    const win: WalletWindow = { ethereum: { ...mm, providers: [mm, cb, other] }, BinanceChain: { request: () => Promise.resolve([]) } };
    expect(detectWallets(win)).to.deep.equal(['Binance', 'Coinbase', 'Metamask', 'Other Ethereum Wallet']);
    expect(ethereumProviderFor('Coinbase', win)).to.equal(cb);
    expect(ethereumProviderFor('Other Ethereum Wallet', win)).to.equal(other);
    const announce = (rdns: string): AnnouncedProvider => ({ info: { uuid: rdns, name: rdns, rdns }, provider: { request: () => Promise.resolve([]) } });
    expect(detectWallets({}, [announce('com.coinbase.wallet'), announce('com.binance.wallet'), announce('app.phantom'), announce('io.rabby')])).to.deep.equal([
      'Binance',
      'Coinbase',
      'Other Ethereum Wallet',
    ]);
    expect(detectWallets({ solana: { isPhantom: true } })).to.deep.equal(['Phantom']);
    expect(detectWallets({ solana: {} })).to.deep.equal(['Other Solana Wallet']);
    expect(['Phantom', 'Other Solana Wallet', 'Metamask', 'Binance', 'Vessel'].map(chainOf)).to.deep.equal(['solana', 'solana', 'ethereum', 'ethereum', 'ethereum']);
  });
});
