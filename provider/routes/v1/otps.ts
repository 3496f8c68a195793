import { Hono } from 'hono';
import type { ProviderContext } from '../../context.ts';
import { ApiError } from '../../http/errors.ts';
import { serverOk } from '../../http/server-auth.ts';
import { endpoint } from '../../http/endpoint.ts';
import { issueOtp, redeemOtp } from '../../services/otp.ts';
import { limitSendTo } from '../../services/sends.ts';
import { methodFactor, namedSession, serverSignIn } from '../../services/server-sessions.ts';
import { withTx } from '../../services/tx.ts';
import { activatePending, emailIdentity, normalizeEmail, phoneIdentity, phoneOf } from '../../services/users.ts';
import { OtpAuthenticate, OtpEmailLoginOrCreate, OtpPhoneLoginOrCreate } from './schemas.ts';

/** Server API one-time passcodes by SMS, WhatsApp and email: login_or_create, authenticate. */
export function serverOtpRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  for (const channel of ['sms', 'whatsapp', 'email'] as const) {
    app.post(
      `/otps/${channel}/login_or_create`,
      endpoint(ctx, { product: 'otp', session: 'none', schema: channel === 'email' ? OtpEmailLoginOrCreate : OtpPhoneLoginOrCreate }, async ({ c, req }) => {
        const to = 'email' in req ? normalizeEmail(req.email) : phoneOf(req.phone_number);
        const status = req.create_user_as_pending ? 'pending' : 'active';
        await limitSendTo(ctx, to);
        const identity = await withTx(ctx.db, async (tx) => {
          const now = ctx.clock.now();
          const found = channel === 'email' ? (await emailIdentity(tx, to, ctx.env, now, true, status))! : await phoneIdentity(tx, to, ctx.env, now, status);
          const queued = await issueOtp(ctx, tx, channel, found.methodId, found.userId, to, req.expiration_minutes, req.locale);
          return { ...found, queued };
        });
        await ctx.delivery.dispatch(ctx.db, identity.queued);
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
      const ask = { ...req, minutes: req.session_duration_minutes };
      const current = await namedSession(ctx, ctx.db, ask);
      // One transaction: the redemption (or the counted wrong guess) and the session commit together.
      const out = await withTx(ctx.db, async (tx) => {
        const check = await redeemOtp(ctx, tx, req.method_id, req.code);
        if (!check.ok) return null;
        // A user created pending becomes active by proving the address, as a magic link does.
        await activatePending(tx, check.userId);
        return serverSignIn(ctx, tx, check.userId, await methodFactor(ctx, tx, 'otp', check.channel, req.method_id), ask, current);
      });
      if (!out) throw new ApiError(401, 'otp_code_not_found', 'The passcode is incorrect, expired or already used.');
      return serverOk(c, { ...out, method_id: req.method_id, reset_sessions: false });
    }),
  );

  return app;
}
