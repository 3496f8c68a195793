import { Hono } from 'hono';
import { requests } from '../../client/schemas/index.ts';
import type { ProviderContext } from '../context.ts';
import { endpoint } from '../http/endpoint.ts';
import { ApiError, ok } from '../http/errors.ts';
import { loadUser } from '../services/users.ts';
import { authenticate, register, startAuthentication, startRegistration } from '../services/webauthn-sign-in.ts';
import { registrationShape, renameRegistration } from '../services/webauthn-registrations.ts';
import { relyingParty } from '../services/webauthn-rp.ts';

const MAX_NAME_LENGTH = 200;

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
      const options = await startRegistration(ctx, {
        rp,
        userId: caller.userId,
        userName: name,
        displayName: req.override_display_name ?? name,
        isPasskey: req.return_passkey_credential_options ?? req.is_passkey ?? false,
        authenticatorType: attachment,
        userAgent: req.user_agent ?? caller.client.userAgent,
        overrideId: req.override_id,
        conditional: req.conditional_mediation ?? false,
      });
      return ok(c, { user_id: caller.userId, public_key_credential_creation_options: JSON.stringify(options) });
    }),
  );

  app.post(
    '/webauthn/register',
    endpoint(ctx, { product: 'passkeys', session: 'required', schema: requests.WebAuthnRegister, minutes: true }, async ({ c, caller, req, minutes }) => {
      return ok(c, { ...(await register(ctx, caller, req.public_key_credential, minutes)) });
    }),
  );

  const authStart = (secondary: boolean) =>
    endpoint(ctx, { product: 'passkeys', session: secondary ? 'required' : 'optional', schema: requests.WebAuthnAuthenticateStart }, async ({ c, caller, req }) => {
      const rp = relyingParty(ctx.config, req.domain);
      const isPasskey = req.return_passkey_credential_options ?? req.is_passkey ?? false;
      const options = await startAuthentication(ctx, rp, secondary ? caller.userId : null, isPasskey);
      return ok(c, { ...(secondary ? { user_id: caller.userId } : {}), public_key_credential_request_options: JSON.stringify(options) });
    });
  app.post('/webauthn/authenticate/start/primary', authStart(false));
  app.post('/webauthn/authenticate/start/secondary', authStart(true));

  app.post(
    '/webauthn/authenticate',
    endpoint(ctx, { product: 'passkeys', session: 'optional', schema: requests.WebAuthnAuthenticate, minutes: true }, async ({ c, caller, req, minutes }) => {
      return ok(c, { ...(await authenticate(ctx, caller, req.public_key_credential, minutes)) });
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
