import { useState, type ReactNode } from 'react';
import { useB2BClient, useB2BStrings } from '../widget.ts';

/*
 * The sign-in button used last in this browser goes first, marked 'Last used' (the official
 * B2B UI's, under its storage key, so a page moving from the official keeps it): an OAuth
 * provider's type, or `sso:<connection_id>`.
 */

const keyOf = (publicToken: string) => `stytch_sdk_state_${publicToken}::b2b_last_used_method`;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The method used last, read once per mount (the buttons do not reorder under the user), and
 * the function that records one as a sign-in starts.
 */
export function useLastUsed(): [string | null, (method: string) => void] {
  const { publicToken } = useB2BClient();
  const [last] = useState(() => {
    try {
      return storage()?.getItem(keyOf(publicToken)) ?? null;
    } catch {
      return null;
    }
  });
  const remember = (method: string) => {
    try {
      storage()?.setItem(keyOf(publicToken), method);
    } catch {
      // Storage refused: nothing is remembered.
    }
  };
  return [last, remember];
}

/** The buttons with the one used last moved first, and whether it was among them. */
export function lastUsedFirst<T extends { key: string }>(items: readonly T[], last: string | null): { items: T[]; found: boolean } {
  const i = last === null ? -1 : items.findIndex((x) => x.key === last);
  if (i < 0) return { items: [...items], found: false };
  return { items: [items[i]!, ...items.slice(0, i), ...items.slice(i + 1)], found: true };
}

/** A button with the 'Last used' badge on its corner. */
export function LastUsed({ children }: { children: ReactNode }) {
  const t = useB2BStrings();
  return (
    <div css={{ position: 'relative', display: 'flex', flexDirection: 'column' }}>
      {children}
      <span
        part="helper last-used"
        css={{
          position: 'absolute',
          top: -9,
          insetInlineEnd: 8,
          padding: '0 6px',
          borderRadius: 8,
          lineHeight: '16px',
          background: 'var(--stytch-container-background-color)',
          border: '1px solid var(--stytch-colors-secondary)',
        }}
      >
        {t('provider.lastUsed')}
      </span>
    </div>
  );
}
