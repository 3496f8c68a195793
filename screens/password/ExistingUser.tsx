import { useState, type FormEvent } from 'react';
import { useWidgetId } from '../hooks/useWidgetId.ts';
import { Heading } from '../components/Heading.tsx';
import { RetryCountdown } from '../components/RetryCountdown.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { useWidget, useStrings } from '../context.ts';
import { requireClient } from '../hooks/requireClient.ts';
import { useAction } from '../hooks/useAction.ts';
import type { ScreenName } from '../state/atoms.ts';
import { Divider } from '../components/Divider.tsx';
import { EmailReadOnly } from './EmailReadOnly.tsx';
import { linkButtonCss } from '../components/linkButton.ts';
import { PasswordField } from '../components/PasswordField.tsx';
import { useAlternative } from './useAlternative.ts';
import { RESET_PASSWORD_ERROR, usePasswordActions } from './usePasswordActions.ts';
import { passwordMessages } from '../i18n/en/password.ts';
import { usePrefetchPasskeyOffer } from '../hooks/usePasskeyOffer.ts';

/** Errors that send the user to set a new password by email instead (SPEC §4), and where to. */
const RESET_SCREENS: Record<string, ScreenName> = { [RESET_PASSWORD_ERROR]: 'PasswordDedupe', breached_password: 'PasswordBreached' };

/** The existing-user variant: 'Log In' with the password, 'Forgot Password?', or the email alternative. */
export function ExistingUser({ email }: { email: string }) {
  const t = useStrings(passwordMessages);
  const { client, config } = useWidget();
  usePrefetchPasskeyOffer();
  const alt = useAlternative();
  const actions = usePasswordActions();
  const [password, setPassword] = useState('');
  // Every action here is one request that either moves on or leaves an error. The password and
  // the emails are limited apart: a locked password leaves 'Forgot password?' and the
  // alternative working (the lock's message says to reset), a refused send the password.
  const action = useAction();
  const { busy, error, run } = action;
  const sending = useAction();
  const id = useWidgetId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password === '') return;
    void run(() =>
      actions.signInOrReset(
        email,
        'PASSWORD_AUTHENTICATE',
        () => requireClient(client).passwords.authenticate({ email, password, session_duration_minutes: config.session.sessionDurationMinutes }),
        RESET_SCREENS,
      ),
    );
  };

  return (
    <>
      <Heading>{t('password.login.title')}</Heading>
      <form onSubmit={submit} noValidate css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <EmailReadOnly id={`${id}-email`} email={email} />
        <PasswordField
          id={`${id}-password`}
          label={t('formField.password.label')}
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          invalid={!!error}
          describedBy={error ? `${id}-error` : undefined}
        />
        <RetryCountdown id={`${id}-error`} action={action} />
        <button
          type="button"
          part="link-button"
          css={{ ...linkButtonCss, alignSelf: 'flex-start' }}
          disabled={sending.blocked}
          onClick={() => void sending.run(() => actions.startReset(email, 'PasswordForgot'))}
        >
          {t('button.forgotPassword')}
        </button>
        <RetryCountdown action={sending} />
        <SubmitButton busy={busy} disabled={password === '' || action.retryIn > 0}>
          {t('button.continue')}
        </SubmitButton>
      </form>
      {alt.label ? (
        <>
          <Divider />
          <button type="button" part="button button-secondary" disabled={busy || sending.blocked} aria-busy={sending.busy} onClick={() => void sending.run(() => alt.send(email))}>
            {alt.label}
          </button>
        </>
      ) : null}
    </>
  );
}
