import type { Queryable } from '../db/index.ts';

export type Ceremony = 'register' | 'authenticate';
export type UserVerification = 'required' | 'preferred' | 'discouraged';

/** A pending ceremony: what the options promised, so verification applies the same policy. */
export interface PendingChallenge {
  challenge: string;
  ceremony: Ceremony;
  /** The user the ceremony is for; null for a discoverable (usernameless) sign-in. */
  userId: string | null;
  rpId: string;
  userVerification: UserVerification;
  isPasskey: boolean;
  userAgent: string;
  authenticatorType: string;
  userHandle: string | null;
  /**
   * A registration for conditional create (`mediation: 'conditional'`): the browser may make
   * it without user presence or verification, so its verification requires neither.
   */
  conditional: boolean;
  expiresAt: Date;
}

interface Row {
  challenge: string;
  ceremony: Ceremony;
  user_id: string | null;
  rp_id: string;
  user_verification: UserVerification;
  is_passkey: boolean;
  user_agent: string;
  authenticator_type: string;
  user_handle: string | null;
  conditional: boolean;
  expires_at: Date | string;
}

/** Ceremony timeout: the options' `timeout` and the challenge's lifetime are the same value. */
export const CEREMONY_TIMEOUT_MS = 5 * 60_000;

/** Stores a challenge handed out in options; expired ones are swept on the way. */
export async function storeChallenge(db: Queryable, c: Omit<PendingChallenge, 'expiresAt'>, now: Date): Promise<void> {
  await db.query('DELETE FROM webauthn_challenges WHERE expires_at <= $1', [now]);
  await db.query(
    `INSERT INTO webauthn_challenges (challenge, ceremony, user_id, rp_id, user_verification, is_passkey, user_agent, authenticator_type, user_handle, conditional, created_at, expires_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)`,
    [c.challenge, c.ceremony, c.userId, c.rpId, c.userVerification, c.isPasskey, c.userAgent, c.authenticatorType, c.userHandle, c.conditional, now, new Date(now.getTime() + CEREMONY_TIMEOUT_MS)],
  );
}

/**
 * Redeems a challenge once: the DELETE ... RETURNING is atomic, so of two requests racing
 * with one challenge only one gets the row. Returns null when unknown, used or expired.
 */
export async function consumeChallenge(db: Queryable, challenge: string, ceremony: Ceremony, now: Date): Promise<PendingChallenge | null> {
  const { rows } = await db.query<Row>('DELETE FROM webauthn_challenges WHERE challenge = $1 AND ceremony = $2 RETURNING *', [challenge, ceremony]);
  const r = rows[0];
  if (!r) return null;
  const expiresAt = new Date(r.expires_at);
  if (expiresAt.getTime() <= now.getTime()) return null;
  return {
    challenge: r.challenge,
    ceremony: r.ceremony,
    userId: r.user_id,
    rpId: r.rp_id,
    userVerification: r.user_verification,
    isPasskey: r.is_passkey,
    userAgent: r.user_agent,
    authenticatorType: r.authenticator_type,
    userHandle: r.user_handle,
    conditional: r.conditional,
    expiresAt,
  };
}
