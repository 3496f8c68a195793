import { Hono } from 'hono';
import { requests } from '../../client/schemas/index.ts';
import type { ProviderContext } from '../context.ts';
import { endpoint } from '../http/endpoint.ts';
import { ApiError, ok } from '../http/errors.ts';
import { issueOtp, redeemOtp, type OtpChannel } from '../services/otp.ts';
import { limitSend } from '../services/sends.ts';
import { startOrExtend } from '../services/sessions.ts';
import { withTx } from '../services/tx.ts';
import { attachEmail, attachPhone, emailIdentity, normalizeEmail, phoneIdentity, phoneOf } from '../services/users.ts';

type Mode = 'login_or_create' | 'primary' | 'secondary';

/** OTP by SMS, WhatsApp and email: login_or_create, send/primary, send/secondary, authenticate. */
export function otpRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  const send = (channel: OtpChannel, mode: Mode) =>
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
        const result = await withTx(ctx.db, async (tx) => {
          const now = ctx.clock.now();
          let identity;
          if (mode === 'secondary') {
            const methodId = channel === 'email' ? await attachEmail(tx, caller.userId!, to, ctx.env, now) : await attachPhone(tx, caller.userId!, to, ctx.env, now);
            if (!methodId) throw new ApiError(409, 'duplicate_identifier', 'This identifier belongs to another user.');
            identity = { userId: caller.userId!, methodId, created: false };
          } else {
            identity = channel === 'email' ? (await emailIdentity(tx, to, ctx.env, now))! : await phoneIdentity(tx, to, ctx.env, now);
          }
          const queued = await issueOtp(ctx, tx, channel, identity.methodId, identity.userId, to, req.expiration_minutes, req.locale);
          return { ...identity, queued };
        });
        // After the commit: a code that could not be sent is answered as an error the widget shows.
        await ctx.delivery.dispatch(ctx.db, result.queued);
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
      // One transaction: the redemption (or the counted wrong guess) and the session commit together.
      const issued = await withTx(ctx.db, async (tx) => {
        const check = await redeemOtp(ctx, tx, req.method_id, req.token);
        if (!check.ok) return null;
        const factor = {
          type: 'otp',
          delivery_method: check.channel,
          last_authenticated_at: ctx.clock.now().toISOString(),
          ...(check.channel === 'email' ? { email_factor: { email_id: req.method_id } } : { phone_number_factor: { phone_id: req.method_id } }),
        };
        return startOrExtend(ctx, tx, check.userId, factor, minutes, caller.client, caller.userId === check.userId ? caller.sessionId : null);
      });
      if (!issued) throw new ApiError(401, 'otp_code_not_found', 'The passcode is incorrect, expired or already used.');
      return ok(c, { ...issued, method_id: req.method_id, reset_sessions: false });
    }),
  );

  return app;
}
