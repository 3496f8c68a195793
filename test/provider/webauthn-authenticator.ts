import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** Authenticator data flags (WebAuthn §6.1). */
const UP = 0x01;
const UV = 0x04;
const BE = 0x08;
const BS = 0x10;
const AT = 0x40;

const b64u = (b: Uint8Array | Buffer): string => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string): Buffer => createHash('sha256').update(b).digest();

function counterBytes(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

/** What the test asks of one ceremony: which flags to set and how to tamper. */
export interface CeremonyOptions {
  userVerified?: boolean;
  /** false: the UP flag is clear, as a conditional create may leave it. */
  userPresent?: boolean;
  origin?: string;
  /** Flips a bit of the signature (assertions) so it no longer verifies. */
  corruptSignature?: boolean;
  /** Reports this counter instead of the next one. */
  counter?: number;
  /** The credProps extension result to report for registrations. */
  residentKey?: boolean;
}

/**
 * A software authenticator for provider tests: one P-256 credential, real CBOR attestation
 * ("none" format) and real ECDSA assertions, so the provider's verification runs unmodified.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;
  userHandle: string | undefined;

  /** `aaguid`: the authenticator model it claims in its attestation (all zeros: says none). */
  constructor(
    readonly origin: string,
    private readonly aaguid = '00000000-0000-0000-0000-000000000000',
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  private cosePublicKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const key = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]);
    return isoCBOR.encode(key);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** Answers creation options (the parsed JSON the provider sent) with a "none" attestation, as JSON. */
  create(options: { challenge: string; rp: { id: string }; user: { id: string } }, o: CeremonyOptions = {}): string {
    this.userHandle = options.user.id;
    const flags = (o.userPresent === false ? 0 : UP) | (o.userVerified === false ? 0 : UV) | BE | BS | AT;
    const idLen = Buffer.alloc(2);
    idLen.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(options.rp.id),
      Buffer.from([flags]),
      counterBytes(this.counter),
      Buffer.from(this.aaguid.replaceAll('-', ''), 'hex'),
      idLen,
      this.credentialId,
      this.cosePublicKey(),
    ]);
    const attestation = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, o.origin ?? this.origin);
    return JSON.stringify({
      id: b64u(this.credentialId),
      rawId: b64u(this.credentialId),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: o.residentKey === undefined ? {} : { credProps: { rk: o.residentKey } },
      response: { clientDataJSON: b64u(clientDataJSON), attestationObject: b64u(attestation), transports: ['internal'] },
    });
  }

  /** Answers request options with a signed assertion, as JSON. */
  get(options: { challenge: string; rpId: string }, o: CeremonyOptions = {}): string {
    this.counter = o.counter ?? this.counter + 1;
    const flags = UP | (o.userVerified === false ? 0 : UV) | BE | BS;
    const authData = Buffer.concat([sha256(options.rpId), Buffer.from([flags]), counterBytes(this.counter)]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, o.origin ?? this.origin);
    const signer = createSign('SHA256');
    signer.update(Buffer.concat([authData, sha256(clientDataJSON)]));
    const signature = signer.sign(this.privateKey);
    if (o.corruptSignature) signature[signature.length - 1] ^= 0x01;
    return JSON.stringify({
      id: b64u(this.credentialId),
      rawId: b64u(this.credentialId),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: { clientDataJSON: b64u(clientDataJSON), authenticatorData: b64u(authData), signature: b64u(signature), ...(this.userHandle ? { userHandle: this.userHandle } : {}) },
    });
  }
}
