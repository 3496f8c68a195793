import type { FormEvent, ReactNode } from 'react';
import { ErrorText } from '../components/ErrorText.tsx';
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
  error: string | undefined;
  busy: boolean;
  onSubmit(e: FormEvent): void;
  /** Fields shown above the password (the read-only email on sign-up). */
  before?: ReactNode;
}) {
  const t = useStrings();
  const { id, error } = props;
  return (
    <form onSubmit={props.onSubmit} noValidate css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {props.before}
      <PasswordField
        id={`${id}-password`}
        label={props.label}
        autoComplete="new-password"
        value={props.password}
        onChange={props.onChange}
        invalid={!!error}
        describedBy={`${id}-strength${error ? ` ${id}-error` : ''}`}
      />
      <StrengthIndicator id={`${id}-strength`} strength={props.strength} />
      <ErrorText id={`${id}-error`} message={error} />
      <SubmitButton busy={props.busy} disabled={!props.strength.valid}>
        {t('button.continue')}
      </SubmitButton>
    </form>
  );
}
