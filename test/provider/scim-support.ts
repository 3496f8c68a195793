import assert from 'node:assert/strict';
import type { ServerApiSetup } from './server-api-harness.ts';
import { outbox } from './harness.ts';
import { uniqueSlug } from './b2b-harness.ts';

/*
 * A SCIM client as an identity provider is one: bearer token, `application/scim+json`, the
 * connection's base_url; and the organization with a SCIM connection the SCIM tests start from.
 */

export interface ScimAnswer {
  status: number;
  headers: Headers;
  json: any;
  text: string;
}

/** One SCIM request to `base` + `path` with the bearer token (or none when `token` is null). */
export async function scim(base: string, token: string | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ScimAnswer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'Content-Type': 'application/scim+json' } : {}),
      ...(token !== null ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** Asserts a SCIM error answer (RFC 7644 §3.12) of `status`, with `scimType` when given. */
export function assertScimError(a: ScimAnswer, status: number, scimType?: string): void {
  assert.equal(a.status, status, a.text);
  assert.match(a.headers.get('content-type') ?? '', /^application\/scim\+json/);
  assert.deepEqual(a.json.schemas, ['urn:ietf:params:scim:api:messages:2.0:Error']);
  assert.equal(a.json.status, String(status));
  assert.equal(typeof a.json.detail, 'string');
  if (scimType !== undefined) assert.equal(a.json.scimType, scimType, a.text);
}

export interface ScimOrg {
  organizationId: string;
  connectionId: string;
  base: string;
  token: string;
  call: (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<ScimAnswer>;
}

/** A new organization with a SCIM connection made through the official Node SDK. */
export async function scimOrganization(setup: ServerApiSetup, identityProvider = 'okta'): Promise<ScimOrg> {
  const { organization } = await setup.b2b.organizations.create({ organization_name: 'SCIM Org', organization_slug: uniqueSlug('scim') });
  const created = await setup.b2b.scim.connection.create({ organization_id: organization.organization_id, display_name: 'Provisioning', identity_provider: identityProvider });
  const c = created.connection!;
  return {
    organizationId: organization.organization_id,
    connectionId: c.connection_id,
    base: c.base_url,
    token: c.bearer_token,
    call: (method, path, body, headers) => scim(c.base_url, c.bearer_token, method, path, body, headers),
  };
}

/** A User resource as Okta sends it on provisioning. */
export function oktaUser(email: string, extra: Record<string, unknown> = {}) {
  const [local] = email.split('@');
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    userName: email,
    name: { givenName: local, familyName: 'Tester' },
    emails: [{ primary: true, value: email, type: 'work' }],
    displayName: `${local} Tester`,
    locale: 'en-US',
    externalId: `00u${Math.random().toString(36).slice(2, 12)}`,
    groups: [],
    password: 'never-kept',
    active: true,
    ...extra,
  };
}

/** A member session of `email` in the organization, by an organization login link through the Node SDK. */
export async function memberSession(setup: ServerApiSetup, organizationId: string, email: string): Promise<string> {
  await setup.b2b.magicLinks.email.loginOrSignup({ organization_id: organizationId, email_address: email, login_redirect_url: 'https://app.test/authenticate' });
  const messages = await outbox(setup.provider, email);
  const token = new URL(messages[messages.length - 1]!.link!).searchParams.get('token')!;
  const auth = await setup.b2b.magicLinks.authenticate({ magic_links_token: token, session_duration_minutes: 60 });
  assert.equal(auth.member_authenticated, true);
  return auth.session_token;
}
