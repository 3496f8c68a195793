import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { withTx } from '../tx.ts';
import { acceptTotpCode, enrolTotp, hashRecoveryCode, newRecoveryCodes, type TotpStore } from '../totp.ts';

/*
 * A member's authenticator app and its recovery codes (migration 15). The code checks are the
 * B2C ones (services/totp.ts); only the owner differs: a member of one organization.
 */

/** How long an enrolment may wait for its first code, when the caller names no expiry. */
export const DEFAULT_TOTP_EXPIRATION_MINUTES = 60;

export interface CreatedMemberTotp {
  totp_registration_id: string;
  secret: string;
  qr_code: string;
  recovery_codes: string[];
}

/** A member's TOTPs; recovery codes are kept hashed (to spend them) and sealed (to show them again). */
const MEMBER_TOTPS: TotpStore = { table: 'b2b_totps', id: 'totp_registration_id', owner: 'member_id', idPrefix: 'member-totp', storeRecoveryCodes };

/** `enrolTotp` for a member, in the B2B answer's names. */
export async function createMemberTotp(ctx: ProviderContext, tx: Queryable, memberId: string, label: string, expirationMinutes = DEFAULT_TOTP_EXPIRATION_MINUTES): Promise<CreatedMemberTotp> {
  const { id, ...rest } = await enrolTotp(ctx, tx, MEMBER_TOTPS, memberId, label, expirationMinutes);
  return { totp_registration_id: id, ...rest };
}

/** Replaces a TOTP's recovery codes; each is kept hashed (to spend it) and sealed (to show it again). */
async function storeRecoveryCodes(ctx: ProviderContext, tx: Queryable, totpId: string): Promise<string[]> {
  await tx.query('DELETE FROM b2b_recovery_codes WHERE totp_registration_id = $1', [totpId]);
  const codes = newRecoveryCodes();
  for (const code of codes) {
    const hash = hashRecoveryCode(totpId, code);
    await tx.query('INSERT INTO b2b_recovery_codes (code_hash, totp_registration_id, sealed_code) VALUES ($1, $2, $3)', [hash, totpId, ctx.secrets.seal(code, hash)]);
  }
  return codes;
}

/**
 * Checks an authenticator code against the member's TOTPs (`acceptTotpCode`). A first code
 * verifies an enrolment, which then replaces any older TOTP and becomes the member's registration.
 */
export async function verifyMemberTotp(ctx: ProviderContext, tx: Queryable, memberId: string, code: string): Promise<string | null> {
  const accepted = await acceptTotpCode(ctx, tx, MEMBER_TOTPS, memberId, code);
  if (accepted === null) return null;
  if (!accepted.wasVerified) {
    await tx.query('DELETE FROM b2b_totps WHERE member_id = $1 AND totp_registration_id <> $2', [memberId, accepted.id]);
    await tx.query('UPDATE b2b_members SET totp_registration_id = $2, updated_at = $3 WHERE member_id = $1', [memberId, accepted.id, ctx.clock.now()]);
  }
  return accepted.id;
}

/** The member's verified TOTP, if any. */
export async function verifiedTotpId(db: Queryable, memberId: string): Promise<string | null> {
  const { rows } = await db.query<{ totp_registration_id: string }>('SELECT totp_registration_id FROM b2b_totps WHERE member_id = $1 AND verified = true', [memberId]);
  return rows[0]?.totp_registration_id ?? null;
}

/** Spends one recovery code of the member's verified TOTP; returns how many remain, or null. */
export async function redeemMemberRecoveryCode(ctx: ProviderContext, tx: Queryable, memberId: string, code: string): Promise<{ totpId: string; remaining: number } | null> {
  const totpId = await verifiedTotpId(tx, memberId);
  if (!totpId) return null;
  // The conditional update is the single-use guarantee: of two racing requests one matches.
  const used = await tx.query('UPDATE b2b_recovery_codes SET used_at = $3 WHERE code_hash = $1 AND totp_registration_id = $2 AND used_at IS NULL RETURNING code_hash', [
    hashRecoveryCode(totpId, code),
    totpId,
    ctx.clock.now(),
  ]);
  if (used.rows.length === 0) return null;
  const left = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM b2b_recovery_codes WHERE totp_registration_id = $1 AND used_at IS NULL', [totpId]);
  return { totpId, remaining: left.rows[0]!.n };
}

const noTotp = () => new ApiError(404, 'totp_not_found', 'The member has no verified authenticator app, so has no recovery codes.');

/** The member's unused recovery codes, in the clear. */
export async function memberRecoveryCodes(ctx: ProviderContext, db: Queryable, memberId: string): Promise<string[]> {
  const totpId = await verifiedTotpId(db, memberId);
  if (!totpId) throw noTotp();
  const { rows } = await db.query<{ code_hash: string; sealed_code: string }>(
    'SELECT code_hash, sealed_code FROM b2b_recovery_codes WHERE totp_registration_id = $1 AND used_at IS NULL ORDER BY code_hash',
    [totpId],
  );
  return rows.map((r) => ctx.secrets.open(r.sealed_code, r.code_hash));
}

/** Retires the member's recovery codes and issues a fresh set. */
export async function rotateMemberRecoveryCodes(ctx: ProviderContext, memberId: string): Promise<string[]> {
  return withTx(ctx.db, async (tx) => {
    const { rows } = await tx.query<{ totp_registration_id: string }>('SELECT totp_registration_id FROM b2b_totps WHERE member_id = $1 AND verified = true FOR UPDATE', [memberId]);
    if (!rows[0]) throw noTotp();
    return storeRecoveryCodes(ctx, tx, rows[0].totp_registration_id);
  });
}
