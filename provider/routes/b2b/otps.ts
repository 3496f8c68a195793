import { Hono } from 'hono';
import * as R from '../../../client/schemas/b2b-requests.ts';
import type { ProviderContext } from '../../context.ts';
import { b2bEndpoint } from '../../http/b2b-endpoint.ts';
import { ApiError, ok } from '../../http/errors.ts';
import { emailFactor, memberEmailId, startDiscovery } from '../../services/b2b/discovery.ts';
import { activateMember, createMember, memberByEmail } from '../../services/b2b/members.ts';
import { authMethodAllowed, jitEligible, requireOrganization } from '../../services/b2b/organizations.ts';
import { carriedFactors, completePrimaryAuth } from '../../services/b2b/primary-auth.ts';
import { issueOtp, redeemB2BOtp } from '../../services/otp.ts';
import { limitSend } from '../../services/sends.ts';
import { withTx } from '../../services/tx.ts';
import { normalizeEmail } from '../../services/users.ts';

/**
 * A B2B email passcode is keyed by its address and scope (discovery, or one organization),
 * so a code sent for one organization never signs in to another.
 */
export function b2bOtpMethodId(organizationId: string | null, email: string): string {
  return `b2b-email:${organizationId ?? 'discovery'}:${email}`;
}

const wrongCode = () => new ApiError(401, 'otp_code_not_found', 'The passcode is incorrect, expired or already used.');

/** B2B email OTP: discovery send and authenticate, organization login or signup and authenticate. */
export function b2bOtpRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  app.post('/b2b/otps/email/discovery/send', b2bEndpoint(ctx, { product: 'otp', session: 'optional', schema: R.OtpEmailDiscoverySend }, async ({ c, caller, req }) => {
    const email = normalizeEmail(req.email_address);
    await limitSend(ctx, email, caller.client);
    const queued = await withTx(ctx.db, (tx) => issueOtp(ctx, tx, 'email', b2bOtpMethodId(null, email), null, email, req.discovery_expiration_minutes, req.locale));
    await ctx.delivery.dispatch(ctx.db, queued);
    return ok(c, {});
  }));

  app.post('/b2b/otps/email/discovery/authenticate', b2bEndpoint(ctx, { product: 'otp', session: 'optional', schema: R.OtpEmailDiscoveryAuthenticate }, async ({ c, req }) => {
    const email = normalizeEmail(req.email_address);
    // One transaction: the redemption (or the counted wrong guess) and the intermediate session commit together.
    const answer = await withTx(ctx.db, async (tx) => {
      if (!(await redeemB2BOtp(ctx, tx, b2bOtpMethodId(null, email), req.code))) return null;
      return startDiscovery(ctx, tx, email, emailFactor('otp', email, '', ctx.clock.now()));
    });
    if (!answer) throw wrongCode();
    return ok(c, answer);
  }));

  app.post('/b2b/otps/email/login_or_signup', b2bEndpoint(ctx, { product: 'otp', session: 'optional', schema: R.OtpEmailLoginOrSignup }, async ({ c, caller, req }) => {
    const email = normalizeEmail(req.email_address);
    const org = await requireOrganization(ctx.db, req.organization_id);
    await limitSend(ctx, email, caller.client);
    const queued = await withTx(ctx.db, async (tx) => {
      const member = await memberByEmail(tx, org.organization_id, email, true);
      if (!authMethodAllowed(org, 'email_otp') && !member?.is_breakglass) {
        throw new ApiError(403, 'unauthorized_auth_method', 'This organization does not allow sign-in by email passcode.');
      }
      if (!member) {
        if (!jitEligible(org, email)) throw new ApiError(403, 'email_jit_provisioning_not_allowed', "This address is not a member of the organization, and the organization's email domains do not admit it.");
        await createMember(tx, ctx.env, ctx.clock.now(), org.organization_id, { email, status: 'pending' });
      }
      const minutes = (member ? req.login_expiration_minutes : req.signup_expiration_minutes) ?? undefined;
      return issueOtp(ctx, tx, 'email', b2bOtpMethodId(org.organization_id, email), null, email, minutes, req.locale);
    });
    await ctx.delivery.dispatch(ctx.db, queued);
    return ok(c, {});
  }));

  app.post('/b2b/otps/email/authenticate', b2bEndpoint(ctx, { product: 'otp', session: 'optional', schema: R.OtpEmailAuthenticate, minutes: true }, async ({ c, caller, req, minutes }) => {
    const email = normalizeEmail(req.email_address);
    const org = await requireOrganization(ctx.db, req.organization_id);
    const answer = await withTx(ctx.db, async (tx) => {
      if (!(await redeemB2BOtp(ctx, tx, b2bOtpMethodId(org.organization_id, email), req.code))) return null;
      const found = await memberByEmail(tx, org.organization_id, email, true);
      if (!found) throw new ApiError(404, 'member_not_found', 'Member could not be found.');
      const member = found.status === 'active' && found.email_address_verified ? found : await activateMember(tx, found.member_id, ctx.clock.now());
      const factor = emailFactor('otp', email, memberEmailId(member), ctx.clock.now());
      const priorFactors = await carriedFactors(ctx, tx, req.intermediate_session_token, org, member);
      const out = await completePrimaryAuth(ctx, tx, { org, member, factor, method: 'email_otp', minutes, client: caller.client, currentSessionId: caller.memberSessionId, priorFactors });
      return { ...out, method_id: memberEmailId(member) };
    });
    if (!answer) throw wrongCode();
    return ok(c, answer);
  }));

  return app;
}
