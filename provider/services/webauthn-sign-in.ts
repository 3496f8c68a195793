import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { ProviderContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { nextPasskeyName } from './passkey-names.ts';
import { startOrExtend, type Factor, type Issued, type SessionCaller } from './sessions.ts';
import { withTx } from './tx.ts';
import { authenticationOptions, registrationOptions, verifyAssertion, verifyRegistration, WebAuthnAuthError, type RegisterStart } from './webauthn.ts';
import { insertRegistration, recordUse, type Registration } from './webauthn-registrations.ts';
import type { RelyingParty } from './webauthn-rp.ts';

/*
 * Passkeys and security keys as the browser routes use them (`/sdk/v1/webauthn`): a challenge
 * issued, a credential registered, an assertion signed in. Each opens its own transaction; the
 * signature checks run before it.
 */

function webauthnFactor(ctx: ProviderContext, r: Registration): Factor {
  return {
    type: 'webauthn',
    delivery_method: 'webauthn_registration',
    last_authenticated_at: ctx.clock.now().toISOString(),
    webauthn_factor: { webauthn_registration_id: r.webauthn_registration_id, domain: r.domain, user_agent: r.user_agent },
  };
}

/** `webauthn/register/start`: the creation options, their challenge kept for the register. */
export function startRegistration(ctx: ProviderContext, o: RegisterStart): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return withTx(ctx.db, (tx) => registrationOptions(ctx, tx, o));
}

/** `webauthn/authenticate/start/*`: the request options for `userId`'s keys (a secondary start) or any passkey. */
export function startAuthentication(ctx: ProviderContext, rp: RelyingParty, userId: string | null, isPasskey: boolean): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return withTx(ctx.db, (tx) => authenticationOptions(ctx, tx, rp, userId, isPasskey));
}

/** `webauthn/register`: the attestation checked, the credential kept under its next free name, the caller's session extended. */
export async function register(ctx: ProviderContext, caller: SessionCaller & { userId: string }, credential: string, minutes: number): Promise<Issued & { webauthn_registration_id: string }> {
  const { registration, userVerified } = await verifyRegistration(ctx, ctx.db, caller.userId, credential);
  const issued = await withTx(ctx.db, async (tx) => {
    registration.name = await nextPasskeyName(tx, caller.userId, registration.name);
    if (!(await insertRegistration(tx, registration, ctx.clock.now()))) {
      throw new ApiError(409, 'duplicate_webauthn_registration', 'This credential is already registered.');
    }
    // As the hosted provider, the session gains a webauthn factor, but only for an
    // attestation with UV: the authenticator then proved the key and its user at creation,
    // what a sign-in with it proves. One made without UV (conditional create, a security key
    // that skipped it) proved possession alone: the session is extended and gains nothing.
    return startOrExtend(ctx, tx, caller.userId, userVerified ? webauthnFactor(ctx, registration) : null, minutes, caller.client, caller.sessionId);
  });
  return { ...issued, webauthn_registration_id: registration.webauthn_registration_id };
}

/** `webauthn/authenticate`: the assertion checked, its counter recorded, a session for its user. */
export async function authenticate(ctx: ProviderContext, caller: SessionCaller, credential: string, minutes: number): Promise<Issued & { webauthn_registration_id: string }> {
  const assertion = await verifyAssertion(ctx, ctx.db, credential);
  const { registration } = assertion;
  const issued = await withTx(ctx.db, async (tx) => {
    if (!(await recordUse(tx, registration.webauthn_registration_id, registration.sign_count, assertion.newCounter, assertion.backedUp, ctx.clock.now()))) {
      throw new WebAuthnAuthError('the signature counter did not increase');
    }
    const current = caller.userId === registration.user_id ? caller.sessionId : null;
    // Without UV the assertion is a second factor only, for a session the user already
    // holds (a secondary start's challenge presented without that session signs in no one).
    if (!assertion.userVerified && current === null) throw new WebAuthnAuthError('user verification is required to sign in');
    return startOrExtend(ctx, tx, registration.user_id, webauthnFactor(ctx, registration), minutes, caller.client, current);
  });
  return { ...issued, webauthn_registration_id: registration.webauthn_registration_id };
}
