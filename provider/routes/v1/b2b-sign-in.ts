import { Hono } from 'hono';
import type { ProviderContext } from '../../context.ts';
import { endpoint } from '../../http/endpoint.ts';
import { ApiError } from '../../http/errors.ts';
import { serverOk } from '../../http/server-auth.ts';
import { createOrganizationFromDiscovery, discoverOrganizations, exchangeIntermediateSession } from '../../services/b2b/discovery.ts';
import { authenticateOrganizationLink, authenticateOrganizationOtp, inviteMember, sendOrganizationLink, sendOrganizationOtp } from '../../services/b2b/email-sign-in.ts';
import { readIntermediateSession } from '../../services/b2b/intermediate-sessions.ts';
import { findMemberSession, sessionOwner } from '../../services/b2b/member-sessions.ts';
import { memberAnswer } from '../../services/b2b/members.ts';
import { requireOrganization } from '../../services/b2b/organizations.ts';
import { redirectUrl } from '../../services/email-tokens.ts';
import { limitSendTo } from '../../services/sends.ts';
import { durationMinutes } from '../../services/sessions.ts';
import { normalizeEmail } from '../../services/users.ts';
import { namedMemberSession, SERVER_CLIENT } from './b2b-sessions.ts';
import {
  DiscoveryCreate,
  DiscoveryExchange,
  DiscoveryOrganizations,
  MagicLinksAuthenticate,
  MagicLinksInvite,
  MagicLinksLoginOrSignup,
  OtpEmailAuthenticate,
  OtpEmailLoginOrSignup,
} from './b2b-schemas.ts';

/** Server API B2B sign-in: organization magic links and passcodes, invitations, discovery. */
export function serverB2BSignInRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  app.post(
    '/b2b/magic_links/email/login_or_signup',
    endpoint(ctx, { product: 'emailMagicLinks', session: 'none', schema: MagicLinksLoginOrSignup }, async ({ c, req }) => {
      const { org, ...sent } = await sendOrganizationLink(ctx, req, null);
      return serverOk(c, { ...memberAnswer(sent.member, org), member_created: sent.created });
    }),
  );

  app.post(
    '/b2b/magic_links/email/invite',
    endpoint(ctx, { product: 'emailMagicLinks', session: 'none', schema: MagicLinksInvite }, async ({ c, req }) => {
      const email = normalizeEmail(req.email_address);
      const url = redirectUrl(ctx, req.invite_redirect_url);
      const org = await requireOrganization(ctx.db, req.organization_id);
      await limitSendTo(ctx, email);
      const invited = await inviteMember(ctx, org, email, {
        url,
        minutes: req.invite_expiration_minutes,
        locale: req.locale,
        member: { name: req.name, roles: req.roles, isBreakglass: req.is_breakglass, trustedMetadata: req.trusted_metadata, untrustedMetadata: req.untrusted_metadata },
      });
      await ctx.delivery.dispatch(ctx.db, invited.queued);
      return serverOk(c, memberAnswer(invited.member, org));
    }),
  );

  app.post(
    '/b2b/magic_links/authenticate',
    endpoint(ctx, { session: 'none', schema: MagicLinksAuthenticate }, async ({ c, req }) => {
      const current = await namedMemberSession(ctx, req);
      const answer = await authenticateOrganizationLink(ctx, req.magic_links_token, req.pkce_code_verifier, {
        minutes: durationMinutes(ctx, req.session_duration_minutes),
        client: SERVER_CLIENT,
        currentSessionId: current,
        intermediateSessionToken: req.intermediate_session_token,
      });
      return serverOk(c, answer);
    }),
  );

  app.post(
    '/b2b/otps/email/login_or_signup',
    endpoint(ctx, { product: 'otp', session: 'none', schema: OtpEmailLoginOrSignup }, async ({ c, req }) => {
      const email = normalizeEmail(req.email_address);
      const org = await requireOrganization(ctx.db, req.organization_id);
      await limitSendTo(ctx, email);
      const sent = await sendOrganizationOtp(ctx, org, email, { loginMinutes: req.login_expiration_minutes, signupMinutes: req.signup_expiration_minutes, locale: req.locale });
      await ctx.delivery.dispatch(ctx.db, sent.queued);
      return serverOk(c, { ...memberAnswer(sent.member, org), member_created: sent.created });
    }),
  );

  app.post(
    '/b2b/otps/email/authenticate',
    endpoint(ctx, { product: 'otp', session: 'none', schema: OtpEmailAuthenticate }, async ({ c, req }) => {
      const current = await namedMemberSession(ctx, req);
      const org = await requireOrganization(ctx.db, req.organization_id);
      const answer = await authenticateOrganizationOtp(ctx, org, normalizeEmail(req.email_address), req.code, {
        minutes: durationMinutes(ctx, req.session_duration_minutes),
        client: SERVER_CLIENT,
        currentSessionId: current,
        intermediateSessionToken: req.intermediate_session_token,
      });
      if (!answer) throw new ApiError(401, 'otp_code_not_found', 'The passcode is incorrect, expired or already used.');
      return serverOk(c, answer);
    }),
  );

  app.post(
    '/b2b/discovery/organizations',
    endpoint(ctx, { session: 'none', schema: DiscoveryOrganizations }, async ({ c, req }) => {
      if (req.intermediate_session_token) {
        const ist = await readIntermediateSession(ctx, ctx.db, req.intermediate_session_token);
        return serverOk(c, {
          email_address: ist.email,
          discovered_organizations: await discoverOrganizations(ctx.db, ist.email, ist.factors.at(-1) ?? null, ist.passwordOrganizations ?? null),
          organization_id_hint: ist.organizationId,
        });
      }
      const secret = req.session_token ?? req.session_jwt;
      const session = secret === undefined ? null : await findMemberSession(ctx, ctx.db, secret);
      if (!session) throw new ApiError(400, 'intermediate_session_token_required', 'Name an intermediate session token or a live member session.');
      const { member } = await sessionOwner(ctx.db, session);
      return serverOk(c, { email_address: member.email_address, discovered_organizations: await discoverOrganizations(ctx.db, member.email_address, null), organization_id_hint: null });
    }),
  );

  app.post(
    '/b2b/discovery/intermediate_sessions/exchange',
    endpoint(ctx, { session: 'none', schema: DiscoveryExchange }, async ({ c, req }) => {
      const answer = await exchangeIntermediateSession(ctx, req.intermediate_session_token, req.organization_id, {
        minutes: durationMinutes(ctx, req.session_duration_minutes),
        client: SERVER_CLIENT,
        currentSessionId: null,
      });
      return serverOk(c, answer);
    }),
  );

  app.post(
    '/b2b/discovery/organizations/create',
    endpoint(ctx, { session: 'none', schema: DiscoveryCreate }, async ({ c, req }) => {
      const { intermediate_session_token: token, session_duration_minutes: minutes, ...settings } = req;
      const answer = await createOrganizationFromDiscovery(ctx, token, settings, { minutes: durationMinutes(ctx, minutes), client: SERVER_CLIENT, currentSessionId: null });
      return serverOk(c, answer);
    }),
  );

  return app;
}
