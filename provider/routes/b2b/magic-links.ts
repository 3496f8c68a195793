import { Hono } from 'hono';
import * as R from '../../../client/schemas/b2b-requests.ts';
import type { ProviderContext } from '../../context.ts';
import { endpoint } from '../../http/endpoint.ts';
import { ok } from '../../http/errors.ts';
import { authenticateDiscoveryLink, sendDiscoveryLink } from '../../services/b2b/discovery-email.ts';
import { authenticateOrganizationLink, inviteMember, sendOrganizationLink } from '../../services/b2b/email-sign-in.ts';
import { memberAnswer } from '../../services/b2b/members.ts';
import { redirectUrl, requirePkce } from '../../services/email-tokens.ts';
import { limitSend } from '../../services/sends.ts';
import { normalizeEmail } from '../../services/users.ts';
import { requirePermission } from '../../services/b2b/rbac.ts';

/** B2B email magic links: discovery send and authenticate, organization login or signup, invite, authenticate. */
export function b2bMagicLinkRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  app.post(
    '/b2b/magic_links/email/discovery/send',
    endpoint(ctx, { as: 'member', product: 'emailMagicLinks', session: 'optional', schema: R.MagicLinksDiscoverySend }, async ({ c, caller, req }) => {
      const email = normalizeEmail(req.email_address);
      const url = redirectUrl(ctx, req.discovery_redirect_url);
      requirePkce(ctx, 'emailMagicLinks', req.pkce_code_challenge);
      await limitSend(ctx, email, caller.client);
      await sendDiscoveryLink(ctx, email, { url, minutes: req.discovery_expiration_minutes, codeChallenge: req.pkce_code_challenge, locale: req.locale });
      return ok(c, {});
    }),
  );

  app.post(
    '/b2b/magic_links/discovery/authenticate',
    endpoint(ctx, { as: 'member', product: 'emailMagicLinks', session: 'optional', schema: R.MagicLinksDiscoveryAuthenticate }, async ({ c, req }) => {
      const answer = await authenticateDiscoveryLink(ctx, req.discovery_magic_links_token, req.pkce_code_verifier);
      return ok(c, answer);
    }),
  );

  app.post(
    '/b2b/magic_links/email/login_or_signup',
    endpoint(ctx, { as: 'member', product: 'emailMagicLinks', session: 'optional', schema: R.MagicLinksLoginOrSignup }, async ({ c, caller, req }) => {
      await sendOrganizationLink(ctx, req, caller.client);
      return ok(c, {});
    }),
  );

  app.post(
    '/b2b/magic_links/email/invite',
    endpoint(ctx, { as: 'member', product: 'emailMagicLinks', session: 'required', schema: R.MagicLinksInvite }, async ({ c, caller, req }) => {
      requirePermission(ctx.config, caller, 'stytch.member', 'create');
      const email = normalizeEmail(req.email_address);
      const url = redirectUrl(ctx, req.invite_redirect_url);
      await limitSend(ctx, email, caller.client);
      const invited = await inviteMember(ctx, caller.org, email, {
        url,
        minutes: req.invite_expiration_minutes,
        locale: req.locale,
        member: { name: req.name, roles: req.roles, untrustedMetadata: req.untrusted_metadata },
      });
      await ctx.delivery.dispatch(ctx.db, invited.queued);
      return ok(c, memberAnswer(invited.member, caller.org));
    }),
  );

  app.post(
    '/b2b/magic_links/authenticate',
    endpoint(ctx, { as: 'member', product: 'emailMagicLinks', session: 'optional', schema: R.MagicLinksAuthenticate, minutes: true }, async ({ c, caller, req, minutes }) => {
      const answer = await authenticateOrganizationLink(ctx, req.magic_links_token, req.pkce_code_verifier, {
        minutes,
        client: caller.client,
        currentSessionId: caller.memberSessionId,
        intermediateSessionToken: req.intermediate_session_token,
      });
      return ok(c, answer);
    }),
  );

  return app;
}
