import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { BackButton } from '../components/BackButton.tsx';
import { Divider } from '../components/Divider.tsx';
import { Heading } from '../components/Heading.tsx';
import { linkButtonCss } from '../components/linkButton.ts';
import { PasswordField } from '../components/PasswordField.tsx';
import { RetryCountdown } from '../components/RetryCountdown.tsx';
import { useStrengthCheck } from '../components/strength/useStrengthCheck.ts';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { useStrings, useWidget, type WidgetClient } from '../context.ts';
import { requireClient } from '../hooks/requireClient.ts';
import { useAction, type Action } from '../hooks/useAction.ts';
import { usePrefetchPasskeyOffer } from '../components/usePasskeyOffer.ts';
import { useWidgetId } from '../hooks/useWidgetId.ts';
import { passwordMessages } from '../i18n/en/password.ts';
import { passwordStateAtom, type ScreenName } from '../state/atoms.ts';
import { EmailReadOnly } from './EmailReadOnly.tsx';
import { NewPasswordForm } from './NewPasswordForm.tsx';
import { Passwordless } from './Passwordless.tsx';
import { useAlternative } from './useAlternative.ts';
import { RESET_PASSWORD_ERROR, usePasswordActions } from './usePasswordActions.ts';

/** PasswordCreateOrLogin (SPEC §2): one of three variants by the user type the search found. */
export default function PasswordCreateOrLogin() {
  const { email, type } = useAtomValue(passwordStateAtom);
  if (type === 'passwordless') return <Passwordless email={email} />;
  return (
    <section part="container">
      <BackButton />
      <PasswordEntry email={email} variant={type === 'password' ? 'login' : 'create'} />
    </section>
  );
}

type Variant = 'login' | 'create';
type PasswordCall = (client: WidgetClient, request: { email: string; password: string; session_duration_minutes: number }) => Promise<unknown>;

/**
 * What the two variants with a password field do differently: the call the password goes to, the
 * event it is reported as, and the errors that send the user to set a new password by email
 * instead (SPEC §4), with the screen each goes on to.
 */
const VARIANTS: Record<Variant, { call: PasswordCall; event: string; resets: Partial<Record<string, ScreenName>> }> = {
  login: { call: (c, r) => c.passwords.authenticate(r), event: 'PASSWORD_AUTHENTICATE', resets: { [RESET_PASSWORD_ERROR]: 'PasswordDedupe', breached_password: 'PasswordBreached' } },
  create: { call: (c, r) => c.passwords.create(r), event: 'PASSWORD_CREATE', resets: { [RESET_PASSWORD_ERROR]: 'PasswordDedupe' } },
};

/**
 * The user's password, and the email alternative. `login` (the user has a password): 'Log In',
 * 'Forgot Password?', the alternative below. `create`: the alternative first, then a new password
 * (Continue waits for the provider to call it valid).
 */
function PasswordEntry({ email, variant }: { email: string; variant: Variant }) {
  const t = useStrings(passwordMessages);
  const { client, config } = useWidget();
  usePrefetchPasskeyOffer();
  const alt = useAlternative();
  const actions = usePasswordActions();
  const [password, setPassword] = useState('');
  // The password and the emails (the alternative, a reset) each have their own busy and error:
  // a locked password leaves the emails working (the lock's message says to reset), and a
  // refused send (or its rate limit's countdown) shows under its button, not under the field.
  const action = useAction();
  const sending = useAction();
  const id = useWidgetId();
  const { call, event, resets } = VARIANTS[variant];

  /** Submits the password once the form may (`ready`): one request that either moves on or leaves an error. */
  const submit = (e: FormEvent, ready: boolean) => {
    e.preventDefault();
    if (action.busy || !ready) return;
    sending.fail(undefined);
    void action.run(() => actions.signInOrReset(email, event, () => call(requireClient(client), { email, password, session_duration_minutes: config.session.sessionDurationMinutes }), resets));
  };
  const sendAlternative = () => {
    action.fail(undefined);
    void sending.run(() => alt.send(email));
  };

  if (variant === 'create') {
    return (
      <>
        <Heading>{t('password.createAccount.title')}</Heading>
        {alt.label ? (
          <>
            <p css={{ margin: 0 }}>{t('createAccount.title')}</p>
            <button type="button" part="button button-primary" disabled={sending.blocked} aria-busy={sending.busy} onClick={sendAlternative}>
              {alt.label}
            </button>
            <RetryCountdown action={sending} />
            <Divider />
          </>
        ) : null}
        <p css={{ margin: 0 }}>{t('password.createAccount.content')}</p>
        <NewPassword id={id} email={email} label={t('formField.password.label')} password={password} onChange={setPassword} action={action} submit={submit} />
      </>
    );
  }
  return (
    <>
      <Heading>{t('password.login.title')}</Heading>
      <form onSubmit={(e) => submit(e, password !== '')} noValidate css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <EmailReadOnly id={`${id}-email`} email={email} />
        <PasswordField
          id={`${id}-password`}
          label={t('formField.password.label')}
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          invalid={!!action.error}
          describedBy={action.error ? `${id}-error` : undefined}
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
        <SubmitButton busy={action.busy} disabled={password === '' || action.retryIn > 0}>
          {t('button.continue')}
        </SubmitButton>
      </form>
      {alt.label ? (
        <>
          <Divider />
          <button type="button" part="button button-secondary" disabled={action.busy || sending.blocked} aria-busy={sending.busy} onClick={sendAlternative}>
            {alt.label}
          </button>
        </>
      ) : null}
    </>
  );
}

/** The new password with its strength verdict: a component of its own, so only `create` asks the provider for one. */
function NewPassword(props: { id: string; email: string; label: string; password: string; onChange(password: string): void; action: Action; submit(e: FormEvent, ready: boolean): void }) {
  const { id, email, password, action, submit } = props;
  const strength = useStrengthCheck(password, email);
  return (
    <NewPasswordForm
      id={id}
      label={props.label}
      password={password}
      onChange={props.onChange}
      strength={strength}
      action={action}
      onSubmit={(e) => submit(e, strength.valid)}
      before={<EmailReadOnly id={`${id}-email`} email={email} />}
    />
  );
}
