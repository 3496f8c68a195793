import type { ReactNode } from 'react';

/** A sign-in button's mark (one of `marks.tsx`), 20 px, decorative: the button's text names the provider. */
export function ProviderIcon({ mark }: { mark: ReactNode }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" part="provider-icon">
      {mark}
    </svg>
  );
}
