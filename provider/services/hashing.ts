import argon2 from 'argon2';

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

/** Verifies `password`; with no stored hash it still spends the same work, so timing reveals nothing. */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  dummy ??= hashPassword('not a real password: equalises timing');
  const target = hash ?? (await dummy);
  const ok = await bounded(() => argon2.verify(target, password).catch(() => false));
  return hash !== null && ok;
}
