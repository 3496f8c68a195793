import type { ProviderContext } from '../../context.ts';
import { ApiError } from '../../errors.ts';
import { claimLink } from '../email-tokens.ts';
import { mailB2BLink } from '../magic-link-mail.ts';
import { issueOtp, redeemB2BOtp } from '../otp.ts';
import { withTx } from '../tx.ts';
import { emailFactor, startDiscovery } from './discovery.ts';
import { b2bOtpMethodId, LINK_MINUTES } from './email-sign-in.ts';

/*
 * Discovery by email: a link or a passcode that proves an address before any organization is
 * chosen, answered with an intermediate session and the address's organizations. Each call
 * opens its own transaction; a send dispatches its message after commit.
 */

/** `magic_links/email/discovery/send`: a discovery link to the address. */
export async function sendDiscoveryLink(
  ctx: ProviderContext,
  email: string,
  o: { url: string; minutes?: number | undefined; codeChallenge?: string | undefined; locale?: string | undefined },
): Promise<void> {
  const queued = await withTx(ctx.db, (tx) =>
    mailB2BLink(ctx, tx, { kind: 'b2b_discovery', subject: { email }, url: o.url, minutes: o.minutes ?? LINK_MINUTES, codeChallenge: o.codeChallenge, purpose: 'login', locale: o.locale }),
  );
  await ctx.delivery.dispatch(ctx.db, queued);
}

/** `magic_links/discovery/authenticate`: the link spent and discovery started for its address. */
export function authenticateDiscoveryLink(ctx: ProviderContext, token: string, verifier: string | undefined): Promise<Record<string, unknown>> {
  return withTx(ctx.db, async (tx) => {
    const link = await claimLink(ctx, tx, token, ['b2b_discovery'], verifier);
    return startDiscovery(ctx, tx, link.email!, emailFactor('magic_link', link.email!, '', ctx.clock.now()));
  });
}

/** `otps/email/discovery/send`: a discovery passcode to the address. */
export async function sendDiscoveryOtp(ctx: ProviderContext, email: string, o: { minutes?: number | undefined; locale?: string | undefined }): Promise<void> {
  const queued = await withTx(ctx.db, (tx) => issueOtp(ctx, tx, 'email', b2bOtpMethodId(null, email), null, email, o.minutes, o.locale));
  await ctx.delivery.dispatch(ctx.db, queued);
}

/** `otps/email/discovery/authenticate`: the passcode spent (or the wrong guess counted) and discovery started, in one transaction. */
export async function authenticateDiscoveryOtp(ctx: ProviderContext, email: string, code: string): Promise<Record<string, unknown>> {
  const answer = await withTx(ctx.db, async (tx) => {
    if (!(await redeemB2BOtp(ctx, tx, b2bOtpMethodId(null, email), code))) return null;
    return startDiscovery(ctx, tx, email, emailFactor('otp', email, '', ctx.clock.now()));
  });
  if (!answer) throw new ApiError(401, 'otp_code_not_found', 'The passcode is incorrect, expired or already used.');
  return answer;
}
