import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import bs58 from 'bs58';
import { ApiError } from '../errors.ts';

export type WalletType = 'ethereum' | 'solana';

const ETH_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const ETH_SIGNATURE = /^0x[0-9a-fA-F]{130}$/;
const utf8 = new TextEncoder();

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

function base58(value: string): Uint8Array | null {
  try {
    return bs58.decode(value);
  } catch {
    return null;
  }
}

/**
 * The stored form of an address: Ethereum lowercased (addresses are case-insensitive, the
 * case only carries the EIP-55 checksum), Solana as its canonical base58 public key.
 */
export function canonicalAddress(type: WalletType, address: string): string {
  if (type === 'ethereum') {
    if (!ETH_ADDRESS.test(address)) throw new ApiError(400, 'invalid_crypto_wallet_address', 'An Ethereum address is 0x followed by 40 hexadecimal digits.');
    return address.toLowerCase();
  }
  const key = base58(address);
  if (!key || key.length !== 32) throw new ApiError(400, 'invalid_crypto_wallet_address', 'A Solana address is a base58 public key of 32 bytes.');
  return bs58.encode(key);
}

/** EIP-55 mixed-case checksum form, which a SIWE message must carry. */
export function checksumAddress(address: string): string {
  const lower = address.toLowerCase().replace(/^0x/, '');
  const hash = hex(keccak_256(utf8.encode(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i];
  return out;
}

/** The digest `personal_sign` signs: keccak256 of the EIP-191 prefix and the message bytes. */
export function personalMessageHash(message: string): Uint8Array {
  const bytes = utf8.encode(message);
  const prefix = utf8.encode(`\x19Ethereum Signed Message:\n${bytes.length}`);
  const all = new Uint8Array(prefix.length + bytes.length);
  all.set(prefix);
  all.set(bytes, prefix.length);
  return keccak_256(all);
}

/** The address of an uncompressed or compressed secp256k1 public key. */
export function ethereumAddressOf(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return `0x${hex(keccak_256(uncompressed.subarray(1)).subarray(12))}`;
}

/** Recovers the signer of a `personal_sign` signature (r ‖ s ‖ v, hex); null when it recovers nothing. */
export function recoverPersonalSigner(message: string, signature: string): string | null {
  if (!ETH_SIGNATURE.test(signature)) throw new ApiError(400, 'invalid_signature', 'An Ethereum signature is 0x followed by 65 bytes in hexadecimal.');
  const raw = Buffer.from(signature.slice(2), 'hex');
  const v = raw[64]!;
  // Wallets send v as 27/28 (legacy) or 0/1; anything else names no recovery id.
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return null;
  const recovered = new Uint8Array(65);
  recovered[0] = recovery;
  recovered.set(raw.subarray(0, 64), 1);
  try {
    const publicKey = secp256k1.recoverPublicKey(recovered, personalMessageHash(message), { prehash: false });
    return ethereumAddressOf(publicKey);
  } catch {
    return null;
  }
}

/** Whether `signature` (base58, 64 bytes) is the ed25519 signature of the exact message bytes by `address`. */
export function verifySolana(message: string, address: string, signature: string): boolean {
  const sig = base58(signature);
  if (!sig || sig.length !== 64) throw new ApiError(400, 'invalid_signature', 'A Solana signature is 64 bytes in base58.');
  const key = base58(address);
  if (!key || key.length !== 32) return false;
  try {
    return ed25519.verify(sig, utf8.encode(message), key);
  } catch {
    return false;
  }
}

/** Whether the wallet at canonical `address` signed `message`. */
export function verifyWalletSignature(type: WalletType, address: string, message: string, signature: string): boolean {
  if (type === 'ethereum') return recoverPersonalSigner(message, signature) === address.toLowerCase();
  return verifySolana(message, address, signature);
}
