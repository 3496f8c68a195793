/** Headless B2B client entry (`stytch-ui/b2b-client`): no React, no rendering. */
export { createB2BClient, type B2BClient } from './client.ts';
export { TEST_API_URL, LIVE_API_URL, defaultBaseUrl, type ClientOptions } from '../setup.ts';
export { StytchAPIError, StytchAPIUnreachableError, StytchAPISchemaError, StytchSDKUsageError, StytchSDKError, type APIErrorBody, type SchemaIssue } from '../errors.ts';
export { SESSION_COOKIE, SESSION_JWT_COOKIE, IST_COOKIE } from '../session/cookies.ts';
export type { ClientEnv, Timers, KeyValueStorage, CookieJar, CookieOptions, StorageListener } from '../core/env.ts';
export type { CaptchaProvider, DFPProvider } from '../core/transport.ts';
export type { BootstrapData } from '../core/bootstrap.ts';
export type { ClientEvent } from '../core/telemetry.ts';
export type { BaseResponse, SessionTokens, AuthenticationFactor } from '../session/types.ts';
export type * from './types.ts';
export type * from './magic-links.ts';
export type * from './otps.ts';
export type * from './passwords.ts';
export type * from './discovery.ts';
export type * from './members.ts';
export type * from './mfa.ts';
export { B2B_OAUTH_PROVIDERS, type B2BOAuthProvider } from '../schemas/b2b-oauth-providers.ts';
export type { B2BOAuthStartOptions, B2BOAuthDiscoveryStartOptions, B2BSsoStartOptions } from './sso.ts';
