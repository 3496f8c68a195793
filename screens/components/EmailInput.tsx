import type { Ref } from 'react';
import { ltrFieldCss } from './ltrField.ts';

/**
 * The email `<input>` of every sign-in form, both product lines: `${id}-email`, typed as an
 * address, left to right in every language (an address is Latin text), named invalid and
 * described by `${id}-error` while the form shows an error. The label is the caller's: a
 * `<label>` above it, or `label` as its accessible name where the screen shows none.
 */
export function EmailInput(p: {
  id: string;
  /** The field's text, held by the caller (controlled); or `defaultValue`, the text it starts with, the field then holding it. */
  value?: string;
  defaultValue?: string;
  onValue(value: string): void;
  autoComplete: string;
  placeholder: string;
  dir: 'ltr' | 'rtl';
  invalid: boolean;
  label?: string;
  /** Not `ref`: a function component gets `ref` as a prop only from React 19, and the widget files carry React 18. */
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <input
      ref={p.inputRef}
      id={`${p.id}-email`}
      part="input"
      type="email"
      name="email"
      autoComplete={p.autoComplete}
      aria-label={p.label}
      placeholder={p.placeholder}
      dir="ltr"
      css={ltrFieldCss(p.dir)}
      aria-invalid={p.invalid ? true : undefined}
      aria-describedby={p.invalid ? `${p.id}-error` : undefined}
      value={p.value}
      defaultValue={p.defaultValue}
      onChange={(e) => p.onValue(e.target.value)}
    />
  );
}
