import type { ReactNode } from 'react';
import { isOneTapErrorKind, oneTapDeveloperMessage } from './oneTapMessages.ts';
import type { OneTapStatus } from './useGoogleOneTap.ts';

/**
 * What stands where One Tap is not drawn, in both lines: the Google button (`children`), under
 * the developer message of a known failure when the project's token is a test token (SPEC §8);
 * a live project's users never see it.
 */
export function OneTapFailure({ status, publicToken, origin, children }: { status: OneTapStatus; publicToken: string; origin: string; children: ReactNode }) {
  const message = status.kind === 'failed' && publicToken.startsWith('public-token-test') && isOneTapErrorKind(status.reason) ? oneTapDeveloperMessage(status.reason, origin) : undefined;
  return (
    <>
      {message ? (
        <p part="error one-tap-error" css={{ color: 'var(--stytch-colors-error)', margin: 0 }}>
          {message}
        </p>
      ) : null}
      {children}
    </>
  );
}
