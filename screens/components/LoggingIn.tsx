import { Spinner } from './Spinner.tsx';
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
