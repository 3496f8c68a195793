import type { AuthenticationExtensionsClientInputs, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { newId } from './ids.ts';
import { CEREMONY_TIMEOUT_MS, consumeChallenge, storeChallenge, type PendingChallenge, type UserVerification } from './webauthn-challenges.ts';
import { InvalidCredentialError, parseAssertion, parseAttestation, signedChallenge } from './webauthn-credential.ts';
import { findByCredentialId, listForUser, type Registration } from './webauthn-registrations.ts';
import { originsFor, type RelyingParty } from './webauthn-rp.ts';
import { passkeyName } from './passkey-names.ts';

/** @simplewebauthn/server and its ASN.1 stack (about 250 files), loaded with the first ceremony: most provider processes run none. */
const simplewebauthn = () => import('@simplewebauthn/server');

/** A passkey must be discoverable and verify its user; a second-factor key only prefers it. */
function policy(isPasskey: boolean): UserVerification {
  return isPasskey ? 'required' : 'preferred';
}

/** The WebAuthn user handle of a user: its id's bytes (random, stable, no personal data). */
export function userHandleOf(userId: string): string {
  return Buffer.from(userId, 'utf8').toString('base64url');
}

/** The challenge or signature did not check out. */
export class WebAuthnAuthError extends ApiError {
  override name = 'WebAuthnAuthError';
  constructor(detail: string) {
    super(401, 'unable_to_auth_webauthn_registration', `WebAuthn registration could not be authenticated: ${detail}.`);
  }
}

/** The registration ceremony failed verification. */
export class WebAuthnRegisterError extends ApiError {
  override name = 'WebAuthnRegisterError';
  constructor(detail: string) {
    super(400, 'invalid_public_key_credential', `The passkey could not be registered: ${detail}.`);
  }
}

export interface RegisterStart {
  rp: RelyingParty;
  userId: string;
  userName: string;
  displayName: string;
  isPasskey: boolean;
  authenticatorType: 'platform' | 'cross-platform' | undefined;
  userAgent: string;
  overrideId: string | undefined;
  /** For conditional create (`mediation: 'conditional'`): see `registrationPolicy`. */
  conditional: boolean;
}

/**
 * What a registration asks of the authenticator and what its verification requires. Conditional
 * create (WebAuthn L3 §5.1.3) makes a passkey the user already consented to, quietly, right
 * after a sign-in: the authenticator may set neither UP nor UV, and a `required` user
 * verification the browser cannot collect quietly fails the call (ConstraintError), so such a
 * ceremony prefers it and verification requires neither flag. It is started only by a signed-in
 * caller for their own user (the session check of the route), who could register any
 * authenticator they hold anyway; later sign-ins with the passkey still require verification.
 */
export function registrationPolicy(isPasskey: boolean, conditional: boolean): { userVerification: UserVerification; requireUserPresence: boolean } {
  if (conditional) return { userVerification: 'preferred', requireUserPresence: false };
  return { userVerification: policy(isPasskey), requireUserPresence: true };
}

/** Creation options for `navigator.credentials.create`, with the challenge stored for one use. */
export async function registrationOptions(ctx: ProviderContext, db: Queryable, o: RegisterStart): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await listForUser(db, o.userId);
  const userHandle = o.overrideId ? Buffer.from(o.overrideId, 'utf8').toString('base64url') : userHandleOf(o.userId);
  const uv = registrationPolicy(o.isPasskey, o.conditional).userVerification;
  const options = await (
    await simplewebauthn()
  ).generateRegistrationOptions({
    rpName: o.rp.rpName,
    rpID: o.rp.rpId,
    userName: o.userName,
    userDisplayName: o.displayName,
    userID: new Uint8Array(Buffer.from(userHandle, 'base64url')),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((r) => ({ id: r.credential_id, transports: r.transports })),
    authenticatorSelection: {
      residentKey: o.isPasskey ? 'required' : 'discouraged',
      requireResidentKey: o.isPasskey,
      userVerification: uv,
      ...(o.authenticatorType ? { authenticatorAttachment: o.authenticatorType } : {}),
    },
    extensions: { credProps: true } as AuthenticationExtensionsClientInputs,
    supportedAlgorithmIDs: [-7, -8, -257],
  });
  await storeChallenge(
    db,
    {
      challenge: options.challenge,
      ceremony: 'register',
      userId: o.userId,
      rpId: o.rp.rpId,
      userVerification: uv,
      isPasskey: o.isPasskey,
      userAgent: o.userAgent,
      authenticatorType: o.authenticatorType ?? '',
      userHandle,
      conditional: o.conditional,
    },
    ctx.clock.now(),
  );
  return options;
}

/**
 * Verifies an attestation against its stored challenge; returns the registration to store and
 * whether the authenticator verified its user while making it (the UV flag).
 */
