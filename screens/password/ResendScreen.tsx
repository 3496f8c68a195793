import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { BackButton } from '../components/BackButton.tsx';
import { ErrorText } from '../components/ErrorText.tsx';
import { Heading } from '../components/Heading.tsx';
import { useAction } from '../hooks/useAction.ts';
import { useReportError } from '../hooks/useReportError.ts';
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
 * 'Resend email' with the 'Email resent' toast, and 'Login without a password'.
 */
export function ResendScreen({ title, content, withoutPassword }: ResendScreenProps) {
  const t = useStrings(passwordMessages);
  const { email } = useAtomValue(passwordStateAtom);
  const actions = usePasswordActions();
  const report = useReportError();
  const toast = useToast();
  const [resending, setResending] = useState(false);
  const withoutPasswordAction = useAction();

  const resend = async () => {
    setResending(true);
    try {
      await actions.startReset(email);
      toast.show('success', t('toast.emailResent'));
    } catch (err) {
      toast.show('error', report(err));
    } finally {
      setResending(false);
    }
  };

  const loginWithoutPassword = () => withoutPasswordAction.run(() => actions.loginWithoutPassword(email));

  return (
    <section part="container">
      <BackButton />
      <Heading>{t(title)}</Heading>
      <p css={{ margin: 0 }}>{t.rich(content, { email })}</p>
      <button type="button" part="button button-primary" disabled={resending} aria-busy={resending} onClick={() => void resend()}>
        {t('button.resendEmail')}
      </button>
      {withoutPassword ? (
        <button type="button" part="button button-secondary" disabled={withoutPasswordAction.busy} aria-busy={withoutPasswordAction.busy} onClick={() => void loginWithoutPassword()}>
          {t('password.reset.loginWithoutPassword')}
        </button>
      ) : null}
      <ErrorText message={withoutPasswordAction.error} />
    </section>
  );
}
