// The demo's test wallet: an Ethereum and a Solana wallet living in the page, so the crypto
// product can be tried with no extension and no network. Its keys are generated in this
// browser and kept in its localStorage (the same wallet, so the same user, after a reload).
// It signs whatever it is asked without a prompt: a demo tool, never a wallet for real funds.
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { registerWallet } from '@wallet-standard/wallet';
import type { Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base';
import bs58 from 'bs58';

const NAME = 'Test wallet (demo)';
const RDNS = 'dev.stytch-ui.test-wallet';
const STORAGE = 'stytch-ui-demo-test-wallet';
const ICON: WalletIcon = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#5b2a86"/><text x="16" y="22" font-size="16" text-anchor="middle" fill="#fff" font-family="Arial">T</text></svg>',
)}`;

/** The two secret keys, made once per browser. */
function keys(): { eth: Uint8Array; sol: Uint8Array } {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE) ?? 'null') as { eth: string; sol: string } | null;
    if (saved) return { eth: hexToBytes(saved.eth), sol: hexToBytes(saved.sol) };
  } catch {
    /* unreadable: make new keys */
  }
  const made = { eth: secp256k1.utils.randomSecretKey(), sol: ed25519.utils.randomSecretKey() };
  localStorage.setItem(STORAGE, JSON.stringify({ eth: bytesToHex(made.eth), sol: bytesToHex(made.sol) }));
  return made;
}

const { eth, sol } = keys();
export const ethereumAddress = `0x${bytesToHex(keccak_256(secp256k1.getPublicKey(eth, false).subarray(1)).subarray(12))}`;
const solanaPublicKey = ed25519.getPublicKey(sol);
export const solanaAddress = bs58.encode(solanaPublicKey);

/** EIP-191 `personal_sign`: r ‖ s ‖ v over keccak256 of the prefixed message bytes. */
function personalSign(hexMessage: string): string {
  const message = hexToBytes(hexMessage.replace(/^0x/, ''));
  const prefixed = new Uint8Array([...utf8ToBytes(`\x19Ethereum Signed Message:\n${message.length}`), ...message]);
  const recovered = secp256k1.sign(keccak_256(prefixed), eth, { prehash: false, format: 'recovered' });
  return `0x${bytesToHex(recovered.subarray(1))}${(recovered[0]! + 27).toString(16)}`;
}

class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** An EIP-1193 provider answering what a sign-in needs. */
const ethereumProvider = {
  async request({ method, params }: { method: string; params?: unknown[] }): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return [ethereumAddress];
      case 'eth_chainId':
        return '0x1';
      case 'personal_sign':
        if (typeof params?.[0] !== 'string') throw new ProviderRpcError(-32602, 'personal_sign needs a hex message.');
        return personalSign(params[0]);
      default:
        throw new ProviderRpcError(4200, `${NAME} does not support ${method}.`);
    }
  },
  on() {},
  removeListener() {},
};

/** EIP-6963: announce now, and again whenever a page asks. */
function announce(): void {
  const detail = Object.freeze({ info: Object.freeze({ uuid: '6b0f3a52-8f1e-4d8e-9a0e-2f5c1d7e9b31', name: NAME, icon: ICON, rdns: RDNS }), provider: ethereumProvider });
  window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
}
window.addEventListener('eip6963:requestProvider', announce);
announce();

/** Solana: `standard:connect` and `solana:signMessage` of the wallet standard. */
const solanaAccount: WalletAccount = {
  address: solanaAddress,
  publicKey: solanaPublicKey,
  chains: ['solana:mainnet', 'solana:devnet'],
  features: ['solana:signMessage'],
  label: NAME,
};
const signMessage = async (message: Uint8Array) => ({ signature: ed25519.sign(message, sol) });
const solanaWallet: Wallet = {
  version: '1.0.0',
  name: NAME,
  icon: ICON,
  chains: ['solana:mainnet', 'solana:devnet'],
  accounts: [solanaAccount],
  features: {
    'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [solanaAccount] }) },
    'standard:events': { version: '1.0.0', on: () => () => undefined },
    'solana:signMessage': {
      version: '1.0.0',
      signMessage: async (...inputs: Array<{ account: WalletAccount; message: Uint8Array }>) =>
        Promise.all(inputs.map(async ({ message }) => ({ signedMessage: message, signature: (await signMessage(message)).signature }))),
    },
  },
};
registerWallet(solanaWallet);

// The widget, like the official one, finds Solana wallets through the injected provider
// (Phantom's interface); a real wallet already there keeps its place.
if (Reflect.get(window, 'solana') == null) {
  Reflect.set(window, 'solana', {
    isPhantom: false,
    connect: async () => ({ publicKey: { toString: () => solanaAddress } }),
    signMessage: async (message: Uint8Array) => signMessage(message),
  });
}

/** The page says plainly that this wallet is a demo tool, and which accounts it holds. */
function label(): void {
  const aside = document.createElement('aside');
  aside.className = 'test-wallet';
  aside.setAttribute('aria-label', NAME);
  const forget = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Forget its keys' });
  forget.addEventListener('click', () => {
    localStorage.removeItem(STORAGE);
    location.reload();
  });
  const title = Object.assign(document.createElement('strong'), { textContent: `${NAME}: ` });
  const text = document.createTextNode(
    `this page holds an Ethereum wallet (${ethereumAddress}, as "Other Ethereum Wallet") and a Solana wallet (${solanaAddress}, as "Other Solana Wallet"). ` +
      'Their keys were generated in this browser and sign without asking. For trying the demo only. ',
  );
  aside.append(title, text, forget);
  document.body.append(aside);
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', label);
else label();
