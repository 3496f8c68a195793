/** The shared wire schemas: the one module the provider imports from the browser code. */
export * as requests from './requests.ts';
export * from './fields.ts';
export { OAuthProviders, type OAuthProvider } from './requests.ts';
export type { StrengthCheckResult } from './responses.ts';
