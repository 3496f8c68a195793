import { Hono } from 'hono';
import * as R from '../../../client/schemas/b2b-requests.ts';
import type { ProviderContext } from '../../context.ts';
import { b2bEndpoint, requireAdmin } from '../../http/b2b-endpoint.ts';
import { ApiError, ok } from '../../http/errors.ts';
import { emailFactor, memberEmailId, startDiscovery } from '../../services/b2b/discovery.ts';
import { activateMember, createMember, loadMember, memberByEmail, memberShape } from '../../services/b2b/members.ts';
import { authMethodAllowed, invitesAllowed, jitEligible, organizationShape, requireOrganization } from '../../services/b2b/organizations.ts';
import { carriedFactors, completePrimaryAuth } from '../../services/b2b/primary-auth.ts';
import { claimLink, redirectUrl, requirePkce } from '../../services/email-tokens.ts';
import { mailB2BLink } from '../../services/magic-link-mail.ts';
import { limitSend } from '../../services/sends.ts';
import { withTx } from '../../services/tx.ts';
import { normalizeEmail } from '../../services/users.ts';

/** SPEC §9: a sign-in link lives 30 minutes unless asked otherwise; an invitation a week. */
const LINK_MINUTES = 30;
const INVITE_MINUTES = 7 * 24 * 60;

/** B2B email magic links: discovery send and authenticate, organization login or signup, invite, authenticate. */
export function b2bMagicLinkRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  app.post('/b2b/magic_links/email/discovery/send', b2bEndpoint(ctx, { product: 'emailMagicLinks', session: 'optional', schema: R.MagicLinksDiscoverySend }, async ({ c, caller, req }) => {
    const email = normalizeEmail(req.email_address);
    const url = redirectUrl(ctx, req.discovery_redirect_url);
    requirePkce(ctx, 'emailMagicLinks', req.pkce_code_challenge);
    await limitSend(ctx, email, caller.client);
    const queued = await withTx(ctx.db, (tx) => mailB2BLink(ctx, tx, {
      kind: 'b2b_discovery', subject: { email }, url, minutes: req.discovery_expiration_minutes ?? LINK_MINUTES, codeChallenge: req.pkce_code_challenge, purpose: 'login', locale: req.locale,
    }));
    await ctx.delivery.dispatch(ctx.db, queued);
    return ok(c, {});
  }));

  app.post('/b2b/magic_links/discovery/authenticate', b2bEndpoint(ctx, { product: 'emailMagicLinks', session: 'optional', schema: R.MagicLinksDiscoveryAuthenticate }, async ({ c, req }) => {
    const answer = await withTx(ctx.db, async (tx) => {
      const link = await claimLink(ctx, tx, req.discovery_magic_links_token, ['b2b_discovery'], req.pkce_code_verifier);
      return startDiscovery(ctx, tx, link.email!, emailFactor('magic_link', link.email!, '', ctx.clock.now()));
    });
    return ok(c, answer);
  }));

  app.post('/b2b/magic_links/email/login_or_signup', b2bEndpoint(ctx, { product: 'emailMagicLinks', session: 'optional', schema: R.MagicLinksLoginOrSignup }, async ({ c, caller, req }) => {
    const email = normalizeEmail(req.email_address);
    const loginUrl = redirectUrl(ctx, req.login_redirect_url);
    const signupUrl = redirectUrl(ctx, req.signup_redirect_url ?? req.login_redirect_url);
    requirePkce(ctx, 'emailMagicLinks', req.pkce_code_challenge);
    const org = await requireOrganization(ctx.db, req.organization_id);
    await limitSend(ctx, email, caller.client);
    const queued = await withTx(ctx.db, async (tx) => {
      const now = ctx.clock.now();
      let member = await memberByEmail(tx, org.organization_id, email, true);
      if (!authMethodAllowed(org, 'magic_link') && !member?.is_breakglass) {
        throw new ApiError(403, 'unauthorized_auth_method', 'This organization does not allow sign-in by email magic link.');
      }
      const created = member === null;
      if (!member) {
        if (!jitEligible(org, email)) throw new ApiError(403, 'email_jit_provisioning_not_allowed', "This address is not a member of the organization, and the organization's email domains do not admit it.");
        member = await createMember(tx, ctx.env, now, org.organization_id, { email, status: 'pending' });
      }
      return mailB2BLink(ctx, tx, {
        kind: 'b2b_magic_link', subject: { email, organizationId: org.organization_id, memberId: member.member_id },
        url: created ? signupUrl : loginUrl, minutes: (created ? req.signup_expiration_minutes : req.login_expiration_minutes) ?? LINK_MINUTES,
        codeChallenge: req.pkce_code_challenge, purpose: created ? 'signup' : 'login', locale: req.locale,
      });
    });
    await ctx.delivery.dispatch(ctx.db, queued);
    return ok(c, {});
  }));

  app.post('/b2b/magic_links/email/invite', b2bEndpoint(ctx, { product: 'emailMagicLinks', session: 'required', schema: R.MagicLinksInvite }, async ({ c, caller, req }) => {
    requireAdmin(caller);
    const email = normalizeEmail(req.email_address);
    const url = redirectUrl(ctx, req.invite_redirect_url);
    const org = caller.org;
    if (!invitesAllowed(org, email)) throw new ApiError(403, 'email_invites_not_allowed', "This organization's invitation settings do not admit this address.");
    await limitSend(ctx, email, caller.client);
    const result = await withTx(ctx.db, async (tx) => {
      const now = ctx.clock.now();
      let member = await memberByEmail(tx, org.organization_id, email, true);
      if (member?.status === 'active') throw new ApiError(409, 'member_already_active', 'This address is already an active member of the organization.');
      member ??= await createMember(tx, ctx.env, now, org.organization_id, { email, status: 'invited', name: req.name, roles: req.roles, untrustedMetadata: req.untrusted_metadata });
      const queued = await mailB2BLink(ctx, tx, {
        kind: 'b2b_magic_link', subject: { email, organizationId: org.organization_id, memberId: member.member_id },
        url, minutes: req.invite_expiration_minutes ?? INVITE_MINUTES, purpose: 'invite', locale: req.locale,
      });
      return { member, queued };
    });
    await ctx.delivery.dispatch(ctx.db, result.queued);
    return ok(c, { member_id: result.member.member_id, member: memberShape(result.member), organization: organizationShape(org) });
  }));

  app.post('/b2b/magic_links/authenticate', b2bEndpoint(ctx, { product: 'emailMagicLinks', session: 'optional', schema: R.MagicLinksAuthenticate, minutes: true }, async ({ c, caller, req, minutes }) => {
    const answer = await withTx(ctx.db, async (tx) => {
      const link = await claimLink(ctx, tx, req.magic_links_token, ['b2b_magic_link'], req.pkce_code_verifier);
      const org = await requireOrganization(tx, link.organizationId!);
      const found = await loadMember(tx, link.memberId!, true);
      if (!found) throw new ApiError(404, 'member_not_found', 'Member could not be found.');
      const member = found.status === 'active' && found.email_address_verified ? found : await activateMember(tx, found.member_id, ctx.clock.now());
      const factor = emailFactor('magic_link', member.email_address, memberEmailId(member), ctx.clock.now());
      const priorFactors = await carriedFactors(ctx, tx, req.intermediate_session_token, org, member);
      const out = await completePrimaryAuth(ctx, tx, { org, member, factor, method: 'magic_link', minutes, client: caller.client, currentSessionId: caller.memberSessionId, priorFactors });
      return { ...out, method_id: memberEmailId(member), reset_sessions: false };
    });
    return ok(c, answer);
  }));

  return app;
}
