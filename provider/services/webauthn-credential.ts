import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import * as v from 'valibot';
import { ApiError } from '../errors.ts';

const b64u = () => v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]+={0,2}$/), v.maxLength(65_536));

const Credential = v.object({
  id: b64u(),
  rawId: b64u(),
  type: v.literal('public-key'),
  authenticatorAttachment: v.optional(v.nullable(v.picklist(['platform', 'cross-platform']))),
  clientExtensionResults: v.optional(v.record(v.string(), v.unknown()), {}),
  response: v.object({
    clientDataJSON: b64u(),
    attestationObject: v.optional(b64u()),
    authenticatorData: v.optional(b64u()),
    signature: v.optional(b64u()),
    userHandle: v.optional(v.nullable(v.string())),
    transports: v.optional(v.array(v.string())),
  }),
});

/** The credential JSON did not parse or lacks what its ceremony needs. */
export class InvalidCredentialError extends ApiError {
  override name = 'InvalidCredentialError';
  constructor(detail: string) {
    super(400, 'invalid_public_key_credential', `Invalid public key credential: ${detail}. Please confirm you're passing a correctly formatted public key credential.`);
  }
}

type Parsed = v.InferOutput<typeof Credential>;

function parse(raw: string): Parsed {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new InvalidCredentialError('public_key_credential is not JSON');
  }
  const result = v.safeParse(Credential, json);
  if (!result.success) {
    const i = result.issues[0];
    throw new InvalidCredentialError(`${v.getDotPath(i) ?? 'credential'} ${i.message.toLowerCase()}`);
  }
  if (result.output.id !== result.output.rawId) throw new InvalidCredentialError('id and rawId differ');
  return result.output;
}

/** The challenge the client signed, read from clientDataJSON (it is verified again later). */
export function signedChallenge(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    if (typeof data.challenge === 'string' && data.challenge !== '') return data.challenge;
  } catch {
    // falls through to the error below
  }
  throw new InvalidCredentialError('clientDataJSON carries no challenge');
}

/** What a registration and an authentication response share: the credential's id, type and attachment. */
function credentialOf(c: Parsed) {
  return {
    id: c.id,
    rawId: c.rawId,
    type: c.type,
    clientExtensionResults: c.clientExtensionResults,
    ...(c.authenticatorAttachment ? { authenticatorAttachment: c.authenticatorAttachment } : {}),
  };
}

/** An attestation (registration) response from its JSON string. */
export function parseAttestation(raw: string): RegistrationResponseJSON {
  const c = parse(raw);
  if (!c.response.attestationObject) throw new InvalidCredentialError('response.attestationObject is missing');
  return {
    ...credentialOf(c),
    response: {
      clientDataJSON: c.response.clientDataJSON,
      attestationObject: c.response.attestationObject,
      transports: (c.response.transports ?? []) as RegistrationResponseJSON['response']['transports'],
    },
  };
}

/** An assertion (authentication) response from its JSON string. */
export function parseAssertion(raw: string): AuthenticationResponseJSON {
  const c = parse(raw);
  if (!c.response.authenticatorData || !c.response.signature) throw new InvalidCredentialError('response.authenticatorData and response.signature are required');
  return {
    ...credentialOf(c),
    response: {
      clientDataJSON: c.response.clientDataJSON,
      authenticatorData: c.response.authenticatorData,
      signature: c.response.signature,
      ...(c.response.userHandle ? { userHandle: c.response.userHandle } : {}),
    },
  };
}
