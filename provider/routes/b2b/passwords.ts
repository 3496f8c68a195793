import { Hono } from 'hono';
import * as P from '../../../client/schemas/b2b-password-requests.ts';
import type { ProviderContext } from '../../context.ts';
import { b2bEndpoint } from '../../http/b2b-endpoint.ts';
import { ApiError, ok } from '../../http/errors.ts';
import { memberEmailId } from '../../services/b2b/discovery.ts';
import { checkMemberPassword, passwordFactor, revokeOtherMemberSessions, setMemberPassword } from '../../services/b2b/member-passwords.ts';
import { activateMember, loadMember, memberByEmail, type MemberRow } from '../../services/b2b/members.ts';
import { authMethodAllowed, requireOrganization, type OrganizationRow } from '../../services/b2b/organizations.ts';
import { carriedFactors, completePrimaryAuth } from '../../services/b2b/primary-auth.ts';
import { claimLink, issueLink, redirectUrl, requirePkce } from '../../services/email-tokens.ts';
import { hashPassword } from '../../services/hashing.ts';
import { resolveLocale } from '../../services/messages/locale.ts';
import { resetMessage } from '../../services/messages/templates.ts';
import { requireStrong } from '../../services/passwords.ts';
import { limitSend } from '../../services/sends.ts';
import { checkStrength } from '../../services/strength.ts';
import { withTx } from '../../services/tx.ts';
import { normalizeEmail } from '../../services/users.ts';

/** How long a reset link lives unless the caller asks otherwise (as B2C). */
const RESET_MINUTES = 30;

/**
 * A password is only set in an organization that accepts password sign-in (or for its
 * break-glass members): a reset must not change a credential the organization will not take.
 */
function requirePasswordsAllowed(org: OrganizationRow, member: Pick<MemberRow, 'is_breakglass'> | null): void {
  if (!authMethodAllowed(org, 'password') && !member?.is_breakglass) {
    throw new ApiError(403, 'unauthorized_auth_method', 'This organization does not allow sign-in by password.');
  }
}

/**
 * B2B passwords: organization sign-in, strength check, and the three resets. Each proven
 * password ends in `completePrimaryAuth`, so an organization that requires MFA (or a member who
 * enrolled) gets an intermediate session, never a member session, from a password alone.
 */
