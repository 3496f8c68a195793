/** The shared wire schemas: the one module the provider imports from the browser code. */
export * as requests from './requests.ts';
export * from './fields.ts';
export { OAUTH_PROVIDER_NAMES, OAuthProviders, isOAuthProvider, type OAuthProvider } from './oauth-providers.ts';
export type { B2BStrengthCheckResult, StrengthCheckResult } from './responses.ts';
