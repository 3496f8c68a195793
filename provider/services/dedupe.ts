import type { Queryable } from '../db/index.ts';

/**
 * Marks an email verified by a passwordless sign-in (magic link, reset link or email code).
 * When it was unverified and its user has a password, whoever set that password never proved
 * the address: the password must be reset before it signs in again (account deduplication,
 * against pre-hijacked accounts). A reset clears the flag.
 */
export async function verifyEmailByPasswordless(tx: Queryable, emailId: string): Promise<void> {
  await tx.query(
    `UPDATE users SET password_requires_reset = true
     WHERE password_hash IS NOT NULL AND user_id = (SELECT user_id FROM user_emails WHERE email_id = $1 AND NOT verified)`,
    [emailId],
  );
  await tx.query('UPDATE user_emails SET verified = true WHERE email_id = $1', [emailId]);
}
