import * as OTPAuth from 'otpauth';
import type { ProviderContext } from '../context.ts';
import type { Database, Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { newId, sha256 } from './ids.ts';
import { withTx } from './tx.ts';

/** RFC 6238 parameters every authenticator app understands. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** 20 bytes = 160 bits, RFC 4226's recommended secret length. */
const SECRET_BYTES = 20;
/** Codes from the previous and the next step still count, for clock drift between devices. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

function totpFor(ctx: ProviderContext, secret: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: ctx.config.name,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** A recovery code as users copy it: 12 base32 letters in three groups, about 60 bits. */
function recoveryCode(): string {
  const letters = new OTPAuth.Secret({ size: 8 }).base32.slice(0, 12).toLowerCase();
  return `${letters.slice(0, 4)}-${letters.slice(4, 8)}-${letters.slice(8, 12)}`;
}

/** Recovery codes compare without case, spaces or dashes, since people retype them. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** Codes are stored as hashes salted with their TOTP's id. */
export function hashRecoveryCode(totpId: string, code: string): string {
  return sha256(`${totpId}:${normalizeRecoveryCode(code)}`);
}

/** A fresh set of recovery codes in the clear (B2C users and B2B members alike). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
}

/** A fresh base32 secret for an authenticator app. */
function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: SECRET_BYTES }).base32;
}

/** The otpauth:// URI as a QR code data URL, for the app to scan (qrcode loaded with the first enrolment). */
async function totpQrCode(ctx: ProviderContext, secret: string, label: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toDataURL(totpFor(ctx, secret, label).toString(), { errorCorrectionLevel: 'M', margin: 2 });
}

/**
 * The time step `code` belongs to, if it is valid one step either side of now and later than
 * `lastStep`; null otherwise. Recording the returned step makes each code single-use.
 */
