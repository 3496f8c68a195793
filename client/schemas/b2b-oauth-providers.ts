import { providerTable } from './oauth-providers.ts';

/**
 * The five B2B OAuth providers of SPEC §9 and their display names: the one list the B2B client,
 * its wire schemas and the provider share (HubSpot is a B2B provider only).
 */
export const B2B_OAUTH_PROVIDER_NAMES = { google: 'Google', microsoft: 'Microsoft', hubspot: 'HubSpot', slack: 'Slack', github: 'GitHub' } as const;

export type B2BOAuthProvider = keyof typeof B2B_OAUTH_PROVIDER_NAMES;

const table = providerTable(B2B_OAUTH_PROVIDER_NAMES);
/** The provider types, in SPEC order. */
export const B2B_OAUTH_PROVIDERS = table.types;
/** Whether `type` names one of the five B2B providers. */
export const isB2BOAuthProvider = table.is;

/** `B2BAllowedAuthMethods` of the official types: the primary factors an organization may restrict. */
export type B2BAuthMethod = 'sso' | 'magic_link' | 'password' | `${B2BOAuthProvider}_oauth` | 'email_otp';

/** Every `B2BAuthMethod`, in the official order: one `<provider>_oauth` per B2B OAuth provider. */
export const B2B_AUTH_METHODS: readonly B2BAuthMethod[] = ['sso', 'magic_link', 'password', ...B2B_OAUTH_PROVIDERS.map((p) => `${p}_oauth` as const), 'email_otp'];
