/** Headless client entry: no React, no rendering. */
export { createClient, defaultBaseUrl, TEST_API_URL, LIVE_API_URL, type Client, type ClientOptions } from './client.ts';
export { SDK_VERSION, SDK_NAME } from './core/request.ts';
export { StytchAPIError, StytchAPIUnreachableError, StytchAPISchemaError, StytchSDKUsageError, StytchSDKError, CaptchaRequiredError, type APIErrorBody, type SchemaIssue } from './errors.ts';
export { processResponse } from './core/process.ts';
export { backoffDelay } from './core/backoff.ts';
export { createVerifier, createChallenge, type PKCEPair } from './core/pkce.ts';
export { REFRESH_INTERVAL_MS, NON_RECOVERABLE_ERRORS } from './session/manager.ts';
export { SESSION_COOKIE, SESSION_JWT_COOKIE, IST_COOKIE } from './session/cookies.ts';
export type { ClientsideServices } from './phone/channel.ts';
export type { ClientEnv, Timers, KeyValueStorage, CookieJar, CookieOptions, StorageListener } from './core/env.ts';
export type { CaptchaProvider, DFPProvider } from './core/transport.ts';
export type { BootstrapData } from './core/bootstrap.ts';
export type { ClientEvent } from './core/telemetry.ts';
export type { ParsedPhone } from './phone/parse.ts';
export type { Session, User, AuthenticateResponse, BaseResponse, SessionTokens } from './session/types.ts';
export type * from './api/magic-links.ts';
export type * from './api/otps.ts';
export type * from './api/oauth.ts';
export type * from './api/passwords.ts';
export type * from './api/webauthn.ts';
export type * from './api/factors.ts';
export type * from './api/idp.ts';
// The OAuth provider names and the strength answers' types. The wire schemas stay inside: the calls
// load them on first use (core/on-demand.ts), and the provider imports them from client/schemas.
export { OAUTH_PROVIDER_NAMES, OAuthProviders, isOAuthProvider, type OAuthProvider } from './schemas/oauth-providers.ts';
export type { B2BStrengthCheckResult, StrengthCheckResult } from './schemas/responses.ts';
