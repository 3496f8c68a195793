import { Hono } from 'hono';
import { requests } from '../../client/schemas/index.ts';
import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import type { Caller } from '../http/auth.ts';
import { endpoint } from '../http/endpoint.ts';
import { ApiError, ok } from '../http/errors.ts';
import { issueEmailToken, redeemEmailToken, redirectUrl, requirePkce } from '../services/email-tokens.ts';
import { hashPassword } from '../services/hashing.ts';
import { checkPasswordLogin, requireStrong as requireStrongPassword, setPasswordHash } from '../services/passwords.ts';
import { resolveLocale } from '../services/messages/locale.ts';
import { resetMessage } from '../services/messages/templates.ts';
import { limitSend } from '../services/sends.ts';
import { revokeOtherSessions, startOrExtend } from '../services/sessions.ts';
import { checkStrength } from '../services/strength.ts';
import { withTx } from '../services/tx.ts';
import { emailIdentity, firstEmailId, normalizeEmail } from '../services/users.ts';

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

  const requireStrong = (password: string, email?: string) => requireStrongPassword(ctx, password, email);
  const setPassword = (tx: Queryable, userId: string, hash: string) => setPasswordHash(ctx, tx, userId, hash);

  /**
   * A reset sets the new hash and ends every other session of the user: whoever knew the old
   * password is signed out. `keep` is the session making the change, when it should survive.
   */
  const replacePassword = async (tx: Queryable, userId: string, hash: string, keep: string | null) => {
    await setPassword(tx, userId, hash);
    await revokeOtherSessions(ctx, tx, userId, keep);
  };

  const signIn = (tx: Queryable, userId: string, emailId: string, minutes: number, caller: Caller, type = 'password') =>
    startOrExtend(
      ctx,
      tx,
      userId,
      { type, delivery_method: 'knowledge', last_authenticated_at: ctx.clock.now().toISOString(), email_factor: { email_id: emailId } },
      minutes,
      caller.client,
      caller.userId === userId ? caller.sessionId : null,
    );

  app.post(
    '/passwords/strength_check',
    endpoint(ctx, { product: 'passwords', session: 'optional', schema: requests.PasswordStrengthCheck }, async ({ c, req }) => {
      return ok(c, { ...checkStrength(ctx.config.passwordPolicy, req.password, req.email) });
    }),
  );

  app.post(
    '/passwords',
    endpoint(ctx, { product: 'passwords', session: 'optional', schema: requests.PasswordCreate, minutes: true }, async ({ c, caller, req, minutes }) => {
      const email = normalizeEmail(req.email);
      requireStrong(req.password, email);
      const hash = await hashPassword(req.password);
      const issued = await withTx(ctx.db, async (tx) => {
        const identity = (await emailIdentity(tx, email, ctx.env, ctx.clock.now()))!;
        if (!identity.created) throw new ApiError(400, 'duplicate_email', 'A user with this email already exists; sign in or reset the password.');
        await setPassword(tx, identity.userId, hash);
        const out = await signIn(tx, identity.userId, identity.methodId, minutes, caller);
        return { ...out, email_id: identity.methodId };
      });
      return ok(c, { ...issued });
    }),
  );

  app.post(
    '/passwords/authenticate',
    endpoint(ctx, { product: 'passwords', session: 'optional', schema: requests.PasswordAuthenticate, minutes: true }, async ({ c, caller, req, minutes }) => {
      const row = await checkPasswordLogin(ctx, req.email, req.password, caller.client.ip);
      const issued = await withTx(ctx.db, (tx) => signIn(tx, row.userId, row.emailId, minutes, caller));
      return ok(c, { ...issued });
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
      requireStrong(req.password);
      const hash = await hashPassword(req.password);
      const issued = await withTx(ctx.db, async (tx) => {
        const redeemed = await redeemEmailToken(ctx, tx, req.token, ['password_reset'], req.code_verifier);
        await replacePassword(tx, redeemed.userId, hash, null);
        return signIn(tx, redeemed.userId, redeemed.emailId, minutes, { ...caller, sessionId: null });
      });
      return ok(c, { ...issued });
    }),
  );

  app.post(
    '/passwords/existing_password/reset',
    endpoint(ctx, { product: 'passwords', session: 'optional', schema: requests.PasswordResetByExisting, minutes: true }, async ({ c, caller, req, minutes }) => {
      const email = normalizeEmail(req.email);
      requireStrong(req.new_password, email);
      const row = await checkPasswordLogin(ctx, email, req.existing_password, caller.client.ip);
      const hash = await hashPassword(req.new_password);
      const issued = await withTx(ctx.db, async (tx) => {
        await replacePassword(tx, row.userId, hash, null);
        return signIn(tx, row.userId, row.emailId, minutes, { ...caller, sessionId: null });
      });
      return ok(c, { ...issued });
    }),
  );

  app.post(
    '/passwords/session/reset',
    endpoint(ctx, { product: 'passwords', session: 'required', schema: requests.PasswordResetBySession, minutes: true }, async ({ c, caller, req, minutes }) => {
      requireStrong(req.password);
      const hash = await hashPassword(req.password);
      const issued = await withTx(ctx.db, async (tx) => {
        const emailId = await firstEmailId(tx, caller.userId);
        if (emailId === null) throw new ApiError(400, 'no_email', 'The user has no email address to attach a password to.');
        await replacePassword(tx, caller.userId, hash, caller.sessionId);
        return signIn(tx, caller.userId, emailId, minutes, caller);
      });
      return ok(c, { ...issued });
    }),
  );

  return app;
}
