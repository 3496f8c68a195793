import { startTransition, useEffect, useRef, useState } from 'react';
import { BackButton } from '../components/BackButton.tsx';
import { ErrorText } from '../components/ErrorText.tsx';
import { RetryCountdown } from '../components/RetryCountdown.tsx';
import { useWidget, useStrings } from '../context.ts';
import { useAction } from '../hooks/useAction.ts';
import { useReportError } from '../hooks/useReportError.ts';
import { Divider } from '../components/Divider.tsx';
import { useAlternative } from './useAlternative.ts';
import { usePasswordActions } from './usePasswordActions.ts';
import { passwordMessages } from '../i18n/en/password.ts';

/**
 * The passwordless variant (SPEC §4): on arrival it sends an email code when email is an OTP
 * method, otherwise a magic link when configured (and shows that screen here, with 'Create a
 * password instead'), otherwise a reset email and moves to PasswordSetNew.
 */
export function Passwordless({ email }: { email: string }) {
  const t = useStrings(passwordMessages);
  const { screens } = useWidget();
  const alt = useAlternative();
  const actions = usePasswordActions();
  const report = useReportError();
  const [sent, setSent] = useState(false);
  const action = useAction();
  const { busy, error, run, fail } = action;
  // One automatic send per arrival, even when React runs effects twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The sent screen is another flow's, loaded on demand: as a transition, 'Sending email...'
    // stays until it can show, where an urgent update left the card blank while it loaded.
    const send = alt.method ? alt.send(email, true).then(() => startTransition(() => setSent(true))) : actions.startReset(email, 'PasswordSetNew');
    send.catch((err: unknown) => fail(report(err)));
  }, [alt, actions, email, report, fail]);

  const createPassword = () => run(() => actions.startReset(email, 'PasswordSetNew'));

  if (!sent) {
    return (
      <section part="container">
        <BackButton />
        {error ? <ErrorText message={error} /> : <p role="status">{t('password.sendingEmail')}</p>}
      </section>
    );
  }
  // The alternative belongs to the sent screen's card, under its own divider.
  const alternatives = (
    <div part="alternatives" css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Divider />
      <button type="button" part="button button-secondary" disabled={action.blocked} aria-busy={busy} onClick={() => void createPassword()}>
        {t('button.createPasswordInstead')}
      </button>
      <RetryCountdown action={action} />
    </div>
  );
  // The sent screen comes from the registry by name: the password flow imports no other flow.
  // No Suspense boundary of its own: a new boundary shows its (empty) fallback even in a
  // transition, while the screen's boundary, already showing this card, keeps it instead.
  const Sent = alt.method === 'otp' ? screens.OTPAuthenticate : screens.EmailConfirmation;
  return <Sent>{alternatives}</Sent>;
}
