import { Hono } from 'hono';
import { requests } from '../../client/schemas/index.ts';
import type { ProviderContext } from '../context.ts';
import { endpoint } from '../http/endpoint.ts';
import { ok } from '../http/errors.ts';
import type { OtpChannel } from '../services/otp.ts';
import { authenticateOtp, sendOtp, type SendMode } from '../services/passwordless-sign-in.ts';
import { limitSend } from '../services/sends.ts';
import { normalizeEmail, phoneOf } from '../services/users.ts';

/** OTP by SMS, WhatsApp and email: login_or_create, send/primary, send/secondary, authenticate. */
export function otpRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  const send = (channel: OtpChannel, mode: SendMode) =>
    endpoint(
      ctx,
      {
        product: 'otp',
        session: mode === 'secondary' ? 'required' : 'optional',
        schema: channel === 'email' ? requests.OtpEmailLoginOrCreate : requests.OtpPhoneLoginOrCreate,
      },
      async ({ c, caller, req }) => {
        const to = 'email' in req ? normalizeEmail(req.email) : phoneOf(req.phone_number);
        await limitSend(ctx, to, caller.client);
        const result = await sendOtp(ctx, channel, mode, to, caller.userId, { expirationMinutes: req.expiration_minutes, locale: req.locale });
        return ok(c, {
          user_id: result.userId,
          method_id: result.methodId,
          ...(channel === 'email' ? { email_id: result.methodId } : { phone_id: result.methodId }),
          ...(mode === 'login_or_create' ? { user_created: result.created } : {}),
        });
      },
    );

  for (const channel of ['sms', 'whatsapp', 'email'] as const) {
    app.post(`/otps/${channel}/login_or_create`, send(channel, 'login_or_create'));
    app.post(`/otps/${channel}/send/primary`, send(channel, 'primary'));
    app.post(`/otps/${channel}/send/secondary`, send(channel, 'secondary'));
  }

  app.post(
    '/otps/authenticate',
    endpoint(ctx, { product: 'otp', session: 'optional', schema: requests.OtpAuthenticate, minutes: true }, async ({ c, caller, req, minutes }) => {
      const issued = await authenticateOtp(ctx, req.method_id, req.token, minutes, caller);
      return ok(c, { ...issued, method_id: req.method_id, reset_sessions: false });
    }),
  );

  return app;
}
