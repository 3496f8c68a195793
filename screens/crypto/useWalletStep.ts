import { useEffect } from 'react';
import { useWidget } from '../context.ts';
import { useGo } from '../hooks/useGo.ts';

/** A failure of a crypto step, named by SPEC §8's text and carrying the wallet's or provider's error. */
export class CryptoStepError extends Error {
  override name = 'CryptoStepError';
}

/**
 * Runs one crypto step once when its screen shows. Any failure is reported with the
 * screen's SPEC §8 text and moves to CryptoError. Leaving the screen first drops the result;
 * `live()` lets a step stop before its next call once the user has gone back.
 */
export function useWalletStep(step: (live: () => boolean) => Promise<() => void>, failure: string): void {
  const { callbacks } = useWidget();
  const go = useGo();
  useEffect(() => {
    let live = true;
    step(() => live).then(
      (commit) => {
        if (live) commit();
      },
      (err: unknown) => {
        if (!live) return;
        callbacks.onError(new CryptoStepError(failure, { cause: err }));
        go('CryptoError');
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one attempt per display: the user retries by going back and choosing the wallet again
  }, []);
}
