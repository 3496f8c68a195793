import type { ComponentType } from 'react';
import { prefetch, preloadable } from '../components/preloadable.ts';
import { resolveB2BConfig } from './config.ts';
import { landsOnReset } from './resetLink.ts';
import B2BMain from './email/B2BMain.tsx';

/*
 * The one list of `<stytch-b2b-ui>`'s screens, and the one place that reaches into its flow
 * folders by screen name: `B2BScreenName` is derived from these keys (below). Every screen
 * but Main loads on demand, so the element's first paint carries Main only.
 */
export const b2bScreens = {
  Main: B2BMain,
  EmailConfirmation: preloadable(() => import('./email/B2BEmailConfirmation.tsx').then((m) => m.default)),
  EmailMethodSelection: preloadable(() => import('./email/EmailMethodSelection.tsx').then((m) => m.default)),
  EmailOtpEntry: preloadable(() => import('./email/B2BEmailOtpEntry.tsx').then((m) => m.default)),
  Discovery: preloadable(() => import('./discovery/B2BDiscovery.tsx').then((m) => m.default)),
  OrganizationMain: preloadable(() => import('./organization/B2BOrganizationMain.tsx').then((m) => m.default)),
  LoggedIn: preloadable(() => import('./result/B2BLoggedIn.tsx').then((m) => m.default)),
  Error: preloadable(() => import('./result/B2BError.tsx').then((m) => m.default)),
  MFAEnrollmentSelection: preloadable(() => import('./mfa/MFAEnrollmentSelection.tsx').then((m) => m.default)),
  TOTPEnrollmentQRCode: preloadable(() => import('./mfa/TOTPEnrollmentQRCode.tsx').then((m) => m.default)),
  TOTPEnrollmentManual: preloadable(() => import('./mfa/TOTPEnrollmentManual.tsx').then((m) => m.default)),
  TOTPEntry: preloadable(() => import('./mfa/TOTPEntry.tsx').then((m) => m.default)),
  RecoveryCodeSave: preloadable(() => import('./mfa/RecoveryCodeSave.tsx').then((m) => m.default)),
  RecoveryCodeEntry: preloadable(() => import('./mfa/RecoveryCodeEntry.tsx').then((m) => m.default)),
  SMSOTPEnrollment: preloadable(() => import('./mfa/SMSOTPEnrollment.tsx').then((m) => m.default)),
  SMSOTPEntry: preloadable(() => import('./mfa/SMSOTPEntry.tsx').then((m) => m.default)),
  PasswordAuthenticate: preloadable(() => import('./password/PasswordAuthenticate.tsx').then((m) => m.default)),
  PasswordForgotForm: preloadable(() => import('./password/PasswordForgotForm.tsx').then((m) => m.default)),
  PasswordSetNewConfirmation: preloadable(() => import('./password/PasswordSetNew.tsx').then((m) => m.default)),
  PasswordResetVerifyConfirmation: preloadable(() => import('./password/PasswordResetConfirmation.tsx').then((m) => m.default)),
  PasswordResetForm: preloadable(() => import('./password/PasswordResetForm.tsx').then((m) => m.default)),
  SSODiscoveryEmail: preloadable(() => import('./sso/SSODiscoveryEmail.tsx').then((m) => m.default)),
  SSODiscoveryMenu: preloadable(() => import('./sso/SSODiscoveryMenu.tsx').then((m) => m.default)),
  SSODiscoveryFallback: preloadable(() => import('./sso/SSODiscoveryFallback.tsx').then((m) => m.default)),
} satisfies Record<string, ComponentType>;

declare module '../state/atoms.ts' {
  // The registry's keys are the B2B screen names (see B2BScreenRegistry).
  interface B2BScreenRegistry extends Record<keyof typeof b2bScreens, true> {}
}

/**
 * Starts loading the first screen when the config arrives, beside React's first render: the
 * organization flow's Main is a chunk of its own (Discovery's Main is in the entry).
 */
export function preloadB2BFirstScreen(config: unknown): Promise<void> | undefined {
  const resolved = resolveB2BConfig(config);
  if (!resolved.ok) return undefined;
  return prefetch(
    resolved.value.authFlowType === 'Organization' ? b2bScreens.OrganizationMain : undefined,
    landsOnReset(globalThis.location?.href, resolved.value.authFlowType) ? b2bScreens.PasswordResetForm : undefined,
  );
}
