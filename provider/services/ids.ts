import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

/** An id in the hosted provider's style, e.g. `user-test-<uuid>`. */
export function newId(prefix: string, env: 'test' | 'live'): string {
  return `${prefix}-${env}-${randomUUID()}`;
}

/** A URL-safe secret of `bytes` random bytes (32 bytes = 256 bits). */
export function secretToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** `digits` decimal digits (six unless said) from the CSPRNG, leading zeros kept. */
export function otpCode(digits = 6): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/** Secrets are stored only as this hash; high-entropy tokens need no slow hash. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Constant-time string comparison of equal-length hex digests. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
