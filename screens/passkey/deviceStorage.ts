import type { WidgetEnv } from '../env.ts';
import type { MarkerStorage } from './upgrade.ts';

/** Storage that remembers nothing: where the page's localStorage is blocked (a sandboxed frame, privacy settings). */
const NOWHERE: MarkerStorage = { getItem: () => null, setItem: () => {} };

/** Where this widget remembers the users with a passkey on this device: the env's, else localStorage. */
export function deviceStorageOf(env: WidgetEnv): MarkerStorage {
  if (env.deviceStorage) return env.deviceStorage;
  try {
    return globalThis.localStorage ?? NOWHERE;
  } catch {
    return NOWHERE;
  }
}
