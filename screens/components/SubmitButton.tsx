import type { ReactNode } from 'react';

/** The primary submit button of a form; disabled and busy while the form submits, or when `disabled`. */
export function SubmitButton({ busy, disabled = false, children }: { busy: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <button type="submit" part="button button-primary" disabled={busy || disabled} aria-busy={busy}>
      {children}
    </button>
  );
}
