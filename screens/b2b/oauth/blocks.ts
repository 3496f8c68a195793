import { lazy } from 'react';

/*
 * What the B2B Main screens (and the SSO block beside them) take from the OAuth flow: the one
 * door into this folder from another B2B flow (the import rule allows a flow's `blocks.ts`).
 */
export { OAuthButton, buttonRowCss } from './OAuthButton.tsx';
export { useOAuthStart } from './useOAuthStart.ts';
export { shownProviders, startSettings, type OAuthStartSettings } from './providers.ts';

/** Google One Tap (its states, Google's script, the developer messages) loads only when a provider asks for it. */
export const B2BGoogleOneTap = lazy(() => import('./B2BGoogleOneTap.tsx'));
