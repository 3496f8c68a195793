import { Hono } from 'hono';
import type { ProviderContext } from '../../context.ts';
import { serverOk } from '../../http/server-auth.ts';
import { endpoint } from '../../http/endpoint.ts';
import { redirectUrl, requirePkce } from '../../services/email-tokens.ts';
import { limitSendTo } from '../../services/sends.ts';
import { inviteByMagicLink, serverAuthenticateMagicLink, serverSendMagicLink } from '../../services/server-passwordless.ts';
import { normalizeEmail } from '../../services/users.ts';
import { MagicLinksAuthenticate, MagicLinksInvite, MagicLinksLoginOrCreate } from './schemas.ts';

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
      const identity = await serverSendMagicLink(ctx, email, {
        loginUrl,
        signupUrl,
        pending: req.create_user_as_pending === true,
        loginMinutes: req.login_expiration_minutes,
        signupMinutes: req.signup_expiration_minutes,
        codeChallenge: req.code_challenge,
        locale: req.locale,
      });
      return serverOk(c, { user_id: identity.userId, email_id: identity.methodId, user_created: identity.created });
    }),
  );

  app.post(
    '/magic_links/email/invite',
    endpoint(ctx, { product: 'emailMagicLinks', session: 'none', schema: MagicLinksInvite }, async ({ c, req }) => {
      const email = normalizeEmail(req.email);
      const url = redirectUrl(ctx, req.invite_magic_link_url);
      await limitSendTo(ctx, email);
      const invited = await inviteByMagicLink(ctx, email, url, {
        name: req.name,
        trustedMetadata: req.trusted_metadata,
        untrustedMetadata: req.untrusted_metadata,
        minutes: req.invite_expiration_minutes,
        locale: req.locale,
      });
      return serverOk(c, { user_id: invited.userId, email_id: invited.emailId });
    }),
  );

  app.post(
    '/magic_links/authenticate',
    endpoint(ctx, { session: 'none', schema: MagicLinksAuthenticate }, async ({ c, req }) => {
      const out = await serverAuthenticateMagicLink(ctx, req.token, req.code_verifier, { ...req, minutes: req.session_duration_minutes });
      return serverOk(c, { ...out, reset_sessions: false });
    }),
  );

  return app;
}
