/** SPEC §8: passkey list load, rename and delete failures are logged, never shown. */
export function logPasskeyFailure(what: string, error: unknown): void {
  console.error(`stytch-ui: passkey ${what} failed`, error);
}
