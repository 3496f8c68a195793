import { expect } from '@open-wc/testing';
import { createClient, StytchAPIError, StytchAPIUnreachableError } from '../../../client/index.ts';
import { apiError, fakeEnv, ok, rejection } from './fake-env.ts';

const TEST = 'public-token-test-33333333-3333-3333-3333-333333333333';
const BASE = 'http://localhost:4100';
const MESSAGE = "This page's origin https://host.example is not an authorized origin of the project. Add it to AUTHORIZED_ORIGINS.";

/** A provider whose CORS refusal the browser reports as a bare TypeError, plus its origin check. */
function refusedEnv(check: () => Response) {
  const f = fakeEnv();
  const inner = f.env.fetch!;
  const checks: RequestInit[] = [];
  f.env.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url.includes('/projects/origin_check/')) {
      checks.push(init);
      expect(url).to.equal(`${BASE}/sdk/v1/projects/origin_check/${TEST}`);
      return check();
    }
    if (url.includes('/otps/')) throw new TypeError('Failed to fetch');
    return inner(input, init);
  }) as typeof fetch;
  return { ...f, checks };
}

describe('client: a call the browser blocks', () => {
  it('names the unauthorized origin and AUTHORIZED_ORIGINS, in the error and once in the console', async () => {
    const f = refusedEnv(() => apiError(403, 'origin_not_authorized', MESSAGE));
    const client = createClient(TEST, { baseUrl: BASE, env: f.env });
    const first = await rejection(client.otps.email.loginOrCreate('a@example.com'));
    const second = await rejection(client.otps.email.loginOrCreate('a@example.com'));
    expect(first).to.be.instanceOf(StytchAPIError);
    expect((first as StytchAPIError).error_type).to.equal('origin_not_authorized');
    expect((first as StytchAPIError).error_message).to.equal(MESSAGE);
    expect(second).to.equal(first);
    // A simple request (no custom headers, no credentials) so no preflight stands in its way.
    expect(f.checks).to.have.length(1);
    expect(f.checks[0]!.credentials).to.equal('omit');
    expect(f.checks[0]!.headers).to.equal(undefined);
    expect(f.warnings.filter((w) => w === MESSAGE)).to.have.length(1);
    client.dispose();
  });

  it('stays "unable to contact" when the origin is authorized or the provider has no such check', async () => {
    for (const answer of [() => ok({ origin: 'https://host.example', authorized: true }), () => apiError(404, 'route_not_found')]) {
      const f = refusedEnv(answer);
      const client = createClient(TEST, { baseUrl: BASE, env: f.env });
      const e = await rejection(client.otps.email.loginOrCreate('a@example.com'));
      expect(e).to.be.instanceOf(StytchAPIUnreachableError);
      client.dispose();
    }
  });

  it('never asks with a live token', async () => {
    const f = refusedEnv(() => apiError(403, 'origin_not_authorized', MESSAGE));
    const client = createClient('public-token-live-x', { baseUrl: BASE, env: f.env });
    const e = await rejection(client.otps.email.loginOrCreate('a@example.com'));
    expect(e).to.be.instanceOf(StytchAPIUnreachableError);
    expect(f.checks).to.have.length(0);
    client.dispose();
  });
});
