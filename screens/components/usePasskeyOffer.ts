import { useAtomValue } from 'jotai';
import { createElement, useEffect, type ReactNode } from 'react';
import { prefetch } from './preloadable.ts';
import { useWidget } from '../context.ts';
import { signInMethodAtom } from '../state/atoms.ts';

/**
 * What a success screen shows after its text: the passkey upgrade (passkey/PasskeyUpgrade.tsx,
 * taken from the registry, so the flows never import the passkey flow) when the
 * `passkeyUpgrade` option is on and the user signed in by password, passcode or magic link;
 * otherwise nothing, and the upgrade's code is never loaded.
 */
export function usePasskeyOffer(): ReactNode {
  const { config, screens } = useWidget();
  const method = useAtomValue(signInMethodAtom);
  if (!config.passkeyUpgrade || !method || method === 'oauth') return null;
  return createElement(screens.PasskeyUpgrade);
}

/**
 * On a screen one step before a success screen (the passcode, password and link screens): starts
 * loading the passkey upgrade when the option is on, so the success screen does not wait for it.
 */
export function usePrefetchPasskeyOffer(): void {
  const { config, screens } = useWidget();
  useEffect(() => {
    if (config.passkeyUpgrade) void prefetch(screens.PasskeyUpgrade as Parameters<typeof prefetch>[0]);
  }, [config.passkeyUpgrade, screens]);
}
