import type { ReactNode } from 'react';

/** The primary submit button of a form; disabled and busy while the form submits. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" part="button button-primary" disabled={busy} aria-busy={busy}>
      {children}
    </button>
  );
}
