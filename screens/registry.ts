import type { ComponentType, ReactNode } from 'react';
import { prefetch, preloadable } from './components/preloadable.ts';
import { resolveConfig } from './config/resolve.ts';
import { preloadMain } from './main/blocks.ts';
import { Main } from './main/Main.tsx';
import { configMessages } from './components/ConfigError.tsx';

/*
 * The one place that reaches into the flow folders by screen name, and the one list of the
 * login widget's screens: `ScreenName` is derived from these keys (below). Every screen but
 * Main loads on demand, so the login element's first paint stays small; each can be
 * preloaded (Main prefetches the screens one step away on idle or intent).
 */
export const screens = {
  Main,
  LinkReturn: preloadable(() => import('./magic-link/LinkReturn.tsx').then((m) => m.default)),
  EmailConfirmation: preloadable(() => import('./magic-link/EmailConfirmation.tsx').then((m) => m.default)),
  OTPAuthenticate: preloadable(() => import('./otp/OTPAuthenticate.tsx').then((m) => m.default)),
  OTPConfirmation: preloadable(() => import('./otp/OTPConfirmation.tsx').then((m) => m.default)),
  PasskeyConfirmation: preloadable(() => import('./passkey/PasskeyConfirmation.tsx').then((m) => m.default)),
  // Not a screen of its own: the passkey upgrade the success screens embed (components/usePasskeyOffer.ts).
  PasskeyUpgrade: preloadable(() => import('./passkey/PasskeyUpgrade.tsx').then((m) => m.default)),
  PasswordCreateOrLogin: preloadable(() => import('./password/PasswordCreateOrLogin.tsx').then((m) => m.default)),
  PasswordForgot: preloadable(() => import('./password/PasswordForgot.tsx').then((m) => m.default)),
  PasswordBreached: preloadable(() => import('./password/PasswordBreached.tsx').then((m) => m.default)),
  PasswordSetNew: preloadable(() => import('./password/PasswordSetNew.tsx').then((m) => m.default)),
  PasswordDedupe: preloadable(() => import('./password/PasswordDedupe.tsx').then((m) => m.default)),
  PasswordConfirmation: preloadable(() => import('./password/PasswordConfirmation.tsx').then((m) => m.default)),
  CryptoConnect: preloadable(() => import('./crypto/CryptoConnect.tsx').then((m) => m.default)),
  CryptoSignMessage: preloadable(() => import('./crypto/CryptoSignMessage.tsx').then((m) => m.default)),
  CryptoOtherScreen: preloadable(() => import('./crypto/CryptoOther.tsx').then((m) => m.default)),
  CryptoSetupWallet: preloadable(() => import('./crypto/CryptoSetupWallet.tsx').then((m) => m.default)),
  CryptoError: preloadable(() => import('./crypto/CryptoError.tsx').then((m) => m.default)),
  CryptoConfirmation: preloadable(() => import('./crypto/CryptoConfirmation.tsx').then((m) => m.default)),
} satisfies Record<string, ComponentType<{ children?: ReactNode }>>;

declare module './state/atoms.ts' {
  // The registry's keys are the screen names (see ScreenRegistry).
  interface ScreenRegistry extends Record<keyof typeof screens, true> {}
}

/** The roots of the elements that do not start at Main, each with its own chunk. */
export const elementFlows = {
  ResetPassword: preloadable(() => import('./password/ResetPassword.tsx').then((m) => m.default)),
  PasskeyRegistration: preloadable(() => import('./passkey/PasskeyRegistration.tsx').then((m) => m.default)),
} as const;

/**
 * Starts loading what an element's first screen shows, when its config arrives and before
 * React renders it: Main's blocks for this config, or the element flow's root. Returns what is
 * still loading (see `prefetch`): the element's first render waits for it.
 */
export function preloadFirstScreen(mode: 'login' | 'reset-password' | 'passkey-registration', config: unknown): Promise<void> | undefined {
  if (mode === 'reset-password') return prefetch(elementFlows.ResetPassword);
  if (mode === 'passkey-registration') return prefetch(elementFlows.PasskeyRegistration);
  try {
    const resolved = resolveConfig(config, configMessages());
    if (resolved.ok) return preloadMain(resolved.value);
  } catch {
    // A config that throws when read (a getter) fails the render, which reports it to the host.
  }
  return undefined;
}
