/**
 * The passkey upgrade after a sign-in (issue 32): whether this device already has a passkey
 * for the user, and how to offer one. Pure, so the rules are tested without a browser.
 *
 * "This device already has one" is known two ways, either enough:
 * - a marker in this browser's storage, per user, set whenever a passkey is registered or signs
 *   in on this device through the widget (it survives a passkey made here and renamed, and a
 *   user agent string that changed with a browser update);
 * - one of the user's registrations (the user object's `webauthn_registrations`) made for this
 *   relying party by a browser with this exact user agent: covers a passkey made here before the
 *   marker existed or after storage was cleared. Another machine with an identical browser is
 *   then not offered one either; the offer is a convenience, never the only way to add a passkey.
 * A wrong guess the other way costs nothing: the creation options exclude the user's credentials,
 * so the browser refuses a second passkey on an authenticator that has one (InvalidStateError),
 * which the widget then remembers in the marker.
 */

/** The sign-ins after which the widget offers a passkey. */
export type UpgradeMethod = 'password' | 'otp' | 'magic_link';

/** The storage the marker lives in: localStorage by default (`WidgetEnv.deviceStorage`). */
export interface MarkerStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The storage key of the marker: the ids of the users with a passkey on this device. */
export const DEVICE_PASSKEY_KEY = 'stytch_ui_device_passkeys';
/** At most this many users are remembered per browser, the most recent first. */
export const DEVICE_PASSKEY_LIMIT = 20;

function read(storage: MarkerStorage): string[] {
  try {
    const list: unknown = JSON.parse(storage.getItem(DEVICE_PASSKEY_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    // Unreadable (blocked storage, another script's value): as if nothing were remembered.
    return [];
  }
}

/** Whether this browser remembers a passkey of `userId`. */
export function isMarked(storage: MarkerStorage, userId: string): boolean {
  return read(storage).includes(userId);
}

/** Remembers that this device holds a passkey of `userId`; storage that refuses is ignored. */
export function markDevice(storage: MarkerStorage, userId: string): void {
  if (!userId) return;
  const list = [userId, ...read(storage).filter((id) => id !== userId)].slice(0, DEVICE_PASSKEY_LIMIT);
  try {
    storage.setItem(DEVICE_PASSKEY_KEY, JSON.stringify(list));
  } catch {
    // Full or blocked storage: the registrations' user agent still tells (deviceHasPasskey).
  }
}

/** Forgets `userId` (their last passkey was deleted through the widget): the offer may show again. */
export function forgetDevice(storage: MarkerStorage, userId: string): void {
  const list = read(storage);
  if (!list.includes(userId)) return;
  try {
    storage.setItem(DEVICE_PASSKEY_KEY, JSON.stringify(list.filter((id) => id !== userId)));
  } catch {
    // As in markDevice: storage that refuses changes nothing.
  }
}

/** What the widget knows of the user and this browser when deciding. */
export interface DeviceFacts {
  userId: string;
  registrations: ReadonlyArray<{ domain: string; user_agent: string }>;
  userAgent: string;
  /** The relying party the widget registers passkeys for (`passkeyOptions.domain`, else the page's host). */
  rpId: string;
  marked: boolean;
}

/** Whether this device already has a passkey of the user (see the file's comment). */
export function deviceHasPasskey(f: DeviceFacts): boolean {
  if (f.marked) return true;
  return f.userAgent !== '' && f.registrations.some((r) => r.domain === f.rpId && r.user_agent === f.userAgent);
}

/**
 * How to offer it: by conditional create only after a password sign-in, since the browser makes
 * a passkey that way only for the account whose saved password it just filled (elsewhere it
 * refuses, NotAllowedError); otherwise, or where the browser lacks it, a one-tap prompt.
 */
export function upgradeWay(method: UpgradeMethod, conditionalCreate: boolean): 'conditional' | 'prompt' {
  return method === 'password' && conditionalCreate ? 'conditional' : 'prompt';
}
