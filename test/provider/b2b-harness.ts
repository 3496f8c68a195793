import assert from 'node:assert/strict';
import type { RunningProvider } from '../../provider/server.ts';
import { outbox, sdk, withSession } from './harness.ts';

/*
 * B2B steps the provider tests share: a discovery sign-in by email passcode, an organization
 * created by its first admin, and an organization sign-in with the passcode an email carried.
 */

/** Discovery by email passcode: the authenticate answer (intermediate_session_token, discovered_organizations). */
export async function discoverByOtp(provider: RunningProvider, email: string) {
  const send = await sdk(provider, 'POST', '/b2b/otps/email/discovery/send', { email_address: email });
  assert.equal(send.status, 200, send.text);
  const [message] = await outbox(provider, email);
  const auth = await sdk(provider, 'POST', '/b2b/otps/email/discovery/authenticate', { email_address: email, code: message!.code });
  assert.equal(auth.status, 200, auth.text);
  return auth.json.data as { intermediate_session_token: string; email_address: string; discovered_organizations: any[] };
}

/** A new organization whose first admin is `email`, signed in: the create answer. */
export async function createOrganization(provider: RunningProvider, email: string, settings: Record<string, unknown> = {}) {
  const { intermediate_session_token } = await discoverByOtp(provider, email);
  const res = await sdk(provider, 'POST', '/b2b/discovery/organizations/create', { intermediate_session_token, session_duration_minutes: 30, ...settings });
  assert.equal(res.status, 200, res.text);
  return res.json.data;
}

/** Authenticates `email` in the organization `organizationId` with the passcode last emailed to it: the answer, unchecked. */
export async function authenticateByEmailedCode(provider: RunningProvider, organizationId: string, email: string) {
  const [message] = await outbox(provider, email);
  return sdk(provider, 'POST', '/b2b/otps/email/authenticate', { organization_id: organizationId, email_address: email, code: message!.code, session_duration_minutes: 30 });
}

/** Calls a B2B route with a member session. */
export function asMember(provider: RunningProvider, sessionToken: string) {
  return (method: string, path: string, body?: unknown) => sdk(provider, method, path, body, withSession(sessionToken));
}

/** A unique slug per test. */
export function uniqueSlug(tag = 'org'): string {
  return `${tag}-${Math.random().toString(36).slice(2, 10)}`;
}
