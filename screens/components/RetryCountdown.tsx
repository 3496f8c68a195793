import { useEffect, useRef, useState } from 'react';
import type { Action } from '../hooks/useAction.ts';
import { useStrings } from '../context.ts';
import { ErrorText } from './ErrorText.tsx';
import { formatRemaining, ltr } from './remaining.ts';

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * A form's failure line: the action's error, or, after a 429 with Retry-After, 'Too many
 * attempts. Try again in 0:42.' counting down (the form disables its control meanwhile,
 * `disabled={action.retryIn > 0}`), then nothing: the control is back by itself. The ticking
 * text is not live (a reader would hear it every second); a polite status region says the
 * wait once as it starts and 'You can try again now.' once at zero.
 */
export function RetryCountdown({ action, id }: { action: Action; id?: string }) {
  const t = useStrings();
  const { retryIn, rateLimited, error } = action;
  const [said, setSaid] = useState('');
  const counting = useRef(false);
  const time = (seconds: number) => ltr(formatRemaining(seconds * 1000, t.number), t.dir);
  useEffect(() => {
    if (retryIn > 0 && !counting.current) setSaid(t('rateLimit.retryIn', { timeRemaining: time(retryIn) }));
    else if (retryIn === 0 && counting.current) setSaid(rateLimited ? t('rateLimit.ready') : '');
    counting.current = retryIn > 0;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- speaks on the start and the end only, never on a tick
  }, [retryIn > 0]);
  return (
    <>
      {rateLimited ? (
        retryIn > 0 && (
          <p part="error" id={id}>
            {t('rateLimit.retryIn', { timeRemaining: time(retryIn) })}
          </p>
        )
      ) : (
        <ErrorText id={id} message={error} />
      )}
      <span role="status" css={visuallyHidden}>
        {said}
      </span>
    </>
  );
}
