import { useAtomValue } from 'jotai';
import { BackButton } from '../components/BackButton.tsx';
import { RetryCountdown } from '../components/RetryCountdown.tsx';
import { Heading } from '../components/Heading.tsx';
import { useAction } from '../hooks/useAction.ts';
import { useErrorToast } from '../hooks/useErrorToast.ts';
import { useToast } from '../hooks/useToast.ts';
import { passwordStateAtom } from '../state/atoms.ts';
import { usePasswordActions } from './usePasswordActions.ts';
import { passwordMessages } from '../i18n/en/password.ts';
import { useStrings } from '../context.ts';

/** Props of a 'check your email' screen of the password flow. */
export interface ResendScreenProps {
  title: keyof typeof passwordMessages;
  /** The sentence naming the email address (`{email}`). */
  content: keyof typeof passwordMessages;
  /** Whether 'Login without a password' is offered (not on PasswordSetNew). */
  withoutPassword: boolean;
}

/**
 * The forgot, breached, set-new and dedupe screens (SPEC §2, §4): where the reset email went,
 * 'Resend email' with the 'Email resent' toast (a failure toasts too; a rate limit counts down
 * under the button, which waits for it), and 'Login without a password'.
 */
export function ResendScreen({ title, content, withoutPassword }: ResendScreenProps) {
  const t = useStrings(passwordMessages);
  const { email } = useAtomValue(passwordStateAtom);
  const actions = usePasswordActions();
  const toast = useToast();
  const resending = useAction();
  useErrorToast(resending);
  const withoutPasswordAction = useAction();

  const resend = () =>
    resending.run(async () => {
      await actions.startReset(email);
      // Sent again: the screen stays, so the button comes back.
      resending.fail(undefined);
      toast.show('success', t('toast.emailResent'));
    });

  const loginWithoutPassword = () => withoutPasswordAction.run(() => actions.loginWithoutPassword(email));

  return (
    <section part="container">
      <BackButton />
      <Heading>{t(title)}</Heading>
      <p css={{ margin: 0 }}>{t.rich(content, { email })}</p>
      <button type="button" part="button button-primary" disabled={resending.blocked} aria-busy={resending.busy} onClick={() => void resend()}>
        {t('button.resendEmail')}
      </button>
      {resending.rateLimited ? <RetryCountdown action={resending} /> : null}
      {withoutPassword ? (
        <button type="button" part="button button-secondary" disabled={withoutPasswordAction.blocked} aria-busy={withoutPasswordAction.busy} onClick={() => void loginWithoutPassword()}>
          {t('password.reset.loginWithoutPassword')}
        </button>
      ) : null}
      <RetryCountdown action={withoutPasswordAction} />
    </section>
  );
}
