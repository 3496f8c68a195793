import { useAtom } from 'jotai';
import { useState, type FormEvent, type ReactNode } from 'react';
import { isEmail } from '../components/email.ts';
import { PasswordField } from '../components/PasswordField.tsx';
import { RetryCountdown } from '../components/RetryCountdown.tsx';
import { formSubmit, useAction, type Action } from '../hooks/useAction.ts';
import { useWidgetId } from '../hooks/useWidgetId.ts';
import { EmailInput } from '../components/EmailInput.tsx';
import { b2bEmailAtom } from './state.ts';
import { useB2BStrings } from './widget.ts';

/** The B2B forms' column, with the official spacing. */
export const formCss = { display: 'flex', flexDirection: 'column', gap: 12 } as const;

/**
 * What a password screen's email form holds: the address, starting from the one the widget
 * remembers (`b2bEmailAtom`, which `setStored` sets), the form's action and id, and its submit,
 * which refuses what is not an address and otherwise runs `work` with the address trimmed.
 */
export function useEmailEntry(work: (address: string) => Promise<unknown>) {
  const t = useB2BStrings();
  const [stored, setStored] = useAtom(b2bEmailAtom);
  const [email, setEmail] = useState(stored);
  const action = useAction();
  const id = useWidgetId();
  const address = email.trim();
  const submit = formSubmit(
    action,
    () => (isEmail(address) ? undefined : t('error.invalidEmailAddress')),
    () => work(address),
  );
  return { email, setEmail, address, setStored, action, id, submit };
}

/**
 * The B2B screens' email form (Main, Organization Main, Password Authenticate, Password Forgot
 * Form): the labelled work-email field, the current password when the screen signs in with one,
 * the form's error (or a rate limit's countdown), its primary submit button, then the screen's
 * other actions. The field reads left to right in every language (an address is Latin text); the
 * error describes both fields.
 */
export function EmailForm({
  id,
  email,
  defaultEmail,
  onEmail,
  password,
  action,
  submitLabel,
  onSubmit,
  after,
}: {
  /** The screen's `useWidgetId()`: the field is `${id}-email`, the error `${id}-error`. */
  id: string;
  /** The address, held by the screen; or `defaultEmail`, the address the field starts with, the field then holding what is typed. */
  email?: string;
  defaultEmail?: string;
  onEmail(value: string): void;
  /** A sign-in by password: its current-password field (`${id}-password`) after the address, which is then the `username` password managers pair with it. */
  password?: { value: string; onChange(value: string): void } | undefined;
  /** The screen's action: its error (or a rate limit's countdown) shows under the form, and its primary button waits for it. */
  action: Action;
  /** The primary button's text; omitted: no primary button (the screen's `after` submits). */
  submitLabel?: string | undefined;
  onSubmit(e: FormEvent<HTMLFormElement>): void;
  after?: ReactNode;
}) {
  const t = useB2BStrings();
  const { busy, error } = action;
  return (
    <form onSubmit={onSubmit} noValidate css={formCss}>
      <label htmlFor={`${id}-email`} part="label">
        {t('formField.email.label')}
      </label>
      <EmailInput
        id={id}
        value={email}
        defaultValue={defaultEmail}
        onValue={onEmail}
        autoComplete={password ? 'username' : 'email'}
        placeholder={t('formField.email.placeholder')}
        dir={t.dir}
        invalid={!!error && !action.rateLimited}
      />
      {password ? (
        <PasswordField
          id={`${id}-password`}
          label={t('formField.password.label')}
          value={password.value}
          onChange={password.onChange}
          autoComplete="current-password"
          describedBy={error ? `${id}-error` : undefined}
          invalid={!!error && !action.rateLimited}
        />
      ) : null}
      <RetryCountdown id={`${id}-error`} action={action} />
      {submitLabel ? (
        <button type="submit" part="button button-primary" disabled={action.blocked} aria-busy={busy}>
          {submitLabel}
        </button>
      ) : null}
      {after}
    </form>
  );
}
