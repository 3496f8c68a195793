import { Hono } from 'hono';
import { requests } from '../../client/schemas/index.ts';
import type { ProviderContext } from '../context.ts';
import { endpoint } from '../http/endpoint.ts';
import { ok } from '../http/errors.ts';
import { redirectUrl, requirePkce } from '../services/email-tokens.ts';
import { confirmLink, lookupLink, pollLinkRequest } from '../services/link-requests.ts';
import { authenticateMagicLink, sendMagicLink, type SendMode } from '../services/passwordless-sign-in.ts';
import { limitSend } from '../services/sends.ts';
import { normalizeEmail } from '../services/users.ts';

/** Email magic links: login_or_create, send/primary, send/secondary and authenticate. */
export function magicLinkRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  const send = (mode: SendMode) =>
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
        const result = await sendMagicLink(ctx, mode, email, caller.userId, {
          loginUrl,
          signupUrl,
          loginMinutes: req.login_expiration_minutes,
          signupMinutes: req.signup_expiration_minutes,
          codeChallenge: req.code_challenge,
          locale: req.locale,
          pending: 'create_user_as_pending' in req && req.create_user_as_pending === true,
          linkRequest: 'link_request' in req && req.link_request === true,
        });
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
      const issued = await authenticateMagicLink(ctx, req.token, req.code_verifier, minutes, caller);
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