export function b2bPasswordRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  const spec = { product: 'passwords', session: 'optional' } as const;

  app.post('/b2b/passwords/strength_check', b2bEndpoint(ctx, { ...spec, schema: P.PasswordsStrengthCheck }, async ({ c, req }) => {
    return ok(c, { ...checkStrength(ctx.config.passwordPolicy, req.password, req.email_address) });
  }));

  app.post('/b2b/passwords/authenticate', b2bEndpoint(ctx, { ...spec, schema: P.PasswordsAuthenticate, minutes: true }, async ({ c, caller, req, minutes }) => {
    const email = normalizeEmail(req.email_address);
    const org = await requireOrganization(ctx.db, req.organization_id);
    const checked = await checkMemberPassword(ctx, org, email, req.password, caller.client.ip);
    const answer = await withTx(ctx.db, async (tx) => {
      const member = await loadMember(tx, checked.member_id, true);
      if (!member) throw new ApiError(401, 'unauthorized_credentials', 'The email or password is incorrect.');
      const priorFactors = await carriedFactors(ctx, tx, req.intermediate_session_token, org, member);
      return completePrimaryAuth(ctx, tx, {
        org, member, factor: passwordFactor(member, ctx.clock.now()), method: 'password', minutes, client: caller.client, currentSessionId: caller.memberSessionId, priorFactors,
      });
    });
    return ok(c, answer);
  }));

  app.post('/b2b/passwords/email/reset/start', b2bEndpoint(ctx, { ...spec, schema: P.PasswordsResetByEmailStart }, async ({ c, caller, req }) => {
    const email = normalizeEmail(req.email_address);
    const url = redirectUrl(ctx, req.reset_password_redirect_url);
    requirePkce(ctx, 'passwordResets', req.code_challenge);
    const org = await requireOrganization(ctx.db, req.organization_id);
    await limitSend(ctx, email, caller.client);
    const minutes = req.reset_password_expiration_minutes ?? RESET_MINUTES;
    const queued = await withTx(ctx.db, async (tx) => {
      const member = await memberByEmail(tx, org.organization_id, email);
      // An address that is not a member gets the same answer and no mail: nothing to enumerate.
      if (!member) return;
      requirePasswordsAllowed(org, member);
      const link = await issueLink(ctx, tx, 'b2b_password_reset', { email, organizationId: org.organization_id, memberId: member.member_id }, url, minutes, req.code_challenge);
      return ctx.delivery.send(tx, resetMessage(ctx.config, resolveLocale(req.locale), email, link, minutes));
    });
    // Quiet: a delivery error would tell the caller that the address is a member.
    await ctx.delivery.dispatch(ctx.db, queued, { quiet: true });
    return ok(c, {});
  }));

  app.post('/b2b/passwords/email/reset', b2bEndpoint(ctx, { ...spec, schema: P.PasswordsResetByEmail, minutes: true }, async ({ c, caller, req, minutes }) => {
    requireStrong(ctx, req.password);
    const hash = await hashPassword(req.password);
    const answer = await withTx(ctx.db, async (tx) => {
      // Spent under a row lock: of two resets racing with one link, one sets the password.
      const link = await claimLink(ctx, tx, req.password_reset_token, ['b2b_password_reset'], req.code_verifier);
      const org = await requireOrganization(tx, link.organizationId!);
      const found = await loadMember(tx, link.memberId!, true);
      if (!found) throw new ApiError(404, 'member_not_found', 'Member could not be found.');
      requirePasswordsAllowed(org, found);
      // The link proved the address: an invited or pending member becomes active.
      if (found.status !== 'active' || !found.email_address_verified) await activateMember(tx, found.member_id, ctx.clock.now());
      const member = await setMemberPassword(ctx, tx, found.member_id, hash);
      await revokeOtherMemberSessions(ctx, tx, member.member_id, null);
      const priorFactors = await carriedFactors(ctx, tx, req.intermediate_session_token, org, member);
      const out = await completePrimaryAuth(ctx, tx, {
        org, member, factor: passwordFactor(member, ctx.clock.now()), method: 'password', minutes, client: caller.client, currentSessionId: null, priorFactors,
      });
      return { ...out, member_email_id: memberEmailId(member) };
    });
    return ok(c, answer);
  }));

  app.post('/b2b/passwords/existing_password/reset', b2bEndpoint(ctx, { ...spec, schema: P.PasswordsResetByExisting, minutes: true }, async ({ c, caller, req, minutes }) => {
    const email = normalizeEmail(req.email_address);
    requireStrong(ctx, req.new_password, email);
    const org = await requireOrganization(ctx.db, req.organization_id);
    const checked = await checkMemberPassword(ctx, org, email, req.existing_password, caller.client.ip);
    requirePasswordsAllowed(org, checked);
    const hash = await hashPassword(req.new_password);
    const answer = await withTx(ctx.db, async (tx) => {
      const member = await setMemberPassword(ctx, tx, checked.member_id, hash);
      await revokeOtherMemberSessions(ctx, tx, member.member_id, null);
      return completePrimaryAuth(ctx, tx, {
        org, member, factor: passwordFactor(member, ctx.clock.now()), method: 'password', minutes, client: caller.client, currentSessionId: null,
      });
    });
    return ok(c, answer);
  }));

  app.post('/b2b/passwords/session/reset', b2bEndpoint(ctx, { product: 'passwords', session: 'required', schema: P.PasswordsResetBySession, minutes: true }, async ({ c, caller, req, minutes }) => {
    requirePasswordsAllowed(caller.org, caller.member);
    requireStrong(ctx, req.password, caller.member.email_address);
    const hash = await hashPassword(req.password);
    const answer = await withTx(ctx.db, async (tx) => {
      const member = await setMemberPassword(ctx, tx, caller.member.member_id, hash);
      await revokeOtherMemberSessions(ctx, tx, member.member_id, caller.memberSessionId);
      // The caller's session already passed the organization's MFA; it is extended with the password.
      return completePrimaryAuth(ctx, tx, {
        org: caller.org, member, factor: passwordFactor(member, ctx.clock.now()), method: 'password', minutes, client: caller.client, currentSessionId: caller.memberSessionId,
      });
    });
    return ok(c, answer);
  }));

  return app;
}