function acceptedTotpStep(ctx: ProviderContext, secret: string, code: string, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = ctx.clock.now().getTime();
  const delta = totpFor(ctx, secret, 'check').validate({ token: code, timestamp, window: WINDOW });
  if (delta === null) return null;
  const step = Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/**
 * Codes are stored only as hashes, so they cannot be shown again: asking for them issues a
 * fresh set for each of the user's verified TOTPs and retires the old ones.
 */
export async function reissueAllRecoveryCodes(db: Database, userId: string): Promise<Array<{ totp_id: string; verified: true; recovery_codes: string[] }>> {
  return withTx(db, async (tx) => {
    const { rows } = await tx.query<{ totp_id: string }>('SELECT totp_id FROM totps WHERE user_id = $1 AND verified = true ORDER BY created_at FOR UPDATE', [userId]);
    const out = [];
    for (const { totp_id } of rows) out.push({ totp_id, verified: true as const, recovery_codes: await issueRecoveryCodes(tx, totp_id) });
    return out;
  });
}

/** Replaces the TOTP's recovery codes with a fresh set and returns them in the clear, once. */
export async function issueRecoveryCodes(tx: Queryable, totpId: string): Promise<string[]> {
  await tx.query('DELETE FROM totp_recovery_codes WHERE totp_id = $1', [totpId]);
  const codes = newRecoveryCodes();
  for (const code of codes) {
    await tx.query('INSERT INTO totp_recovery_codes (code_hash, totp_id) VALUES ($1, $2)', [hashRecoveryCode(totpId, code), totpId]);
  }
  return codes;
}

/**
 * Where one product line keeps its authenticator apps: the table, its id and owner columns, and
 * how a TOTP's recovery codes are stored. B2C users and B2B members enrol and check codes by the
 * same rules; only these differ.
 */
export interface TotpStore {
  table: 'totps' | 'b2b_totps';
  id: 'totp_id' | 'totp_registration_id';
  owner: 'user_id' | 'member_id';
  /** The prefix of a new TOTP's id. */
  idPrefix: string;
  /** Replaces the TOTP's recovery codes with a fresh set and returns them in the clear. */
  storeRecoveryCodes: (ctx: ProviderContext, tx: Queryable, totpId: string) => Promise<string[]>;
}

/** A B2C user's TOTPs. */
export const USER_TOTPS: TotpStore = { table: 'totps', id: 'totp_id', owner: 'user_id', idPrefix: 'totp', storeRecoveryCodes: (_ctx, tx, totpId) => issueRecoveryCodes(tx, totpId) };

/** An enrolment just started: the secret and codes are shown this once. */
export interface Enrolment {
  id: string;
  secret: string;
  qr_code: string;
  recovery_codes: string[];
}

/**
 * Starts an enrolment: an unverified TOTP with a fresh set of recovery codes. It becomes usable
 * once a code from it is accepted, which must happen within `expirationMinutes`. An abandoned,
 * never-verified enrolment is replaced rather than piling up; a verified TOTP stays.
 */
export async function enrolTotp(ctx: ProviderContext, tx: Queryable, store: TotpStore, ownerId: string, label: string, expirationMinutes: number): Promise<Enrolment> {
  if (!Number.isInteger(expirationMinutes) || expirationMinutes < 5 || expirationMinutes > 1440) {
    throw new ApiError(400, 'invalid_expiration', 'expiration_minutes must be an integer from 5 to 1440.');
  }
  const now = ctx.clock.now();
  const secret = newTotpSecret();
  const id = newId(store.idPrefix, ctx.env);
  await tx.query(`DELETE FROM ${store.table} WHERE ${store.owner} = $1 AND verified = false`, [ownerId]);
  await tx.query(`INSERT INTO ${store.table} (${store.id}, ${store.owner}, secret, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`, [
    id,
    ownerId,
    ctx.secrets.seal(secret, id),
    now,
    new Date(now.getTime() + expirationMinutes * 60_000),
  ]);
  const recovery_codes = await store.storeRecoveryCodes(ctx, tx, id);
  const qr_code = await totpQrCode(ctx, secret, label);
  return { id, secret, qr_code, recovery_codes };
}

export interface CreatedTotp {
  totp_id: string;
  secret: string;
  qr_code: string;
  recovery_codes: string[];
}

/** `enrolTotp` for a user, in the B2C answer's names. */
export async function createTotp(ctx: ProviderContext, tx: Queryable, userId: string, label: string, expirationMinutes: number): Promise<CreatedTotp> {
  const { id, ...rest } = await enrolTotp(ctx, tx, USER_TOTPS, userId, label, expirationMinutes);
  return { totp_id: id, ...rest };
}

/**
 * Checks a code against the owner's TOTPs (locked, newest first, so parallel codes are judged
 * one at a time). A code is accepted one step either side of now, and never twice: the step it
 * belongs to is recorded, and that step or any earlier one is refused afterwards, so a code seen
 * over a shoulder cannot be replayed. Returns the TOTP and whether it was verified before.
 */
export async function acceptTotpCode(ctx: ProviderContext, tx: Queryable, store: TotpStore, ownerId: string, code: string): Promise<{ id: string; wasVerified: boolean } | null> {
  const { rows } = await tx.query<{ id: string; secret: string; verified: boolean; expires_at: Date; last_step: string | null }>(
    `SELECT ${store.id} AS id, secret, verified, expires_at, last_step FROM ${store.table} WHERE ${store.owner} = $1 ORDER BY created_at DESC FOR UPDATE`,
    [ownerId],
  );
  const now = ctx.clock.now();
  for (const row of rows.filter((r) => r.verified || new Date(r.expires_at) > now)) {
    const step = acceptedTotpStep(ctx, ctx.secrets.open(row.secret, row.id), code, row.last_step === null ? null : Number(row.last_step));
    if (step === null) continue;
    await tx.query(`UPDATE ${store.table} SET last_step = $2, verified = true WHERE ${store.id} = $1`, [row.id, step]);
    return { id: row.id, wasVerified: row.verified };
  }
  return null;
}

/** Checks a code against the user's TOTPs (`acceptTotpCode`); the TOTP's id, or null. */
export async function verifyTotpCode(ctx: ProviderContext, tx: Queryable, userId: string, code: string): Promise<string | null> {
  return (await acceptTotpCode(ctx, tx, USER_TOTPS, userId, code))?.id ?? null;
}

/** Spends one recovery code of the user's verified TOTPs; each code works once. */
export async function redeemRecoveryCode(ctx: ProviderContext, tx: Queryable, userId: string, code: string): Promise<{ totpId: string; codeId: string } | null> {
  const { rows } = await tx.query<{ totp_id: string }>('SELECT totp_id FROM totps WHERE user_id = $1 AND verified = true', [userId]);
  for (const { totp_id } of rows) {
    const hash = hashRecoveryCode(totp_id, code);
    // The conditional update is the single-use guarantee: of two racing requests one matches.
    const used = await tx.query<{ code_hash: string }>('UPDATE totp_recovery_codes SET used_at = $3 WHERE code_hash = $1 AND totp_id = $2 AND used_at IS NULL RETURNING code_hash', [
      hash,
      totp_id,
      ctx.clock.now(),
    ]);
    if (used.rows[0]) return { totpId: totp_id, codeId: `totp-recovery-code-${hash.slice(0, 16)}` };
  }
  return null;
}

/** A label for authenticator apps: the user's first email, else their id. */
export async function totpLabel(db: Queryable, userId: string): Promise<string> {
  const { rows } = await db.query<{ email: string }>('SELECT email FROM user_emails WHERE user_id = $1 ORDER BY created_at LIMIT 1', [userId]);
  return rows[0]?.email ?? userId;
}
