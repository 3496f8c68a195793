import { useState } from 'react';
import { passwordMessages } from '../i18n/en/password.ts';
import { useStrings } from '../context.ts';

/** Props of one password input. */
export interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** 'new-password' for create and reset, 'current-password' for log in. */
  autoComplete: 'new-password' | 'current-password';
  describedBy?: string | undefined;
  invalid?: boolean;
  disabled?: boolean;
}

/** A password input with a show/hide toggle (a pressed-state button, so its name stays put). */
export function PasswordField({ id, label, value, onChange, autoComplete, describedBy, invalid, disabled }: PasswordFieldProps) {
  const t = useStrings(passwordMessages);
  const [shown, setShown] = useState(false);
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <label htmlFor={id} part="label">
        {label}
      </label>
      <div css={{ position: 'relative', display: 'flex' }}>
        <input
          id={id}
          part="input"
          type={shown ? 'text' : 'password'}
          name="password"
          autoComplete={autoComplete}
          autoCapitalize="off"
          spellCheck={false}
          value={value}
          disabled={disabled}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
          css={{ paddingInlineEnd: 48 }}
        />
        <button
          type="button"
          part="password-toggle"
          aria-label={t('button.showPassword')}
          aria-pressed={shown}
          aria-controls={id}
          onClick={() => setShown((s) => !s)}
          css={{ position: 'absolute', insetInlineEnd: 4, top: 0, bottom: 0, width: 40, background: 'none', border: 0, padding: 0, color: 'inherit', cursor: 'pointer' }}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            {shown ? (
              <path
                fill="currentColor"
                d="M12 7a5 5 0 0 1 5 5c0 .65-.13 1.26-.36 1.83l2.92 2.92A11.8 11.8 0 0 0 22.99 12C21.26 7.61 16.99 4.5 12 4.5c-1.4 0-2.74.25-3.98.7l2.16 2.16A4.85 4.85 0 0 1 12 7zM2 4.27l2.28 2.28.46.46A11.8 11.8 0 0 0 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3 2 4.27zM7.53 9.8l1.55 1.55A2.82 2.82 0 0 0 9 12a3 3 0 0 0 3 3c.22 0 .44-.03.65-.08l1.55 1.55A4.97 4.97 0 0 1 7 12c0-.79.2-1.53.53-2.2zm4.31-.78 3.15 3.15.02-.16a3 3 0 0 0-3-3l-.17.01z"
              />
            ) : (
              <path
                fill="currentColor"
                d="M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5zM12 17a5 5 0 1 1 0-10 5 5 0 0 1 0 10zm0-8a3 3 0 1 0 0 6 3 3 0 0 0 0-6z"
              />
            )}
          </svg>
        </button>
      </div>
    </div>
  );
}
