import { Hono } from 'hono';
import { requests } from '../../client/schemas/index.ts';
import type { ProviderContext } from '../context.ts';
import { endpoint } from '../http/endpoint.ts';
import { ok } from '../http/errors.ts';
import { issueEmailToken, redirectUrl, requirePkce } from '../services/email-tokens.ts';
import { resolveLocale } from '../services/messages/locale.ts';
import { resetMessage } from '../services/messages/templates.ts';
import { authenticatePassword, createWithPassword, resetByEmail, resetByExisting, resetBySession } from '../services/password-sign-in.ts';
import { limitSend } from '../services/sends.ts';
import { checkStrength } from '../services/strength.ts';
import { emailIdentity, normalizeEmail } from '../services/users.ts';

/** The reset email's "log in instead" link: the reset link's token at `url`, typed `login`. */
function loginLink(url: string, resetLink: string): string {
  const link = new URL(url);
  link.searchParams.set('stytch_token_type', 'login');
  link.searchParams.set('token', new URL(resetLink).searchParams.get('token') ?? '');
  return link.toString();
}

/** Passwords: create, authenticate, strength check and the three resets. */
export function passwordRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  app.post(
    '/passwords/strength_check',
    endpoint(ctx, { product: 'passwords', session: 'optional', schema: requests.PasswordStrengthCheck }, async ({ c, req }) => {
      return ok(c, { ...checkStrength(ctx.config.passwordPolicy, req.password, req.email) });
    }),
  );

  app.post(
    '/passwords',
    endpoint(ctx, { product: 'passwords', session: 'optional', schema: requests.PasswordCreate, minutes: true }, async ({ c, caller, req, minutes }) => {
      return ok(c, { ...(await createWithPassword(ctx, caller, req.email, req.password, minutes)) });
    }),
  );

  app.post(
    '/passwords/authenticate',
    endpoint(ctx, { product: 'passwords', session: 'optional', schema: requests.PasswordAuthenticate, minutes: true }, async ({ c, caller, req, minutes }) => {
      return ok(c, { ...(await authenticatePassword(ctx, caller, req.email, req.password, minutes)) });
    }),
  );

  app.post(
    '/passwords/email/reset/start',
    endpoint(ctx, { product: 'passwords', session: 'optional', schema: requests.PasswordResetByEmailStart }, async ({ c, caller, req }) => {
      const email = normalizeEmail(req.email);
      const url = redirectUrl(ctx, req.reset_password_redirect_url);
      requirePkce(ctx, 'passwordResets', req.code_challenge);
      // With a login URL the email also offers to sign in without resetting: the same token, as a login link.
      const loginUrl = req.login_redirect_url === undefined ? undefined : redirectUrl(ctx, req.login_redirect_url);
      await limitSend(ctx, email, caller.client);
      // Not awaited, and quiet: looking the address up, recording its link and mail, waiting for
      // the relay or a delivery error would each tell the caller that the address has an
      // account; known and unknown addresses answer after the same work (the send limit).
      ctx.delivery.queueLater(ctx.db, async (tx) => {
        const identity = await emailIdentity(tx, email, ctx.env, ctx.clock.now(), false);
        // Unknown addresses get the same answer and no mail: nothing to enumerate.
        if (!identity) return;
        const minutes = req.reset_password_expiration_minutes ?? 30;
        const link = await issueEmailToken(ctx, tx, 'password_reset', identity.userId, identity.methodId, url, minutes, req.code_challenge);
        return ctx.delivery.send(tx, resetMessage(ctx.config, resolveLocale(req.locale), email, link, minutes, loginUrl ? loginLink(loginUrl, link) : undefined));
      });
      return ok(c, {});
    }),
  );

  app.post(
    '/passwords/email/reset',
    endpoint(ctx, { product: 'passwords', session: 'optional', schema: requests.PasswordResetByEmail, minutes: true }, async ({ c, caller, req, minutes }) => {
      return ok(c, { ...(await resetByEmail(ctx, caller, req.token, req.code_verifier, req.password, minutes)) });
    }),
  );

  app.post(
    '/passwords/existing_password/reset',
    endpoint(ctx, { product: 'passwords', session: 'optional', schema: requests.PasswordResetByExisting, minutes: true }, async ({ c, caller, req, minutes }) => {
      return ok(c, { ...(await resetByExisting(ctx, caller, req.email, req.existing_password, req.new_password, minutes)) });
    }),
  );

  app.post(
    '/passwords/session/reset',
    endpoint(ctx, { product: 'passwords', session: 'required', schema: requests.PasswordResetBySession, minutes: true }, async ({ c, caller, req, minutes }) => {
      return ok(c, { ...(await resetBySession(ctx, caller, req.password, minutes)) });
    }),
  );

  return app;
}
