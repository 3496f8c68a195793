import type { ProviderContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { checkRedirectUrl, createClient, type ClientType } from './connected-apps.ts';
import { oauthError } from './idp-tokens.ts';

/*
 * Dynamic client registration (RFC 7591), for agents that register themselves: off unless the
 * project turns it on (`connectedApps.dynamicRegistration`). A registered client is always a
 * third-party one, so every user is asked before it gets anything.
 */

const AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'];
const GRANT_TYPES = ['authorization_code', 'refresh_token'];

const invalidMetadata = (why: string) => oauthError(400, 'invalid_client_metadata', why);

function stringList(value: unknown, field: string, allowed?: string[]): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length > 20 || value.some((x) => typeof x !== 'string')) throw invalidMetadata(`${field} must be an array of at most 20 strings.`);
  const list = value as string[];
  const bad = allowed && list.find((x) => !allowed.includes(x));
  if (bad) throw invalidMetadata(`${field}: ${bad.slice(0, 100)} is not supported (supported: ${allowed!.join(', ')}).`);
  return list;
}

function text(value: unknown, field: string, max: number): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length > max) throw invalidMetadata(`${field} must be a string of at most ${max} characters.`);
  return value;
}

/** Registers a client from its metadata; the answer is RFC 7591 §3.2.1's, with the secret (if any) shown this once. */
export async function registerClient(ctx: ProviderContext, meta: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (!ctx.config.connectedApps.dynamicRegistration) {
    throw new ApiError(
      403,
      'dynamic_registration_disabled',
      'This project does not take dynamic client registration: create the client with the server API or the admin CLI.',
      {},
      { error: 'access_denied' },
    );
  }
  const redirects = stringList(meta.redirect_uris, 'redirect_uris');
  if (!redirects?.length) throw oauthError(400, 'invalid_redirect_uri', 'redirect_uris must name at least one redirect URI.');
  for (const r of redirects) {
    try {
      checkRedirectUrl('redirect_uris', r);
    } catch (e) {
      throw oauthError(400, 'invalid_redirect_uri', e instanceof Error ? e.message : 'redirect_uris are not valid.');
    }
  }
  // RFC 7591 §2: client_secret_basic when the client says nothing.
  const method = text(meta.token_endpoint_auth_method, 'token_endpoint_auth_method', 50) ?? 'client_secret_basic';
  if (!AUTH_METHODS.includes(method)) throw invalidMetadata(`token_endpoint_auth_method must be one of ${AUTH_METHODS.join(', ')}.`);
  const grantTypes = stringList(meta.grant_types, 'grant_types', GRANT_TYPES) ?? ['authorization_code'];
  const responseTypes = stringList(meta.response_types, 'response_types', ['code']) ?? ['code'];
  const name = text(meta.client_name, 'client_name', 200) ?? '';
  const logo = text(meta.logo_uri, 'logo_uri', 2000);
  if (logo !== undefined && !/^https:\/\/\S+$/.test(logo)) throw invalidMetadata('logo_uri must be an https URL.');
  const type: ClientType = method === 'none' ? 'third_party_public' : 'third_party';
  const made = await createClient(ctx.db, ctx.env, ctx.clock.now(), type, { client_name: name, redirect_urls: redirects, logo_url: logo }, ctx.config.connectedApps, 'DYNAMIC_CLIENT_REGISTRATION');
  return {
    client_id: made.row.client_id,
    ...(made.secret === null ? {} : { client_secret: made.secret, client_secret_expires_at: 0 }),
    client_id_issued_at: Math.floor(new Date(made.row.created_at).getTime() / 1000),
    client_name: name,
    redirect_uris: redirects,
    token_endpoint_auth_method: method,
    grant_types: grantTypes,
    response_types: responseTypes,
    ...(logo ? { logo_uri: logo } : {}),
  };
}
