import type { ProviderContext, QueuedMessage } from '../../context.ts';
import { ApiError } from '../../errors.ts';
import { redirectUrl } from '../email-tokens.ts';
import { mailB2BLink } from '../magic-link-mail.ts';
import { issueOtp } from '../otp.ts';
import type { ClientInfo } from '../sessions.ts';
import { limitSend, limitSendTo } from '../sends.ts';
import { withTx } from '../tx.ts';
import { normalizeEmail } from '../users.ts';
import { b2bOtpMethodId } from './email-sign-in.ts';
import { memberByEmail, requireAddressFree, requireMember, type MemberRow } from './members.ts';
import type { OrganizationRow } from './organizations.ts';

/** The official self-serve update's link and passcode live five minutes; the address is kept for the member meanwhile. */
export const EMAIL_UPDATE_MINUTES = 5;

/** `startEmailUpdate` as both APIs take it. */
export interface EmailUpdateRequest {
  email_address: string;
  login_redirect_url?: string | undefined;
  locale?: string | undefined;
  login_template_id?: string | undefined;
  delivery_method?: 'EMAIL_MAGIC_LINK' | 'EMAIL_OTP' | undefined;
}

/**
 * Starts a member's self-serve change of address: an active member with a verified address,
 * the new one free in the organization, kept for the member five minutes while a sign-in link
 * (or passcode, `EMAIL_OTP`) goes to it; signing in with that completes the change
 * (memberAtAddress). A later start replaces a waiting one. `client`: a browser's call (send
 * limits per client too); the member answered is unchanged.
 */
export async function startEmailUpdate(ctx: ProviderContext, org: OrganizationRow, memberId: string, r: EmailUpdateRequest, client: ClientInfo | null): Promise<MemberRow> {
  const email = normalizeEmail(r.email_address);
  const byLink = (r.delivery_method ?? 'EMAIL_MAGIC_LINK') === 'EMAIL_MAGIC_LINK';
  const url = byLink ? redirectUrl(ctx, r.login_redirect_url) : '';
  await (client ? limitSend(ctx, email, client) : limitSendTo(ctx, email));
  const sent = await withTx(ctx.db, async (tx) => {
    const member = await requireMember(tx, org.organization_id, memberId, true);
    if (member.status !== 'active') throw new ApiError(400, 'email_updates_available_only_for_active_members', `The member is ${member.status}; only an active member changes its address.`);
    if (!member.email_address_verified) throw new ApiError(400, 'member_has_no_active_verified_email', "The member's current address is not verified.");
    if (email === member.email_address) throw new ApiError(400, 'invalid_email', 'This is already the member’s address.');
    const now = ctx.clock.now();
    await memberByEmail(tx, org.organization_id, email, true);
    await requireAddressFree(tx, org.organization_id, email, memberId, now);
    await tx.query('UPDATE b2b_members SET pending_email_address = $2, pending_email_expires_at = $3 WHERE member_id = $1', [memberId, email, new Date(now.getTime() + EMAIL_UPDATE_MINUTES * 60_000)]);
    const queued: QueuedMessage = byLink
      ? await mailB2BLink(ctx, tx, {
          kind: 'b2b_magic_link',
          subject: { email, organizationId: org.organization_id, memberId },
          url,
          minutes: EMAIL_UPDATE_MINUTES,
          purpose: 'login',
          locale: r.locale,
        })
      : await issueOtp(ctx, tx, 'email', b2bOtpMethodId(org.organization_id, email), null, email, EMAIL_UPDATE_MINUTES, r.locale);
    return { member, queued };
  });
  await ctx.delivery.dispatch(ctx.db, sent.queued);
  return sent.member;
}
