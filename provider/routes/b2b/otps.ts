import { Hono } from 'hono';
import * as R from '../../../client/schemas/b2b-requests.ts';
import type { ProviderContext } from '../../context.ts';
import { endpoint } from '../../http/endpoint.ts';
import { ApiError, ok } from '../../http/errors.ts';
import { authenticateDiscoveryOtp, sendDiscoveryOtp } from '../../services/b2b/discovery-email.ts';
import { authenticateOrganizationOtp, sendOrganizationOtp } from '../../services/b2b/email-sign-in.ts';
import { requireOrganization } from '../../services/b2b/organizations.ts';
import { limitSend } from '../../services/sends.ts';
import { normalizeEmail } from '../../services/users.ts';

export const wrongCode = () => new ApiError(401, 'otp_code_not_found', 'The passcode is incorrect, expired or already used.');

/** B2B email OTP: discovery send and authenticate, organization login or signup and authenticate. */
export function b2bOtpRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  app.post(
    '/b2b/otps/email/discovery/send',
    endpoint(ctx, { as: 'member', product: 'otp', session: 'optional', schema: R.OtpEmailDiscoverySend }, async ({ c, caller, req }) => {
      const email = normalizeEmail(req.email_address);
      await limitSend(ctx, email, caller.client);
      await sendDiscoveryOtp(ctx, email, { minutes: req.discovery_expiration_minutes, locale: req.locale });
      return ok(c, {});
    }),
  );

  app.post(
    '/b2b/otps/email/discovery/authenticate',
    endpoint(ctx, { as: 'member', product: 'otp', session: 'optional', schema: R.OtpEmailDiscoveryAuthenticate }, async ({ c, req }) => {
      const answer = await authenticateDiscoveryOtp(ctx, normalizeEmail(req.email_address), req.code);
      return ok(c, answer);
    }),
  );

  app.post(
    '/b2b/otps/email/login_or_signup',
    endpoint(ctx, { as: 'member', product: 'otp', session: 'optional', schema: R.OtpEmailLoginOrSignup }, async ({ c, caller, req }) => {
      const email = normalizeEmail(req.email_address);
      const org = await requireOrganization(ctx.db, req.organization_id);
      await limitSend(ctx, email, caller.client);
      const sent = await sendOrganizationOtp(ctx, org, email, { loginMinutes: req.login_expiration_minutes, signupMinutes: req.signup_expiration_minutes, locale: req.locale });
      await ctx.delivery.dispatch(ctx.db, sent.queued);
      return ok(c, {});
    }),
  );

  app.post(
    '/b2b/otps/email/authenticate',
    endpoint(ctx, { as: 'member', product: 'otp', session: 'optional', schema: R.OtpEmailAuthenticate, minutes: true }, async ({ c, caller, req, minutes }) => {
      const org = await requireOrganization(ctx.db, req.organization_id);
      const answer = await authenticateOrganizationOtp(ctx, org, normalizeEmail(req.email_address), req.code, {
        minutes,
        client: caller.client,
        currentSessionId: caller.memberSessionId,
        intermediateSessionToken: req.intermediate_session_token,
      });
      if (!answer) throw wrongCode();
      return ok(c, answer);
    }),
  );

  return app;
}
