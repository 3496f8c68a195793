import { Hono } from 'hono';
import { requests } from '../../client/schemas/index.ts';
import type { ProviderContext } from '../context.ts';
import { endpoint } from '../http/endpoint.ts';
import { ApiError, ok } from '../http/errors.ts';
import { emailLinkFactor, redeemEmailToken, redirectUrl, requirePkce } from '../services/email-tokens.ts';
import { confirmLink, lookupLink, openLinkRequest, pollLinkRequest, type LinkRequestGrant } from '../services/link-requests.ts';
import { mailMagicLink } from '../services/magic-link-mail.ts';
import { limitSend } from '../services/sends.ts';
import { startOrExtend } from '../services/sessions.ts';
import { withTx } from '../services/tx.ts';
import { attachEmail, emailIdentity, normalizeEmail } from '../services/users.ts';

type Mode = 'login_or_create' | 'primary' | 'secondary';

/** Email magic links: login_or_create, send/primary, send/secondary and authenticate. */
export function magicLinkRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  const send = (mode: Mode) =>
    endpoint(
      ctx,
      {
        product: 'emailMagicLinks',
        session: mode === 'secondary' ? 'required' : 'optional',
        schema: mode === 'login_or_create' ? requests.MagicLinkLoginOrCreate : requests.MagicLinkSend,
      },
      async ({ c, caller, req }) => {
        const email = normalizeEmail(req.email);
        const loginUrl = redirectUrl(ctx, req.login_magic_link_url);
        const signupUrl = redirectUrl(ctx, req.signup_magic_link_url ?? req.login_magic_link_url);
        requirePkce(ctx, 'emailMagicLinks', req.code_challenge);
        await limitSend(ctx, email, caller.client);
        const result = await withTx(ctx.db, async (tx) => {
          const now = ctx.clock.now();
          let identity;
          if (mode === 'secondary') {
            const emailId = await attachEmail(tx, caller.userId!, email, ctx.env, now);
            if (!emailId) throw new ApiError(409, 'duplicate_email', 'This email belongs to another user.');
            identity = { userId: caller.userId!, methodId: emailId, created: false };
          } else {
            const pending = 'create_user_as_pending' in req && req.create_user_as_pending === true;
            identity = (await emailIdentity(tx, email, ctx.env, now, true, pending ? 'pending' : 'active'))!;
          }
          const url = identity.created ? signupUrl : loginUrl;
          const minutes = (identity.created ? req.signup_expiration_minutes : req.login_expiration_minutes) ?? 30;
          let linkRequest: LinkRequestGrant | undefined;
          const bind = 'link_request' in req && req.link_request === true ? async (token: string) => void (linkRequest = await openLinkRequest(ctx, tx, token)) : undefined;
          const queued = await mailMagicLink(ctx, tx, {
            userId: identity.userId,
            emailId: identity.methodId,
            email,
            url,
            minutes,
            codeChallenge: req.code_challenge,
            purpose: identity.created ? 'signup' : 'login',
            locale: req.locale,
            bind,
          });
          return { ...identity, queued, linkRequest };
        });
        await ctx.delivery.dispatch(ctx.db, result.queued);
        return ok(c, {
          user_id: result.userId,
          email_id: result.methodId,
          ...(mode === 'login_or_create' ? { user_created: result.created } : {}),
          ...(result.linkRequest ? { link_request: result.linkRequest } : {}),
        });
      },
    );

  app.post('/magic_links/email/login_or_create', send('login_or_create'));
  app.post('/magic_links/email/send/primary', send('primary'));
  app.post('/magic_links/email/send/secondary', send('secondary'));

  app.post(
    '/magic_links/authenticate',
    endpoint(ctx, { session: 'optional', schema: requests.MagicLinkAuthenticate, minutes: true }, async ({ c, caller, req, minutes }) => {
      const issued = await withTx(ctx.db, async (tx) => {
        // A reset link may also sign in without a password (the reset page's alternative).
        const redeemed = await redeemEmailToken(ctx, tx, req.token, ['magic_link', 'password_reset'], req.code_verifier);
        const out = await startOrExtend(
          ctx,
          tx,
          redeemed.userId,
          emailLinkFactor(ctx.clock.now(), redeemed.emailId),
          minutes,
          caller.client,
          caller.userId === redeemed.userId ? caller.sessionId : null,
        );
        return { ...out, method_id: redeemed.emailId };
      });
      return ok(c, { ...issued, reset_sessions: false });
    }),
  );

  // Cross-device links (services/link-requests.ts): every one a POST, so no fetch of the link spends it.
  app.post(
    '/magic_links/link_requests/lookup',
    endpoint(ctx, { product: 'emailMagicLinks', session: 'optional', schema: requests.LinkRequestLookup, limit: linkPageLimit }, async ({ c, req }) => ok(c, await lookupLink(ctx, req.token))),
  );
  app.post(
    '/magic_links/link_requests/confirm',
    endpoint(ctx, { product: 'emailMagicLinks', session: 'optional', schema: requests.LinkRequestConfirm, minutes: true, limit: linkPageLimit }, async ({ c, caller, req, minutes }) =>
      ok(c, { ...(await confirmLink(ctx, { token: req.token, code: req.code, signInHere: req.sign_in_here === true, minutes, client: caller.client })) }),
    ),
  );
  app.post(
    '/magic_links/link_requests/poll',
    endpoint(ctx, { product: 'emailMagicLinks', session: 'optional', schema: requests.LinkRequestPoll, minutes: true, limit: pollLimit }, async ({ c, caller, req, minutes }) =>
      ok(c, { ...(await pollLinkRequest(ctx, { requestId: req.request_id, secret: req.secret, minutes, client: caller.client })) }),
    ),
  );

  return app;
}

/** Link pages opened from one address: generous for people, a wall for a token-guessing loop. */
const linkPageLimit = () => ({ name: 'link-request-page', max: 120, windowSeconds: 60 });
/** Polls from one address across its requests (each request also has its own budget). */
const pollLimit = (ctx: ProviderContext) => ({ name: 'link-request-poll', max: ctx.config.magicLinkRequests.pollsPerMinute * 10, windowSeconds: 60 });
