import type { KeyValueStorage } from './env.ts';

/** A proof-key pair as kept between the start and the authenticate call. */
export interface PKCEPair {
  code_verifier: string;
  code_challenge: string;
}

/** Verifier: 16 random 32-bit numbers, each hex-encoded. */
export function createVerifier(random: (a: Uint32Array<ArrayBuffer>) => Uint32Array<ArrayBuffer>): string {
  return Array.from(random(new Uint32Array(16)), (n) => n.toString(16).padStart(8, '0')).join('');
}

/** Challenge: SHA-256 of the verifier, base64url without padding. */
export async function createChallenge(verifier: string, sha256: (d: Uint8Array) => Promise<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await sha256(new TextEncoder().encode(verifier)));
  let bin = '';
  for (const b of digest) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The separate verifier stores of SPEC §9: magic links (and OAuth) and password resets. */
export type PKCEStoreName = 'magic_links' | 'passwords';

/** A verifier store in local storage, one key per flow. */
export class PKCEStore {
  constructor(
    private readonly storage: KeyValueStorage,
    private readonly key: string,
    private readonly random: (a: Uint32Array<ArrayBuffer>) => Uint32Array<ArrayBuffer>,
    private readonly sha256: (d: Uint8Array) => Promise<ArrayBuffer>,
  ) {}

  /** Creates and stores a fresh pair; returns it. */
  async start(): Promise<PKCEPair> {
    const code_verifier = createVerifier(this.random);
    const pair = { code_verifier, code_challenge: await createChallenge(code_verifier, this.sha256) };
    this.storage.setItem(this.key, JSON.stringify(pair));
    return pair;
  }

  /** The stored pair, if any. */
  get(): PKCEPair | undefined {
    try {
      const p = JSON.parse(this.storage.getItem(this.key) ?? 'null') as PKCEPair | null;
      return p && typeof p.code_verifier === 'string' ? p : undefined;
    } catch {
      return undefined;
    }
  }

  clear(): void {
    this.storage.removeItem(this.key);
  }
}
