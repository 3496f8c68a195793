import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';

/**
 * A magic link some tab is waiting on (services/link-requests.ts) redeemed directly, on the
 * device it was opened on (`/magic_links/authenticate`, the server API): refused when the
 * project keeps such links for the asking tab (`magicLinkRequests.linkDeviceSignIn` false),
 * else the waiting tab learns it was spent elsewhere. Runs under the token's row lock
 * (taken first, as the confirmation also takes it first), in the redeeming transaction, so a
 * refusal leaves the token unspent.
 */
export async function settleDirectRedemption(ctx: ProviderContext, tx: Queryable, tokenHash: string): Promise<void> {
  const { rows } = await tx.query<{ status: string }>('SELECT status FROM magic_link_requests WHERE token_hash = $1 FOR UPDATE', [tokenHash]);
  const request = rows[0];
  if (!request) return;
  if (!ctx.config.magicLinkRequests.linkDeviceSignIn) {
    throw new ApiError(403, 'link_request_confirmation_required', 'This link signs in the device that asked for it: enter the code shown there.');
  }
  await tx.query("UPDATE magic_link_requests SET status = 'spent_elsewhere' WHERE token_hash = $1", [tokenHash]);
}
