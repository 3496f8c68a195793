import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { emailLinkFactor, redeemEmailToken } from './email-tokens.ts';
import { newId, otpCode, safeEqual, secretToken, sha256 } from './ids.ts';
import { hit } from './limits.ts';
import { startOrExtend, type ClientInfo, type Issued } from './sessions.ts';
import { withTx } from './tx.ts';

/*
 * Cross-device magic links (issue 32): a send with `link_request` opens a request bound to the
 * new token. The asking tab gets the request's id, a 256-bit secret and a short code; the
 * link's page (any device, any browser) asks for that code and confirms by POST, which spends
 * the token and approves the request; the asking tab's poll, with the secret, then takes the
 * session once. Nothing here, nor anywhere, spends a token on a GET, so a mail scanner that
 * fetches the link (and follows its redirects) changes nothing.
 */

/** Digits of the code the asking tab shows and the link's page asks for. */
export const LINK_CODE_DIGITS = 3;

/** What the asking tab receives with the send; the secret exists nowhere else in plain text. */
export interface LinkRequestGrant {
  request_id: string;
  secret: string;
  code: string;
  expires_at: string;
}

/** Opens a request bound to `token` (just issued in `tx`), living as long as the token. */
export async function openLinkRequest(ctx: ProviderContext, tx: Queryable, token: string): Promise<LinkRequestGrant> {
  const grant = { request_id: newId('link-request', ctx.env), secret: secretToken(32), code: otpCode(LINK_CODE_DIGITS) };
  const { rows } = await tx.query<{ expires_at: Date }>(
    `INSERT INTO magic_link_requests (request_id, secret_hash, code, token_hash, status, created_at, expires_at)
     SELECT $1, $2, $3, token_hash, 'pending', $5, expires_at FROM email_tokens WHERE token_hash = $4 RETURNING expires_at`,
    [grant.request_id, sha256(grant.secret), grant.code, sha256(token), ctx.clock.now()],
  );
  return { ...grant, expires_at: new Date(rows[0]!.expires_at).toISOString() };
}

const unusable = () => new ApiError(404, 'unable_to_auth_magic_link', 'The link is incorrect, expired or already used.');

/**
 * What the link's page needs to know before anything is spent: whether some tab waits on the
 * link (then it asks for the code) and whether this device may sign in itself. Reads only.
 */
export async function lookupLink(ctx: ProviderContext, token: string): Promise<{ link_request: { expires_at: string; link_device_sign_in: boolean } | null }> {
  const { rows } = await ctx.db.query<{ kind: string; used_at: Date | null; expires_at: Date; request_status: string | null }>(
    `SELECT t.kind, t.used_at, t.expires_at, r.status AS request_status FROM email_tokens t LEFT JOIN magic_link_requests r ON r.token_hash = t.token_hash WHERE t.token_hash = $1`,
    [sha256(token)],
  );
  const row = rows[0];
  if (!row || row.kind !== 'magic_link' || row.used_at || new Date(row.expires_at) <= ctx.clock.now()) throw unusable();
  if (row.request_status === null) return { link_request: null };
  return { link_request: { expires_at: new Date(row.expires_at).toISOString(), link_device_sign_in: ctx.config.magicLinkRequests.linkDeviceSignIn } };
}

/**
 * The link's page confirms with the code: under the token's row lock (then the request's, the
 * order every redemption takes), a wrong code is counted and `codeAttempts` of them burn the
 * link; the right one spends the token and approves the request. With `signInHere` (when the
 * project allows it) this device gets a session too. Parallel confirmations: one approves, the
 * rest find the token spent.
 */
