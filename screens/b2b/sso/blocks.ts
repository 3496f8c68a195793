/*
 * What the B2B Main screens, Discovery and the shell take from the SSO flow: the one door into
 * this folder from another B2B flow (the import rule allows a flow's `blocks.ts`).
 */
export { SsoAndOAuthButtons } from './SsoAndOAuthButtons.tsx';
export { ssoOnlyConnection } from './connections.ts';
export { useSsoStart } from './useSsoStart.ts';
