import { globalAgent } from 'node:https';
import { randomBytes } from 'node:crypto';
import { B2BClient, Client, StytchError } from 'stytch';
import { Agent, setGlobalDispatcher } from 'undici';
import type { Clock } from '../../provider/context.ts';
import { startTestProvider, TEST_TLS, type TestProvider } from './harness.ts';

/*
 * The official Node SDK refuses a base URL that is not https. The test provider serves HTTPS
 * with a self-signed localhost certificate, which this process trusts: fetch (the SDK's calls)
 * through undici's global dispatcher, https.get (the SDK's JWKS fetcher) through the global agent.
 */
setGlobalDispatcher(new Agent({ connect: { ca: TEST_TLS.cert } }));
globalAgent.options.ca = TEST_TLS.cert;

export interface ServerApiSetup {
  provider: TestProvider;
  /** The official SDK, configured only with the project id, a secret and our base URL. */
  client: Client;
  /** The official SDK's B2B client, configured the same way. */
  b2b: B2BClient;
  secret: string;
  projectId: string;
  /** Another SDK client of the same project with another secret (or a wrong one). */
  clientWith(secret: string): Client;
}

export function newSecret(): string {
  return `secret-test-${randomBytes(24).toString('base64url')}`;
}

/** Starts an HTTPS provider whose PROJECT_SECRETS are `secrets` (the first one drives `client`). */
export async function startServerApi(kind: 'pglite' | 'postgres', project: Record<string, unknown> = {}, clock?: Clock, secrets = [newSecret()]): Promise<ServerApiSetup> {
  const provider = await startTestProvider(kind, { redirectUrls: ['https://app.test/authenticate'], ...project }, clock, { env: { PROJECT_SECRETS: secrets.join(',') }, tls: true });
  const projectId = provider.config.projectId;
  // Reads setup.provider at call time, so a restarted provider (new port) gets new clients.
  const setup: Omit<ServerApiSetup, 'client' | 'b2b'> = {
    provider,
    projectId,
    secret: secrets[0]!,
    clientWith: (secret) => new Client({ project_id: projectId, secret, custom_base_url: setup.provider.url }),
  };
  return Object.assign(setup, { client: setup.clientWith(setup.secret), b2b: new B2BClient({ project_id: projectId, secret: setup.secret, custom_base_url: provider.url }) });
}

/** The StytchError a call rejects with (fails the test when it resolves). */
export async function stytchError(call: Promise<unknown>): Promise<StytchError> {
  try {
    await call;
  } catch (e) {
    if (e instanceof StytchError) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
}

/** A raw /v1 call with Basic credentials, for what the SDK cannot send (bad shapes, preflight). */
export async function v1(setup: ServerApiSetup, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${setup.provider.url}/v1${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Basic ${Buffer.from(`${setup.projectId}:${setup.secret}`).toString('base64')}`,
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: Record<string, any> | undefined;
  try {
    json = JSON.parse(text) as Record<string, any>;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}
