import { Hono } from 'hono';
import type { ProviderContext } from '../../context.ts';
import { ApiError } from '../../http/errors.ts';
import { serverOk } from '../../http/server-auth.ts';
import { endpoint } from '../../http/endpoint.ts';
import { redeemEmailToken, redirectUrl, requirePkce } from '../../services/email-tokens.ts';
import { mailMagicLink } from '../../services/magic-link-mail.ts';
import { limitSendTo } from '../../services/sends.ts';
import { methodFactor, namedSession, serverSignIn } from '../../services/server-sessions.ts';
import { withTx } from '../../services/tx.ts';
import { createUserWith } from '../../services/user-admin.ts';
import { emailIdentity, emailOwnerForUpdate, normalizeEmail } from '../../services/users.ts';
import { MagicLinksAuthenticate, MagicLinksInvite, MagicLinksLoginOrCreate } from './schemas.ts';

/** An invitation stays usable for a week unless the caller asks otherwise. */
const INVITE_MINUTES = 7 * 24 * 60;

/** Server API email magic links: login_or_create, invite, authenticate. */
export function serverMagicLinkRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  app.post(
    '/magic_links/email/login_or_create',
    endpoint(ctx, { product: 'emailMagicLinks', session: 'none', schema: MagicLinksLoginOrCreate }, async ({ c, req }) => {
      const email = normalizeEmail(req.email);
      const loginUrl = redirectUrl(ctx, req.login_magic_link_url);
      const signupUrl = redirectUrl(ctx, req.signup_magic_link_url ?? req.login_magic_link_url);
      requirePkce(ctx, 'emailMagicLinks', req.code_challenge);
      await limitSendTo(ctx, email);
      const identity = await withTx(ctx.db, async (tx) => {
        const found = (await emailIdentity(tx, email, ctx.env, ctx.clock.now(), true, req.create_user_as_pending ? 'pending' : 'active'))!;
        const queued = await mailMagicLink(ctx, tx, {
          userId: found.userId,
          emailId: found.methodId,
          email,
          codeChallenge: req.code_challenge,
          url: found.created ? signupUrl : loginUrl,
          minutes: (found.created ? req.signup_expiration_minutes : req.login_expiration_minutes) ?? 30,
          purpose: found.created ? 'signup' : 'login',
          locale: req.locale,
        });
        return { ...found, queued };
      });
      await ctx.delivery.dispatch(ctx.db, identity.queued);
      return serverOk(c, { user_id: identity.userId, email_id: identity.methodId, user_created: identity.created });
    }),
  );

  app.post(
    '/magic_links/email/invite',
    endpoint(ctx, { product: 'emailMagicLinks', session: 'none', schema: MagicLinksInvite }, async ({ c, req }) => {
      const email = normalizeEmail(req.email);
      const url = redirectUrl(ctx, req.invite_magic_link_url);
      await limitSendTo(ctx, email);
      const invited = await withTx(ctx.db, async (tx) => {
        const owner = await emailOwnerForUpdate(tx, email);
        let ids = owner && { userId: owner.userId, emailId: owner.emailId };
        // An invitation is for someone not yet in: an active user signs in instead.
        if (owner && owner.status !== 'pending') throw new ApiError(400, 'duplicate_email', 'This email belongs to an active user; send a login link instead.');
        ids ??= await createUserWith(tx, ctx.env, ctx.clock.now(), {
          email,
          name: req.name,
          pending: true,
          trustedMetadata: req.trusted_metadata,
          untrustedMetadata: req.untrusted_metadata,
        });
        const queued = await mailMagicLink(ctx, tx, {
          userId: ids.userId,
          emailId: ids.emailId,
          email,
          url,
          minutes: req.invite_expiration_minutes ?? INVITE_MINUTES,
          purpose: 'invite',
          locale: req.locale,
        });
        return { ...ids, queued };
      });
      await ctx.delivery.dispatch(ctx.db, invited.queued);
      return serverOk(c, { user_id: invited.userId, email_id: invited.emailId });
    }),
  );

  app.post(
    '/magic_links/authenticate',
    endpoint(ctx, { session: 'none', schema: MagicLinksAuthenticate }, async ({ c, req }) => {
      const ask = { ...req, minutes: req.session_duration_minutes };
      const current = await namedSession(ctx, ctx.db, ask);
      const out = await withTx(ctx.db, async (tx) => {
        const redeemed = await redeemEmailToken(ctx, tx, req.token, ['magic_link'], req.code_verifier);
        const factor = await methodFactor(ctx, tx, 'magic_link', 'email', redeemed.emailId);
        return { ...(await serverSignIn(ctx, tx, redeemed.userId, factor, ask, current)), method_id: redeemed.emailId };
      });
      return serverOk(c, { ...out, reset_sessions: false });
    }),
  );

  return app;
}
