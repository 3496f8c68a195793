import { Hono } from 'hono';
import * as P from '../../../client/schemas/b2b-password-requests.ts';
import type { ProviderContext } from '../../context.ts';
import { endpoint } from '../../http/endpoint.ts';
import { ok } from '../../http/errors.ts';
import { requireOrganization } from '../../services/b2b/organizations.ts';
import {
  authenticateDiscoveryPassword,
  authenticateMemberPassword,
  resetDiscoveryPasswordByEmail,
  startDiscoveryPasswordReset,
  resetMemberPasswordByEmail,
  resetMemberPasswordByExisting,
  resetMemberPasswordBySession,
  startMemberPasswordReset,
} from '../../services/b2b/password-sign-in.ts';
import { redirectUrl, requirePkce } from '../../services/email-tokens.ts';
import { limitSend } from '../../services/sends.ts';
import { b2bStrength, checkStrength } from '../../services/strength.ts';
import { normalizeEmail } from '../../services/users.ts';

/** B2B passwords for the browser SDK: organization sign-in, strength check, and the three resets (services/b2b/password-sign-in.ts). */
export function b2bPasswordRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  const spec = { as: 'member', product: 'passwords', session: 'optional' } as const;

  app.post(
    '/b2b/passwords/strength_check',
    endpoint(ctx, { ...spec, schema: P.PasswordsStrengthCheck }, async ({ c, req }) => {
      return ok(c, { ...b2bStrength(checkStrength(ctx.config.passwordPolicy, req.password, req.email_address)) });
    }),
  );

  app.post(
    '/b2b/passwords/authenticate',
    endpoint(ctx, { ...spec, schema: P.PasswordsAuthenticate, minutes: true }, async ({ c, caller, req, minutes }) => {
      const org = await requireOrganization(ctx.db, req.organization_id);
      const answer = await authenticateMemberPassword(ctx, org, normalizeEmail(req.email_address), req.password, caller.client.ip, {
        minutes,
        client: caller.client,
        currentSessionId: caller.memberSessionId,
        intermediateSessionToken: req.intermediate_session_token,
      });
      return ok(c, answer);
    }),
  );

  // The official client's discovery sign-in: the address's organizations, no organization yet.
  app.post(
    '/b2b/passwords/discovery/authenticate',
    endpoint(ctx, { ...spec, schema: P.PasswordsDiscoveryAuthenticate }, async ({ c, caller, req }) => {
      return ok(c, await authenticateDiscoveryPassword(ctx, normalizeEmail(req.email_address), req.password, caller.client.ip));
    }),
  );

  app.post(
    '/b2b/passwords/discovery/reset/start',
    endpoint(ctx, { ...spec, schema: P.PasswordsDiscoveryResetByEmailStart }, async ({ c, caller, req }) => {
      const email = normalizeEmail(req.email_address);
      const url = redirectUrl(ctx, req.reset_password_redirect_url);
      requirePkce(ctx, 'passwordResets', req.pkce_code_challenge);
      await limitSend(ctx, email, caller.client);
      const queued = await startDiscoveryPasswordReset(ctx, email, { url, minutes: req.reset_password_expiration_minutes, codeChallenge: req.pkce_code_challenge, locale: req.locale });
      // As every reset start: known or not, the answer never waits for the mail relay.
      ctx.delivery.dispatchLater(ctx.db, queued);
      return ok(c, {});
    }),
  );

  app.post(
    '/b2b/passwords/discovery/reset',
    endpoint(ctx, { ...spec, schema: P.PasswordsDiscoveryResetByEmail }, async ({ c, req }) => {
      return ok(c, await resetDiscoveryPasswordByEmail(ctx, req.password_reset_token, req.password, req.pkce_code_verifier));
    }),
  );

  app.post(
    '/b2b/passwords/email/reset/start',
    endpoint(ctx, { ...spec, schema: P.PasswordsResetByEmailStart }, async ({ c, caller, req }) => {
      const email = normalizeEmail(req.email_address);
      const url = redirectUrl(ctx, req.reset_password_redirect_url);
      requirePkce(ctx, 'passwordResets', req.code_challenge);
      const org = await requireOrganization(ctx.db, req.organization_id);
      await limitSend(ctx, email, caller.client);
      // Not awaited, and quiet: the member lookup, the link, the relay or a delivery error would
      // tell the caller that the address is a member; members and others answer after the same work.
      startMemberPasswordReset(ctx, org, email, { url, minutes: req.reset_password_expiration_minutes, codeChallenge: req.code_challenge, locale: req.locale });
      return ok(c, {});
    }),
  );

  app.post(
    '/b2b/passwords/email/reset',
    endpoint(ctx, { ...spec, schema: P.PasswordsResetByEmail, minutes: true }, async ({ c, caller, req, minutes }) => {
      const answer = await resetMemberPasswordByEmail(ctx, req.password_reset_token, req.password, req.code_verifier, {
        minutes,
        client: caller.client,
        intermediateSessionToken: req.intermediate_session_token,
      });
      return ok(c, answer);
    }),
  );

  app.post(
    '/b2b/passwords/existing_password/reset',
    endpoint(ctx, { ...spec, schema: P.PasswordsResetByExisting, minutes: true }, async ({ c, caller, req, minutes }) => {
      const org = await requireOrganization(ctx.db, req.organization_id);
      const answer = await resetMemberPasswordByExisting(ctx, org, normalizeEmail(req.email_address), req.existing_password, req.new_password, caller.client.ip, { minutes, client: caller.client });
      return ok(c, answer);
    }),
  );

  app.post(
    '/b2b/passwords/session/reset',
    endpoint(ctx, { as: 'member', product: 'passwords', session: 'required', schema: P.PasswordsResetBySession, minutes: true }, async ({ c, caller, req, minutes }) => {
      const answer = await resetMemberPasswordBySession(ctx, caller.org, caller.member, caller.memberSessionId, req.password, { minutes, client: caller.client });
      return ok(c, answer);
    }),
  );

  return app;
}
