import { Hono } from 'hono';
import { requests } from '../../client/schemas/index.ts';
import type { ProviderContext } from '../context.ts';
import { endpoint } from '../http/endpoint.ts';
import { ApiError, ok } from '../http/errors.ts';
import { startOrExtend, type Factor } from '../services/sessions.ts';
import { withTx } from '../services/tx.ts';
import { loadUser } from '../services/users.ts';
import { authenticationOptions, registrationOptions, verifyAssertion, verifyRegistration, WebAuthnAuthError } from '../services/webauthn.ts';
import { nextPasskeyName } from '../services/passkey-names.ts';
import { insertRegistration, recordUse, registrationShape, renameRegistration, type Registration } from '../services/webauthn-registrations.ts';
import { relyingParty } from '../services/webauthn-rp.ts';

const MAX_NAME_LENGTH = 200;

function factor(ctx: ProviderContext, r: Registration): Factor {
  return {
    type: 'webauthn',
    delivery_method: 'webauthn_registration',
    last_authenticated_at: ctx.clock.now().toISOString(),
    webauthn_factor: { webauthn_registration_id: r.webauthn_registration_id, domain: r.domain, user_agent: r.user_agent },
  };
}

/** What the authenticator shows as the account: the first email, else phone, else the user id. */
function accountName(user: Record<string, unknown>): string {
  const emails = user.emails as Array<{ email: string }>;
  const phones = user.phone_numbers as Array<{ phone_number: string }>;
  return emails[0]?.email ?? phones[0]?.phone_number ?? String(user.user_id);
}

/** Passkeys and security keys: register, authenticate (discoverable or per user), rename. */
export function webauthnRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  app.post(
    '/webauthn/register/start',
    endpoint(ctx, { product: 'passkeys', session: 'required', schema: requests.WebAuthnRegisterStart }, async ({ c, caller, req }) => {
      const attachment = req.authenticator_type;
      if (attachment !== undefined && attachment !== 'platform' && attachment !== 'cross-platform') {
        throw new ApiError(400, 'invalid_authenticator_type', 'authenticator_type must be platform or cross-platform.');
      }
      const rp = relyingParty(ctx.config, req.domain);
      const user = await loadUser(ctx.db, caller.userId);
      if (!user) throw new ApiError(404, 'user_not_found', 'User could not be found.');
      const name = req.override_name ?? accountName(user);
      const options = await withTx(ctx.db, (tx) =>
        registrationOptions(ctx, tx, {
          rp,
          userId: caller.userId,
          userName: name,
          displayName: req.override_display_name ?? name,
          isPasskey: req.return_passkey_credential_options ?? req.is_passkey ?? false,
          authenticatorType: attachment,
          userAgent: req.user_agent ?? caller.client.userAgent,
          overrideId: req.override_id,
          conditional: req.conditional_mediation ?? false,
        }),
      );
      return ok(c, { user_id: caller.userId, public_key_credential_creation_options: JSON.stringify(options) });
    }),
  );

  app.post(
    '/webauthn/register',
    endpoint(ctx, { product: 'passkeys', session: 'required', schema: requests.WebAuthnRegister, minutes: true }, async ({ c, caller, req, minutes }) => {
      const { registration, userVerified } = await verifyRegistration(ctx, ctx.db, caller.userId, req.public_key_credential);
      const issued = await withTx(ctx.db, async (tx) => {
        registration.name = await nextPasskeyName(tx, caller.userId!, registration.name);
        if (!(await insertRegistration(tx, registration, ctx.clock.now()))) {
          throw new ApiError(409, 'duplicate_webauthn_registration', 'This credential is already registered.');
        }
        // As the hosted provider, the session gains a webauthn factor, but only for an
        // attestation with UV: the authenticator then proved the key and its user at creation,
        // what a sign-in with it proves. One made without UV (conditional create, a security key
        // that skipped it) proved possession alone: the session is extended and gains nothing.
        return startOrExtend(ctx, tx, caller.userId, userVerified ? factor(ctx, registration) : null, minutes, caller.client, caller.sessionId);
      });
      return ok(c, { ...issued, webauthn_registration_id: registration.webauthn_registration_id });
    }),
  );

  const authStart = (secondary: boolean) =>
    endpoint(ctx, { product: 'passkeys', session: secondary ? 'required' : 'optional', schema: requests.WebAuthnAuthenticateStart }, async ({ c, caller, req }) => {
      const rp = relyingParty(ctx.config, req.domain);
      const isPasskey = req.return_passkey_credential_options ?? req.is_passkey ?? false;
      const options = await withTx(ctx.db, (tx) => authenticationOptions(ctx, tx, rp, secondary ? caller.userId : null, isPasskey));
      return ok(c, { ...(secondary ? { user_id: caller.userId } : {}), public_key_credential_request_options: JSON.stringify(options) });
    });
  app.post('/webauthn/authenticate/start/primary', authStart(false));
  app.post('/webauthn/authenticate/start/secondary', authStart(true));

  app.post(
    '/webauthn/authenticate',
    endpoint(ctx, { product: 'passkeys', session: 'optional', schema: requests.WebAuthnAuthenticate, minutes: true }, async ({ c, caller, req, minutes }) => {
      const assertion = await verifyAssertion(ctx, ctx.db, req.public_key_credential);
      const { registration } = assertion;
      const issued = await withTx(ctx.db, async (tx) => {
        if (!(await recordUse(tx, registration.webauthn_registration_id, registration.sign_count, assertion.newCounter, assertion.backedUp, ctx.clock.now()))) {
          throw new WebAuthnAuthError('the signature counter did not increase');
        }
        const current = caller.userId === registration.user_id ? caller.sessionId : null;
        // Without UV the assertion is a second factor only, for a session the user already
        // holds (a secondary start's challenge presented without that session signs in no one).
        if (!assertion.userVerified && current === null) throw new WebAuthnAuthError('user verification is required to sign in');
        return startOrExtend(ctx, tx, registration.user_id, factor(ctx, registration), minutes, caller.client, current);
      });
      return ok(c, { ...issued, webauthn_registration_id: registration.webauthn_registration_id });
    }),
  );

  app.put(
    '/webauthn/update/:id',
    endpoint(ctx, { product: 'passkeys', session: 'required', schema: requests.WebAuthnUpdate }, async ({ c, caller, req }) => {
      const name = req.name.trim();
      if (name === '' || name.length > MAX_NAME_LENGTH) throw new ApiError(400, 'invalid_name', `name must be 1 to ${MAX_NAME_LENGTH} characters.`);
      const updated = await renameRegistration(ctx.db, caller.userId, c.req.param('id') ?? '', name);
      if (!updated) throw new ApiError(404, 'webauthn_registration_not_found', 'WebAuthn registration could not be found.');
      return ok(c, { webauthn_registration: registrationShape(updated) });
    }),
  );

  return app;
}