export async function verifyRegistration(ctx: ProviderContext, db: Queryable, userId: string, credentialJson: string): Promise<{ registration: Registration; userVerified: boolean }> {
  const response = parseAttestation(credentialJson);
  const pending = await consumeChallenge(db, signedChallenge(response.response.clientDataJSON), 'register', ctx.clock.now());
  if (!pending || pending.userId !== userId) throw new WebAuthnRegisterError('the challenge is unknown, expired or already used; start the registration again');
  let result;
  try {
    result = await (
      await simplewebauthn()
    ).verifyRegistrationResponse({
      response,
      expectedChallenge: pending.challenge,
      expectedOrigin: originsFor(ctx.config, pending.rpId),
      expectedRPID: pending.rpId,
      requireUserPresence: registrationPolicy(pending.isPasskey, pending.conditional).requireUserPresence,
      requireUserVerification: pending.userVerification === 'required',
      supportedAlgorithmIDs: [-7, -8, -257],
    });
  } catch (e) {
    throw new WebAuthnRegisterError(e instanceof Error ? e.message : 'verification failed');
  }
  if (!result.verified) throw new WebAuthnRegisterError('verification failed');
  const rk = (response.clientExtensionResults as { credProps?: { rk?: unknown } }).credProps?.rk;
  if (pending.isPasskey && rk === false) throw new WebAuthnRegisterError('a passkey must be a discoverable credential');
  const info = result.registrationInfo;
  const registration: Registration = {
    webauthn_registration_id: newId('webauthn-registration', ctx.env),
    user_id: userId,
    credential_id: info.credential.id,
    public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
    user_handle: pending.userHandle ?? userHandleOf(userId),
    sign_count: info.credential.counter,
    transports: info.credential.transports ?? response.response.transports ?? [],
    device_type: info.credentialDeviceType,
    backed_up: info.credentialBackedUp,
    is_passkey: pending.isPasskey,
    domain: pending.rpId,
    user_agent: pending.userAgent,
    authenticator_type: pending.authenticatorType || (response.authenticatorAttachment ?? ''),
    // Made unique among the user's passkeys when stored (nextPasskeyName).
    name: passkeyName(info.aaguid, pending.userAgent),
  };
  return { registration, userVerified: info.userVerified };
}

/**
 * Request options for `navigator.credentials.get`; without a user (a primary start), any
 * discoverable credential may answer. A primary start is a sign-in, which always requires user
 * verification whatever the caller says of `is_passkey`: a credential alone (a passkey made
 * quietly by conditional create, a security key) is something held, not the person. A second
 * factor for a signed-in user (`userId`) only prefers it unless a passkey was asked for.
 */
export async function authenticationOptions(ctx: ProviderContext, db: Queryable, rp: RelyingParty, userId: string | null, isPasskey: boolean): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allow = userId ? await listForUser(db, userId) : [];
  const uv = userId === null ? 'required' : policy(isPasskey);
  const options = await (
    await simplewebauthn()
  ).generateAuthenticationOptions({
    rpID: rp.rpId,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: uv,
    ...(userId ? { allowCredentials: allow.map((r) => ({ id: r.credential_id, transports: r.transports })) } : {}),
  });
  await storeChallenge(
    db,
    { challenge: options.challenge, ceremony: 'authenticate', userId, rpId: rp.rpId, userVerification: uv, isPasskey, userAgent: '', authenticatorType: '', userHandle: null, conditional: false },
    ctx.clock.now(),
  );
  return options;
}

/** A verified assertion: the registration used, its new counter and backup state, and the ceremony. */
export interface Assertion {
  registration: Registration;
  newCounter: number;
  backedUp: boolean;
  /** The authenticator verified its user (the UV flag). */
  userVerified: boolean;
  pending: PendingChallenge;
}

/** Verifies an assertion against its stored, single-use challenge and the stored public key. */
export async function verifyAssertion(ctx: ProviderContext, db: Queryable, credentialJson: string): Promise<Assertion> {
  const response = parseAssertion(credentialJson);
  const challenge = signedChallenge(response.response.clientDataJSON);
  const registration = await findByCredentialId(db, response.rawId);
  // The challenge is spent even when the credential is unknown, so no attempt can reuse it.
  const pending = await consumeChallenge(db, challenge, 'authenticate', ctx.clock.now());
  if (!registration) throw new ApiError(404, 'webauthn_registration_not_found', 'WebAuthn registration could not be found.');
  if (!pending) throw new WebAuthnAuthError('the challenge is unknown, expired or already used');
  if (pending.userId && pending.userId !== registration.user_id) throw new WebAuthnAuthError('the credential belongs to another user');
  if (pending.rpId !== registration.domain) throw new WebAuthnAuthError('the credential was registered for another domain');
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== registration.user_handle) throw new WebAuthnAuthError('the user handle does not match the credential');
  let result;
  try {
    result = await (
      await simplewebauthn()
    ).verifyAuthenticationResponse({
      response,
      expectedChallenge: pending.challenge,
      expectedOrigin: originsFor(ctx.config, pending.rpId),
      expectedRPID: pending.rpId,
      credential: {
        id: registration.credential_id,
        publicKey: new Uint8Array(Buffer.from(registration.public_key, 'base64url')),
        counter: registration.sign_count,
        transports: registration.transports,
      },
      requireUserVerification: pending.userVerification === 'required',
    });
  } catch (e) {
    if (e instanceof InvalidCredentialError) throw e;
    throw new WebAuthnAuthError(e instanceof Error ? e.message : 'verification failed');
  }
  if (!result.verified) throw new WebAuthnAuthError('the signature does not verify');
  const info = result.authenticationInfo;
  return { registration, newCounter: info.newCounter, backedUp: info.credentialBackedUp, userVerified: info.userVerified, pending };
}
