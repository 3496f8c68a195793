import type { FormEvent, ReactNode } from 'react';
import { RetryCountdown } from '../components/RetryCountdown.tsx';
import type { Action } from '../hooks/useAction.ts';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { PasswordField } from '../components/PasswordField.tsx';
import { StrengthIndicator } from '../components/strength/StrengthIndicator.tsx';
import type { Strength } from '../components/strength/useStrengthCheck.ts';
import { useStrings } from '../context.ts';

/**
 * Choosing a new password, as sign-up and the reset page both do: the field, its strength
 * verdict and any error described by it, and Continue only once the provider calls it valid.
 */
export function NewPasswordForm(props: {
  id: string;
  label: string;
  password: string;
  onChange(password: string): void;
  strength: Strength;
  /** The form's action: busy, its error (or a rate limit's countdown) under the field. */
  action: Action;
  onSubmit(e: FormEvent): void;
  /** Fields shown above the password (the read-only email on sign-up). */
  before?: ReactNode;
}) {
  const t = useStrings();
  const { id, action } = props;
  const { error } = action;
  return (
    <form onSubmit={props.onSubmit} noValidate css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {props.before}
      <PasswordField
        id={`${id}-password`}
        label={props.label}
        autoComplete="new-password"
        value={props.password}
        onChange={props.onChange}
        invalid={!!error && !action.rateLimited}
        describedBy={`${id}-strength${error ? ` ${id}-error` : ''}`}
      />
      <StrengthIndicator id={`${id}-strength`} strength={props.strength} />
      <RetryCountdown id={`${id}-error`} action={action} />
      <SubmitButton busy={action.busy} disabled={!props.strength.valid || action.retryIn > 0}>
        {t('button.continue')}
      </SubmitButton>
    </form>
  );
}
