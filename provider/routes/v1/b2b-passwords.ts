import { Hono } from 'hono';
import * as v from 'valibot';
import * as P from '../../../client/schemas/b2b-password-requests.ts';
import { LONG_TEXT_MAX_BYTES, nonEmpty, sessionDuration } from '../../../client/schemas/index.ts';
import type { ProviderContext } from '../../context.ts';
import { endpoint } from '../../http/endpoint.ts';
import { ApiError } from '../../http/errors.ts';
import { serverOk } from '../../http/server-auth.ts';
import { findMemberSession, sessionOwner } from '../../services/b2b/member-sessions.ts';
import { requireOrganization } from '../../services/b2b/organizations.ts';
import { authenticateMemberPassword, resetMemberPasswordByEmail, resetMemberPasswordByExisting, resetMemberPasswordBySession, startMemberPasswordReset } from '../../services/b2b/password-sign-in.ts';
import { redirectUrl, requirePkce } from '../../services/email-tokens.ts';
import { limitSendTo } from '../../services/sends.ts';
import { durationMinutes } from '../../services/sessions.ts';
import { b2bStrength, checkStrength } from '../../services/strength.ts';
import { normalizeEmail } from '../../services/users.ts';
import { SERVER_CLIENT } from './b2b-sessions.ts';

/*
 * Request bodies of `/v1/b2b/passwords`, shaped as the official Node SDK's: the browser
 * SDK's schemas, with the session to extend named by the backend and the duration optional.
 */
const opt = v.optional;
const session = { session_token: opt(nonEmpty()), session_jwt: opt(nonEmpty(LONG_TEXT_MAX_BYTES)) };
const duration = { session_duration_minutes: opt(sessionDuration()) };
const Authenticate = v.object({ ...P.PasswordsAuthenticate.entries, ...duration, ...session });
const ResetByEmail = v.object({ ...P.PasswordsResetByEmail.entries, ...duration, ...session });
const ResetByExisting = v.object({ ...P.PasswordsResetByExisting.entries, ...duration, ...session });
const ResetBySession = v.object({ organization_id: nonEmpty(), password: nonEmpty(), ...duration, ...session });

/** Server API B2B passwords: strength check, authenticate and the three resets. */
export function serverB2BPasswordRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  const spec = { product: 'passwords', session: 'none' } as const;
  const minutes = (asked: number | undefined) => durationMinutes(ctx, asked);

  /** The member session a call names to extend; one that is not live is a 404. */
  const named = async (req: { session_token?: string; session_jwt?: string }) => {
    const secret = req.session_token ?? req.session_jwt;
    if (secret === undefined) return null;
    const found = await findMemberSession(ctx, ctx.db, secret);
    if (!found) throw new ApiError(404, 'session_not_found', 'Session could not be found.');
    return found;
  };

  app.post(
    '/b2b/passwords/strength_check',
    endpoint(ctx, { ...spec, schema: P.PasswordsStrengthCheck }, async ({ c, req }) => {
      return serverOk(c, { ...b2bStrength(checkStrength(ctx.config.passwordPolicy, req.password, req.email_address)) });
    }),
  );

  app.post(
    '/b2b/passwords/authenticate',
    endpoint(ctx, { ...spec, schema: Authenticate }, async ({ c, req }) => {
      const current = await named(req);
      const org = await requireOrganization(ctx.db, req.organization_id);
      // No client IP: the backend is limited per secret, its users per address.
      const answer = await authenticateMemberPassword(ctx, org, normalizeEmail(req.email_address), req.password, undefined, {
        minutes: minutes(req.session_duration_minutes),
        client: SERVER_CLIENT,
        currentSessionId: current?.member_session_id ?? null,
        intermediateSessionToken: req.intermediate_session_token,
      });
      return serverOk(c, answer);
    }),
  );

  app.post(
    '/b2b/passwords/email/reset/start',
    endpoint(ctx, { ...spec, schema: P.PasswordsResetByEmailStart }, async ({ c, req }) => {
      const email = normalizeEmail(req.email_address);
      const url = redirectUrl(ctx, req.reset_password_redirect_url);
      requirePkce(ctx, 'passwordResets', req.code_challenge);
      const org = await requireOrganization(ctx.db, req.organization_id);
      await limitSendTo(ctx, email);
      // As in the browser flow: the answer waits neither for the records nor the relay, member or not.
      startMemberPasswordReset(ctx, org, email, { url, minutes: req.reset_password_expiration_minutes, codeChallenge: req.code_challenge, locale: req.locale });
      return serverOk(c, {});
    }),
  );

  app.post(
    '/b2b/passwords/email/reset',
    endpoint(ctx, { ...spec, schema: ResetByEmail }, async ({ c, req }) => {
      const answer = await resetMemberPasswordByEmail(ctx, req.password_reset_token, req.password, req.code_verifier, {
        minutes: minutes(req.session_duration_minutes),
        client: SERVER_CLIENT,
        intermediateSessionToken: req.intermediate_session_token,
      });
      return serverOk(c, answer);
    }),
  );

  app.post(
    '/b2b/passwords/existing_password/reset',
    endpoint(ctx, { ...spec, schema: ResetByExisting }, async ({ c, req }) => {
      const org = await requireOrganization(ctx.db, req.organization_id);
      const answer = await resetMemberPasswordByExisting(ctx, org, normalizeEmail(req.email_address), req.existing_password, req.new_password, undefined, {
        minutes: minutes(req.session_duration_minutes),
        client: SERVER_CLIENT,
      });
      return serverOk(c, answer);
    }),
  );

  app.post(
    '/b2b/passwords/session/reset',
    endpoint(ctx, { ...spec, schema: ResetBySession }, async ({ c, req }) => {
      const current = await named(req);
      if (!current) throw new ApiError(400, 'session_required', 'Name the member session whose password to set (session_token or session_jwt).');
      const { member, org } = await sessionOwner(ctx.db, current);
      if (org.organization_id !== req.organization_id) throw new ApiError(404, 'session_not_found', 'Session could not be found.');
      const answer = await resetMemberPasswordBySession(ctx, org, member, current.member_session_id, req.password, { minutes: minutes(req.session_duration_minutes), client: SERVER_CLIENT });
      return serverOk(c, answer);
    }),
  );

  return app;
}
