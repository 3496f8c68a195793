import { Hono } from 'hono';
import type { ProviderContext } from '../../context.ts';
import { serverOk } from '../../http/server-auth.ts';
import { endpoint } from '../../http/endpoint.ts';
import { limitSendTo } from '../../services/sends.ts';
import { serverAuthenticateOtp, serverSendOtp } from '../../services/server-passwordless.ts';
import { normalizeEmail, phoneOf } from '../../services/users.ts';
import { OtpAuthenticate, OtpEmailLoginOrCreate, OtpPhoneLoginOrCreate } from './schemas.ts';

/** Server API one-time passcodes by SMS, WhatsApp and email: login_or_create, authenticate. */
export function serverOtpRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  for (const channel of ['sms', 'whatsapp', 'email'] as const) {
    app.post(
      `/otps/${channel}/login_or_create`,
      endpoint(ctx, { product: 'otp', session: 'none', schema: channel === 'email' ? OtpEmailLoginOrCreate : OtpPhoneLoginOrCreate }, async ({ c, req }) => {
        const to = 'email' in req ? normalizeEmail(req.email) : phoneOf(req.phone_number);
        await limitSendTo(ctx, to);
        const identity = await serverSendOtp(ctx, channel, to, { pending: req.create_user_as_pending === true, expirationMinutes: req.expiration_minutes, locale: req.locale });
        return serverOk(c, {
          user_id: identity.userId,
          ...(channel === 'email' ? { email_id: identity.methodId } : { phone_id: identity.methodId }),
          user_created: identity.created,
        });
      }),
    );
  }

  app.post(
    '/otps/authenticate',
    endpoint(ctx, { product: 'otp', session: 'none', schema: OtpAuthenticate }, async ({ c, req }) => {
      const out = await serverAuthenticateOtp(ctx, req.method_id, req.code, { ...req, minutes: req.session_duration_minutes });
      return serverOk(c, { ...out, method_id: req.method_id, reset_sessions: false });
    }),
  );

  return app;
}
