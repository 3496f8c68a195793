import { forwardRef, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { otpDigits } from '../components/OtpInput.tsx';
import { otpMessages } from '../i18n/en/otp.ts';
import { useStrings } from '../context.ts';

const CELLS = 6;

/**
 * The passcode as six one-digit cells (`otpOptions.inputStyle: 'cells'`), as the official UI
 * shows it. The code is still one value: a cell that receives several digits at once (paste,
 * one-time-code autofill, the Web OTP API) fills the cells from there on; typing moves to the
 * next cell, Backspace in an empty cell to the previous one.
 */
export const OtpCells = forwardRef<HTMLInputElement, { id: string; value: string; disabled: boolean; label: string; describedBy?: string | undefined; invalid?: boolean; onChange(v: string): void }>(
  function OtpCells({ id, value, disabled, label, describedBy, invalid = false, onChange }, ref) {
    const t = useStrings(otpMessages);
    const cells = useRef<Array<HTMLInputElement | null>>([]);
    const focusCell = (i: number) => cells.current[Math.max(0, Math.min(CELLS - 1, i))]?.focus();

    // `typed` replaces the digits from cell `at` on; the digits before it stay.
    const put = (at: number, typed: string) => {
      const digits = otpDigits(typed);
      if (digits === '') return;
      onChange(otpDigits(value.slice(0, at) + digits + value.slice(at + digits.length)));
      focusCell(Math.min(at + digits.length, CELLS - 1));
    };

    const onKeyDown = (i: number) => (e: KeyboardEvent<HTMLInputElement>) => {
      if (e.key === 'Backspace') {
        e.preventDefault();
        if (value[i] !== undefined) onChange(value.slice(0, i) + value.slice(i + 1));
        else if (i > 0) {
          onChange(value.slice(0, i - 1));
          focusCell(i - 1);
        }
      } else if (e.key === 'ArrowLeft') focusCell(i - 1);
      else if (e.key === 'ArrowRight') focusCell(i + 1);
    };

    const onPaste = (i: number) => (e: ClipboardEvent<HTMLInputElement>) => {
      e.preventDefault();
      put(i, e.clipboardData.getData('text'));
    };

    return (
      // A code reads left to right in any language: the cells keep their order in right-to-left text.
      <div id={id} role="group" dir="ltr" aria-label={label} aria-describedby={describedBy} part="otp-cells" css={{ display: 'flex', gap: 8, justifyContent: 'space-between' }}>
        {Array.from({ length: CELLS }, (_, i) => (
          <input
            key={i}
            ref={(el) => {
              cells.current[i] = el;
              if (i === 0) {
                if (typeof ref === 'function') ref(el);
                else if (ref) ref.current = el;
              }
            }}
            part="input otp-input otp-cell"
            type="text"
            inputMode="numeric"
            // The first cell takes the one-time-code suggestion; the code spreads from there.
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            pattern="[0-9]*"
            aria-label={t('formField.otp.digitAriaLabel', { label, position: i + 1, total: CELLS })}
            aria-invalid={invalid || undefined}
            value={value[i] ?? ''}
            disabled={disabled}
            onChange={(e) => {
              // A cell holds one digit: one typed beside the one it held replaces it; more
              // digits at once (autofill, the Web OTP API) are the code from this cell on.
              const raw = otpDigits(e.target.value);
              const old = value[i];
              const typed = raw.length === 2 && old !== undefined ? (raw[0] === old ? raw[1]! : raw[0]!) : raw;
              put(Math.min(i, value.length), typed);
            }}
            onKeyDown={onKeyDown(i)}
            onPaste={onPaste(i)}
            onFocus={(e) => e.currentTarget.select()}
            css={{ width: '2.5em', minWidth: 0, flex: '1 1 0', textAlign: 'center', fontSize: 24, paddingInline: 0 }}
          />
        ))}
      </div>
    );
  },
);
