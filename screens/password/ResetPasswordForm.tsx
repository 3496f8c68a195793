import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { useWidgetId } from '../hooks/useWidgetId.ts';
import { Heading } from '../components/Heading.tsx';
import { useWidget, useStrings } from '../context.ts';
import { requireClient } from '../hooks/requireClient.ts';
import { useAction } from '../hooks/useAction.ts';
import { resetPasswordStateAtom } from '../state/atoms.ts';
import { LoggingIn } from '../components/LoggingIn.tsx';
import { NewPasswordForm } from './NewPasswordForm.tsx';
import { usePasswordActions } from './usePasswordActions.ts';
import { useStrengthCheck } from '../components/strength/useStrengthCheck.ts';
import { passwordMessages } from '../i18n/en/password.ts';

/**
 * 'Reset your password' (SPEC §2): a new password with its strength, Continue once it is
 * valid, and 'Login without a password', which redeems the same token as a magic link.
 */
export default function ResetPasswordForm() {
  const t = useStrings(passwordMessages);
  const { client, config } = useWidget();
  const { token } = useAtomValue(resetPasswordStateAtom);
  const actions = usePasswordActions();
  const [password, setPassword] = useState('');
  const strength = useStrengthCheck(password);
  const action = useAction();
  const { busy, run } = action;
  const [loggingIn, setLoggingIn] = useState(false);
  const id = useWidgetId();
  const minutes = config.session.sessionDurationMinutes;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (action.blocked || !strength.valid) return;
    void run(async () => {
      const r = await requireClient(client).passwords.resetByEmail({ token, password, session_duration_minutes: minutes });
      actions.signedIn('PASSWORD_RESET_BY_EMAIL', r);
    });
  };

  const loginWithoutPassword = () =>
    run(async () => {
      setLoggingIn(true);
      try {
        // The client tries the reset's proof key first and falls back to the magic-link one (SPEC §8).
        const r = await requireClient(client).magicLinks.authenticate(token, { session_duration_minutes: minutes });
        actions.signedIn('MAGIC_LINK_AUTHENTICATE', r);
      } catch (err) {
        setLoggingIn(false);
        throw err;
      }
    });

  if (loggingIn) return <LoggingIn />;
  return (
    <section part="container">
      <Heading>{t('password.reset.title')}</Heading>
      <NewPasswordForm id={id} label={t('formField.newPassword.label')} password={password} onChange={setPassword} strength={strength} action={action} onSubmit={submit} />
      <button type="button" part="button button-secondary" disabled={busy} onClick={() => void loginWithoutPassword()}>
        {t('password.reset.loginWithoutPassword')}
      </button>
    </section>
  );
}
