import { scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import argon2 from 'argon2';
import bcrypt from 'bcryptjs';

/** OWASP's argon2id floor: 19 MiB, two passes. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;
const MAX_CONCURRENT = 4;

let running = 0;
const waiting: Array<() => void> = [];

/** At most MAX_CONCURRENT hashes run at once, so a burst cannot exhaust memory. */
async function bounded<T>(fn: () => Promise<T>): Promise<T> {
  // A finishing job hands its slot straight to the next waiter, so the count never overshoots.
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return bounded(() => argon2.hash(password, OPTIONS));
}

let dummy: Promise<string> | undefined;

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number, options: { N: number; r: number; p: number; maxmem: number }) => Promise<Buffer>;

/** Imported scrypt hashes are stored as `$scrypt$n=..,r=..,p=..$<salt>$<hash>` (base64). */
export const SCRYPT_PREFIX = '$scrypt$';

/** Memory an imported scrypt hash may make a verification use (128 * N * r bytes). */
export const SCRYPT_MAX_MEMORY = 256 * 1024 * 1024;

async function verifyScrypt(stored: string, password: string): Promise<boolean> {
  const m = /^\$scrypt\$n=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+=*)\$([A-Za-z0-9+/]+=*)$/.exec(stored);
  if (!m) return false;
  const expected = Buffer.from(m[5]!, 'base64');
  const actual = await scrypt(password, Buffer.from(m[4]!, 'base64'), expected.length, { N: Number(m[1]), r: Number(m[2]), p: Number(m[3]), maxmem: SCRYPT_MAX_MEMORY + 1024 * 1024 });
  return timingSafeEqual(actual, expected);
}

/** Checks a password against any stored form: our argon2id, or an imported argon2i/argon2id, bcrypt or scrypt hash. */
function verifyAny(stored: string, password: string): Promise<boolean> {
  if (stored.startsWith('$2')) return bcrypt.compare(password, stored);
  if (stored.startsWith(SCRYPT_PREFIX)) return verifyScrypt(stored, password);
  return argon2.verify(stored, password);
}

/** Verifies `password`; with no stored hash it still spends the same work, so timing reveals nothing. */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  dummy ??= hashPassword('not a real password: equalises timing');
  const target = hash ?? (await dummy);
  const ok = await bounded(() => verifyAny(target, password).catch(() => false));
  return hash !== null && ok;
}

/** Whether a stored hash is not our own argon2id at today's cost (imported, or older parameters). */
export function needsRehash(hash: string): boolean {
  if (!hash.startsWith('$argon2id$')) return true;
  try {
    return argon2.needsRehash(hash, OPTIONS);
  } catch {
    return true;
  }
}
