import { forwardRef } from 'react';

/** Keeps only digits, at most six: typing, paste and autofill all pass through here. */
export function otpDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, 6);
}

/** The passcode field: digits only, at most 6, one-time-code autofill (SPEC §5). */
export const OtpInput = forwardRef<HTMLInputElement, { id: string; value: string; disabled: boolean; label: string; describedBy?: string | undefined; invalid?: boolean; onChange(v: string): void }>(
  function OtpInput({ id, value, disabled, label, describedBy, invalid = false, onChange }, ref) {
    return (
      <input
        ref={ref}
        id={id}
        part="input otp-input"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        // A code reads left to right in any language.
        dir="ltr"
        aria-label={label}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(otpDigits(e.target.value))}
        css={{ letterSpacing: '0.5em', textAlign: 'center', fontSize: 24 }}
      />
    );
  },
);
