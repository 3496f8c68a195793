import { randomBytes } from 'node:crypto';
import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { newId } from './ids.ts';
import { sessionToExtend, startOrExtend, type Issued, type SessionCaller } from './sessions.ts';
import { withTx } from './tx.ts';
import { createUser } from './users.ts';
import { CHALLENGE_TTL_MS, plainChallenge, siweFields, siweMessage, type SiweInput } from './siwe.ts';
import { verifyWalletSignature, type WalletType } from './wallet-signatures.ts';

/** A wallet as stored: canonical address, owner, and whether a signature ever proved it. */
interface WalletRow {
  crypto_wallet_id: string;
  user_id: string;
  verified: boolean;
}

/**
 * Finds the wallet's user, or creates user and (unverified) wallet; with `ownerId` (a
 * secondary start) attaches the wallet to that user instead and refuses one owned by another.
 */
export async function walletOwner(ctx: ProviderContext, tx: Queryable, type: WalletType, address: string, ownerId: string | null): Promise<{ userId: string; created: boolean }> {
  const now = ctx.clock.now();
  const { rows } = await tx.query<WalletRow>('SELECT crypto_wallet_id, user_id, verified FROM crypto_wallets WHERE wallet_type = $1 AND address = $2', [type, address]);
  const found = rows[0];
  if (found) {
    if (ownerId && found.user_id !== ownerId) throw new ApiError(409, 'duplicate_crypto_wallet', 'This wallet belongs to another user.');
    return { userId: found.user_id, created: false };
  }
  const userId = ownerId ?? (await createUser(tx, ctx.env, now, 'active'));
  await tx.query('INSERT INTO crypto_wallets (crypto_wallet_id, user_id, wallet_type, address, created_at) VALUES ($1, $2, $3, $4, $5)', [newId('crypto-wallet', ctx.env), userId, type, address, now]);
  return { userId, created: !ownerId };
}

/**
 * Issues the challenge for one wallet: a fresh 128-bit nonce in a SIWE message (Ethereum,
 * when the project requires it) or the plain challenge. Earlier open challenges for the
 * wallet are retired, so only the newest one can be signed.
 */
export async function issueChallenge(ctx: ProviderContext, tx: Queryable, type: WalletType, address: string, userId: string, siwe: SiweInput | undefined): Promise<string> {
  const now = ctx.clock.now();
  const nonce = randomBytes(16).toString('hex');
  let message: string;
  let notBefore = now;
  let expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
  if (type === 'ethereum' && ctx.config.siweRequired) {
    const fields = siweFields(siwe ?? {}, address, nonce, ctx.config.authorizedOrigins, now);
    message = siweMessage(fields);
    notBefore = fields.notBefore ?? now;
    expiresAt = fields.expiresAt;
  } else {
    message = plainChallenge(ctx.config.name, type, address, nonce, now);
  }
  // A new challenge retires the wallet's earlier ones; they are dropped rather than kept
  // as used, so the table holds at most one row per wallet.
  await tx.query('DELETE FROM crypto_challenges WHERE wallet_type = $1 AND address = $2', [type, address]);
  await tx.query('INSERT INTO crypto_challenges (challenge_id, wallet_type, address, user_id, message, nonce, created_at, not_before, expires_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)', [
    newId('crypto-challenge', ctx.env),
    type,
    address,
    userId,
    message,
    nonce,
    now,
    notBefore,
    expiresAt,
  ]);
  return message;
}

/** The signature did not prove the wallet, or no challenge was open for it. */
export class WalletSignatureError extends ApiError {
  override name = 'WalletSignatureError';
  constructor() {
    super(401, 'invalid_signature', 'The signature does not match an open challenge for this wallet; start again.');
  }
}

/**
 * Consumes the wallet's open challenge when `signature` signs it: the row is locked, checked
 * for expiry and not-before, and marked used in the caller's transaction, so two redemptions
 * racing with one signature succeed at most once. A wrong signature leaves it open.
 */
export async function consumeChallenge(ctx: ProviderContext, tx: Queryable, type: WalletType, address: string, signature: string): Promise<{ userId: string; walletId: string }> {
  const now = ctx.clock.now();
  const { rows } = await tx.query<{ challenge_id: string; user_id: string; message: string }>(
    `SELECT challenge_id, user_id, message FROM crypto_challenges
     WHERE wallet_type = $1 AND address = $2 AND used_at IS NULL AND expires_at > $3 AND not_before <= $3
     ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    [type, address, now],
  );
  const challenge = rows[0];
  if (!challenge || !verifyWalletSignature(type, address, challenge.message, signature)) throw new WalletSignatureError();
  const used = await tx.query('UPDATE crypto_challenges SET used_at = $2 WHERE challenge_id = $1 AND used_at IS NULL RETURNING challenge_id', [challenge.challenge_id, now]);
  // (The used row stays until the wallet's next start replaces it: a replay finds it used.)
  if (!used.rows[0]) throw new WalletSignatureError();
  const wallet = await tx.query<{ crypto_wallet_id: string; user_id: string }>(
    'UPDATE crypto_wallets SET verified = true WHERE wallet_type = $1 AND address = $2 RETURNING crypto_wallet_id, user_id',
    [type, address],
  );
  // The wallet may have been removed from the account since the challenge was issued.
  if (!wallet.rows[0] || wallet.rows[0].user_id !== challenge.user_id) throw new WalletSignatureError();
  return { userId: challenge.user_id, walletId: wallet.rows[0].crypto_wallet_id };
}

/** A wallet sign-in's first step: the wallet's owner (found or created; the caller when `ownerId`), and a challenge to sign. */
export function startWalletChallenge(
  ctx: ProviderContext,
  type: WalletType,
  address: string,
  ownerId: string | null,
  siwe: SiweInput | undefined,
): Promise<{ userId: string; created: boolean; challenge: string }> {
  return withTx(ctx.db, async (tx) => {
    const owner = await walletOwner(ctx, tx, type, address, ownerId);
    const challenge = await issueChallenge(ctx, tx, type, address, owner.userId, siwe);
    return { ...owner, challenge };
  });
}

/**
 * A wallet sign-in's second step: the signed challenge spent, and the owner's session started or
 * extended. `w.address` is canonical; the factor records the address as the caller sent it.
 */
export function authenticateWallet(ctx: ProviderContext, w: { type: WalletType; address: string; asSent: string; signature: string }, minutes: number, caller: SessionCaller): Promise<Issued> {
  const { type } = w;
  return withTx(ctx.db, async (tx) => {
    const proved = await consumeChallenge(ctx, tx, type, w.address, w.signature);
    const factor = {
      type: 'crypto',
      delivery_method: `crypto_wallet_${type}`,
      last_authenticated_at: ctx.clock.now().toISOString(),
      crypto_wallet_factor: { crypto_wallet_id: proved.walletId, crypto_wallet_address: w.asSent, crypto_wallet_type: type },
    };
    return startOrExtend(ctx, tx, proved.userId, factor, minutes, caller.client, sessionToExtend(caller, proved.userId));
  });
}
