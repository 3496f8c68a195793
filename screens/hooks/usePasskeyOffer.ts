import { useAtomValue } from 'jotai';
import { createElement, type ReactNode } from 'react';
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
