import { useCallback } from 'react';
import { useWidget } from '../context.ts';
import { logOf } from '../env.ts';

/** SPEC §8: passkey list load, rename and delete failures are logged, never shown. */
export function usePasskeyFailureLog(): (what: string, error: unknown) => void {
  const { env } = useWidget();
  return useCallback((what, error) => logOf(env)(`stytch-ui: passkey ${what} failed`, error), [env]);
}
