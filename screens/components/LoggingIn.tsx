import { useState } from 'react';
import { ErrorText } from './ErrorText.tsx';
import { Spinner } from './Spinner.tsx';
import { useOnce } from '../hooks/useOnce.ts';
import { useReportError } from '../hooks/useReportError.ts';
import { passwordMessages } from '../i18n/en/password.ts';
import { useStrings } from '../context.ts';

/**
 * 'Logging in...' with the size-100 spinner, while a link token is redeemed (SPEC §2, §9); the
 * B2B element passes its own catalog's text (`login.loading`).
 */
export function LoggingIn({ text }: { text?: string | undefined }) {
  const t = useStrings(passwordMessages);
  return (
    <section part="container" css={{ alignItems: 'center', textAlign: 'center' }}>
      <Spinner size={100} thickness={10} />
      <p role="status" css={{ margin: 0 }}>
        {text ?? t('password.reset.loggingInProgress')}
      </p>
    </section>
  );
}

/**
 * A page opened from a single-use link: `redeem` spends its token once per page (even when
 * effects run twice), 'Logging in...' meanwhile, and the error in its place if it fails.
 */
export function RedeemLink({ redeem }: { redeem: () => Promise<unknown> }) {
  const report = useReportError();
  const [error, setError] = useState<string>();
  useOnce(() => {
    Promise.resolve()
      .then(redeem)
      .catch((err: unknown) => setError(report(err)));
  });
  if (!error) return <LoggingIn />;
  return (
    <section part="container">
      <ErrorText message={error} />
    </section>
  );
}
