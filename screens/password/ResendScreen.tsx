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
import { passwordStrings } from './strings.ts';

/** Props of a 'check your email' screen of the password flow. */
export interface ResendScreenProps {
  title: string;
  /** The sentence before the email address. */
  text: string;
  /** Whether 'Login without a password' is offered (not on PasswordSetNew). */
  withoutPassword: boolean;
}

/**
 * The forgot, breached, set-new and dedupe screens (SPEC §2, §4): where the reset email went,
 * 'Resend email' with the 'Email resent' toast, and 'Login without a password'.
 */
export function ResendScreen({ title, text, withoutPassword }: ResendScreenProps) {
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
      toast.show('success', passwordStrings.emailResent);
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
      <Heading>{title}</Heading>
      <p css={{ margin: 0 }}>
        {text} <strong>{email}</strong>.
      </p>
      <button type="button" part="button button-primary" disabled={resending} aria-busy={resending} onClick={() => void resend()}>
        {passwordStrings.resendEmail}
      </button>
      {withoutPassword ? (
        <button type="button" part="button button-secondary" disabled={withoutPasswordAction.busy} aria-busy={withoutPasswordAction.busy} onClick={() => void loginWithoutPassword()}>
          {passwordStrings.loginWithoutPassword}
        </button>
      ) : null}
      <ErrorText message={withoutPasswordAction.error} />
    </section>
  );
}
