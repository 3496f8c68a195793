import { useState, type FormEvent } from 'react';
import { useWidgetId } from '../hooks/useWidgetId.ts';
import { Heading } from '../components/Heading.tsx';
import { RetryCountdown } from '../components/RetryCountdown.tsx';
import { useWidget, useStrings } from '../context.ts';
import { requireClient } from '../hooks/requireClient.ts';
import { useAction } from '../hooks/useAction.ts';
import { Divider } from '../components/Divider.tsx';
import { EmailReadOnly } from './EmailReadOnly.tsx';
import { NewPasswordForm } from './NewPasswordForm.tsx';
import { useAlternative } from './useAlternative.ts';
import { RESET_PASSWORD_ERROR, usePasswordActions } from './usePasswordActions.ts';
import { useStrengthCheck } from '../components/strength/useStrengthCheck.ts';
import { passwordMessages } from '../i18n/en/password.ts';
import { usePrefetchPasskeyOffer } from '../hooks/usePasskeyOffer.ts';

/** The new-user variant: set a password (Continue waits for a valid one), or the email alternative. */
export function NewUser({ email }: { email: string }) {
  const t = useStrings(passwordMessages);
  const { client, config } = useWidget();
  usePrefetchPasskeyOffer();
  const alt = useAlternative();
  const actions = usePasswordActions();
  const [password, setPassword] = useState('');
  const strength = useStrengthCheck(password, email);
  // The password and the alternative each have their own busy and error: a refused send (or
  // its rate limit's countdown) shows under its button, a refused password under the field.
  const create = useAction();
  const alternative = useAction();
  const busy = create.busy;
  const id = useWidgetId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || !strength.valid) return;
    alternative.fail(undefined);
    void create.run(() =>
      actions.signInOrReset(email, 'PASSWORD_CREATE', () => requireClient(client).passwords.create({ email, password, session_duration_minutes: config.session.sessionDurationMinutes }), {
        [RESET_PASSWORD_ERROR]: 'PasswordDedupe',
      }),
    );
  };

  const sendAlternative = () => {
    create.fail(undefined);
    void alternative.run(() => alt.send(email));
  };

  return (
    <>
      <Heading>{t('password.createAccount.title')}</Heading>
      {alt.label ? (
        <>
          <p css={{ margin: 0 }}>{t('createAccount.title')}</p>
          <button type="button" part="button button-primary" disabled={alternative.blocked} aria-busy={alternative.busy} onClick={() => void sendAlternative()}>
            {alt.label}
          </button>
          <RetryCountdown action={alternative} />
          <Divider />
        </>
      ) : null}
      <p css={{ margin: 0 }}>{t('password.createAccount.content')}</p>
      <NewPasswordForm
        id={id}
        label={t('formField.password.label')}
        password={password}
        onChange={setPassword}
        strength={strength}
        action={create}
        onSubmit={submit}
        before={<EmailReadOnly id={`${id}-email`} email={email} />}
      />
    </>
  );
}
