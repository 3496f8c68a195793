import { startTransition, useEffect, useRef, useState } from 'react';
import { BackButton } from '../components/BackButton.tsx';
import { RetryCountdown } from '../components/RetryCountdown.tsx';
import { useWidget, useStrings } from '../context.ts';
import { useAction } from '../hooks/useAction.ts';
import { Divider } from '../components/Divider.tsx';
import { useAlternative } from './useAlternative.ts';
import { usePasswordActions } from './usePasswordActions.ts';
import { passwordMessages } from '../i18n/en/password.ts';

/**
 * The passwordless variant (SPEC §4): on arrival it sends an email code when email is an OTP
 * method, otherwise a magic link when configured (and shows that screen here, with 'Create a
 * password instead'), otherwise a reset email and moves to PasswordSetNew. A send the provider
 * asks to wait for (429) counts down here, then is made again by itself.
 */
export function Passwordless({ email }: { email: string }) {
  const t = useStrings(passwordMessages);
  const { screens } = useWidget();
  const alt = useAlternative();
  const actions = usePasswordActions();
  const [sent, setSent] = useState(false);
  const action = useAction();
  const { busy, run } = action;
  const arrival = useAction();
  // One automatic send per arrival, even when React runs effects twice.
  const started = useRef(false);
  const sendOnArrival = () =>
    arrival.run(() =>
      // The sent screen is another flow's, loaded on demand: as a transition, 'Sending email...'
      // stays until it can show, where an urgent update left the card blank while it loaded.
      alt.method ? alt.send(email, true).then(() => startTransition(() => setSent(true))) : actions.startReset(email, 'PasswordSetNew'),
    );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void sendOnArrival();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per arrival
  }, []);
  // Asked to wait: once the wait is over, the send is made again.
  const waited = arrival.rateLimited && arrival.retryIn === 0;
  useEffect(() => {
    if (waited) void sendOnArrival();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on the wait's end only
  }, [waited]);

  const createPassword = () => run(() => actions.startReset(email, 'PasswordSetNew'));

  if (!sent) {
    return (
      <section part="container">
        <BackButton />
        {arrival.error ? <RetryCountdown action={arrival} /> : <p role="status">{t('password.sendingEmail')}</p>}
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