export async function confirmLink(
  ctx: ProviderContext,
  p: { token: string; code: string; signInHere: boolean; minutes: number; client: ClientInfo },
): Promise<{ status: 'approved' } | ({ status: 'approved' } & Issued & { method_id: string; reset_sessions: false })> {
  if (p.signInHere && !ctx.config.magicLinkRequests.linkDeviceSignIn) {
    throw new ApiError(403, 'link_request_confirmation_required', 'This link signs in the device that asked for it: enter the code shown there.');
  }
  const attempts = ctx.config.magicLinkRequests.codeAttempts;
  const outcome = await withTx(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const tokens = await tx.query<{ kind: string; used_at: Date | null; expires_at: Date }>('SELECT kind, used_at, expires_at FROM email_tokens WHERE token_hash = $1 FOR UPDATE', [sha256(p.token)]);
    const t = tokens.rows[0];
    if (!t || t.kind !== 'magic_link' || t.used_at || new Date(t.expires_at) <= now) throw unusable();
    const requests = await tx.query<{ request_id: string; code: string; status: string; failed_codes: number }>(
      'SELECT request_id, code, status, failed_codes FROM magic_link_requests WHERE token_hash = $1 FOR UPDATE',
      [sha256(p.token)],
    );
    const r = requests.rows[0];
    if (!r) throw new ApiError(400, 'link_request_not_found', 'No device is waiting on this link: sign in with it directly.');
    if (r.status !== 'pending') throw unusable();
    if (!safeEqual(p.code.trim(), r.code)) {
      const failed = r.failed_codes + 1;
      const locked = failed >= attempts;
      await tx.query('UPDATE magic_link_requests SET failed_codes = $2, status = $3 WHERE request_id = $1', [r.request_id, failed, locked ? 'locked' : 'pending']);
      // A link whose code was missed too often is burnt: neither device may use it.
      if (locked) await tx.query('UPDATE email_tokens SET used_at = $2 WHERE token_hash = $1', [sha256(p.token), now]);
      return { wrong: true as const, left: attempts - failed };
    }
    const redeemed = await redeemEmailToken(ctx, tx, p.token, ['magic_link'], undefined, { viaRequest: true });
    await tx.query("UPDATE magic_link_requests SET status = 'approved', user_id = $2, email_id = $3 WHERE request_id = $1", [r.request_id, redeemed.userId, redeemed.emailId]);
    if (!p.signInHere) return { wrong: false as const, issued: null };
    const issued = await startOrExtend(ctx, tx, redeemed.userId, emailLinkFactor(now, redeemed.emailId), p.minutes, p.client, null);
    return { wrong: false as const, issued: { ...issued, method_id: redeemed.emailId, reset_sessions: false as const } };
  });
  if (outcome.wrong) {
    if (outcome.left <= 0) throw new ApiError(429, 'link_request_locked', 'Too many wrong codes: this link no longer works. Ask for a new one.');
    throw new ApiError(400, 'invalid_link_code', `That is not the code shown on the device that asked for the link. ${outcome.left} ${outcome.left === 1 ? 'try' : 'tries'} left.`);
  }
  return outcome.issued ? { status: 'approved', ...outcome.issued } : { status: 'approved' };
}

/** Where a request stands, as its poll answers it; `approved` comes with the session, once. */
export type LinkRequestStatus = 'pending' | 'approved' | 'redeemed' | 'expired' | 'locked' | 'spent_elsewhere';

/**
 * The asking tab's poll: with the request's secret, `pending` until the link is confirmed, then
 * the session (the authenticate answer) exactly once, by one conditional update; later polls
 * read `redeemed`. Each request has `pollsPerMinute` polls a minute (429 with Retry-After).
 */
export async function pollLinkRequest(
  ctx: ProviderContext,
  p: { requestId: string; secret: string; minutes: number; client: ClientInfo },
): Promise<{ status: Exclude<LinkRequestStatus, 'approved'> } | ({ status: 'approved' } & Issued & { method_id: string; reset_sessions: false })> {
  const now = ctx.clock.now();
  await hit(ctx.db, `link-request-poll:${p.requestId}`, ctx.config.magicLinkRequests.pollsPerMinute, 60, now);
  return withTx(ctx.db, async (tx) => {
    const taken = await tx.query<{ user_id: string; email_id: string }>(
      "UPDATE magic_link_requests SET status = 'redeemed' WHERE request_id = $1 AND secret_hash = $2 AND status = 'approved' RETURNING user_id, email_id",
      [p.requestId, sha256(p.secret)],
    );
    const won = taken.rows[0];
    if (won) {
      const issued = await startOrExtend(ctx, tx, won.user_id, emailLinkFactor(now, won.email_id), p.minutes, p.client, null);
      return { status: 'approved' as const, ...issued, method_id: won.email_id, reset_sessions: false as const };
    }
    const { rows } = await tx.query<{ status: LinkRequestStatus; expires_at: Date }>('SELECT status, expires_at FROM magic_link_requests WHERE request_id = $1 AND secret_hash = $2', [
      p.requestId,
      sha256(p.secret),
    ]);
    const row = rows[0];
    if (!row) throw new ApiError(404, 'link_request_not_found', 'The link request is unknown.');
    if (row.status === 'pending' && new Date(row.expires_at) <= now) return { status: 'expired' as const };
    return { status: row.status as Exclude<LinkRequestStatus, 'approved'> };
  });
}
