import { expect } from '@open-wc/testing';
import { processFetchFailure, processResponse, retryAfterSeconds } from '../../../client/core/process.ts';
import { readRetryAfter } from '../../../client/errors.ts';
import { CaptchaRequiredError, StytchAPIError, StytchAPISchemaError, StytchAPIUnreachableError } from '../../../client/index.ts';
import { rejection } from './fake-env.ts';

/** An API error's body as the provider sends it, with the docs link of its status. */
function errorBody(status_code: number, request_id: string, error_type: string, error_message: string) {
  return { status_code, request_id, error_type, error_message, error_url: `https://stytch.com/docs/api/errors/${status_code}` };
}

describe('client processResponse', () => {
  it('returns data of a 2xx envelope', async () => {
    const r = new Response(JSON.stringify({ data: { request_id: 'r1', status_code: 200, user_id: 'u' } }), { status: 200 });
    expect(await processResponse(r)).to.deep.equal({ request_id: 'r1', status_code: 200, user_id: 'u' });
  });

  it('rejects a 2xx body that is not JSON with the invalid-JSON text', async () => {
    const e = await rejection(processResponse(new Response('<html>', { status: 200 })));
    expect(e).to.be.instanceOf(StytchAPIUnreachableError);
    expect(e.message).to.equal('Invalid JSON response from our servers.');
  });

  it('formats an API error as [status] type, message and docs link', async () => {
    const body = errorBody(404, 'request-id-test-9', 'otp_code_not_found', 'The OTP code was not found.');
    const e = (await rejection(processResponse(new Response(JSON.stringify(body), { status: 404, headers: { 'content-type': 'application/json' } })))) as StytchAPIError;
    expect(e).to.be.instanceOf(StytchAPIError);
    expect(e.name).to.equal('StytchAPIError');
    expect(e.message).to.equal('[404] otp_code_not_found\nThe OTP code was not found.\nSee https://stytch.com/docs/api/errors/404 for more information.\nrequest_id: request-id-test-9\n');
    expect([e.status_code, e.error_type, e.error_message, e.error_url, e.request_id]).to.deep.equal([
      404,
      'otp_code_not_found',
      'The OTP code was not found.',
      'https://stytch.com/docs/api/errors/404',
      'request-id-test-9',
    ]);
  });

  it("keeps the seconds of a 429's Retry-After on the error, the official shape otherwise", async () => {
    const body = errorBody(429, 'r', 'too_many_requests', 'Too many requests have been made. Please wait and try again.');
    const answer = (retryAfter?: string) =>
      new Response(JSON.stringify(body), { status: 429, headers: { 'content-type': 'application/json', ...(retryAfter === undefined ? {} : { 'retry-after': retryAfter }) } });
    const e = (await rejection(processResponse(answer('42')))) as StytchAPIError;
    expect(e).to.be.instanceOf(StytchAPIError);
    expect([e.status_code, e.error_type, e.retry_after_seconds, readRetryAfter(e)]).to.deep.equal([429, 'too_many_requests', 42, 42]);
    expect(e.message).to.equal(
      '[429] too_many_requests\nToo many requests have been made. Please wait and try again.\nSee https://stytch.com/docs/api/errors/429 for more information.\nrequest_id: r\n',
    );
    const without = (await rejection(processResponse(answer()))) as StytchAPIError;
    expect('retry_after_seconds' in without).to.equal(false);
    expect(readRetryAfter(without)).to.equal(undefined);
    expect(readRetryAfter(await rejection(processResponse(answer('soon'))))).to.equal(undefined);
  });

  it('reads Retry-After as delta-seconds or an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds('120', now)).to.equal(120);
    expect(retryAfterSeconds(' 0 ', now)).to.equal(0);
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:01:30 GMT', now)).to.equal(90);
    expect(retryAfterSeconds('Wed, 31 Dec 2025 23:00:00 GMT', now)).to.equal(0);
    expect(retryAfterSeconds('-5', now)).to.equal(undefined);
    expect(retryAfterSeconds(null, now)).to.equal(undefined);
  });

  it('reads a wait only from a 429: another status with Retry-After is no rate limit', () => {
    expect(readRetryAfter({ status_code: 503, error_type: 'server_unavailable', retry_after_seconds: 5 })).to.equal(undefined);
    expect(readRetryAfter({ status_code: 429, error_type: 'too_many_failed_attempts', retry_after_seconds: 3600 })).to.equal(3600);
    expect(readRetryAfter(new Error('x'))).to.equal(undefined);
  });

  it('rejects a JSON-typed error body that does not parse', async () => {
    const e = await rejection(processResponse(new Response('{oops', { status: 500, headers: { 'content-type': 'application/json' } })));
    expect(e).to.be.instanceOf(StytchAPIUnreachableError);
    expect(e.message).to.equal('Invalid or no response from server');
  });

  it('lists data paths and messages of a schema error', async () => {
    const body = {
      body: [
        { dataPath: '.email', message: 'should be string' },
        { dataPath: '.session_duration_minutes', message: 'should be number' },
      ],
    };
    const e = await rejection(processResponse(new Response(JSON.stringify(body), { status: 400, headers: { 'content-type': 'application/json' } })));
    expect(e).to.be.instanceOf(StytchAPISchemaError);
    expect(e.message).to.equal('Request does not match expected schema\n.email: should be string\n.session_duration_minutes: should be number');
  });

  it('turns a non-JSON Captcha required answer into the captcha signal', async () => {
    const e = await rejection(processResponse(new Response('Captcha required', { status: 403, headers: { 'content-type': 'text/plain' } })));
    expect(e).to.be.instanceOf(CaptchaRequiredError);
  });

  it('rejects any other non-JSON error body', async () => {
    const e = await rejection(processResponse(new Response('Bad gateway', { status: 502 })));
    expect(e).to.be.instanceOf(StytchAPIUnreachableError);
    expect(e.message).to.equal('Invalid response from our servers.');
  });

  it('maps a failed fetch to Unable to contact our servers.', () => {
    expect(() => processFetchFailure(new TypeError('Failed to fetch'))).to.throw(StytchAPIUnreachableError, 'Unable to contact our servers.');
    const abort = new DOMException('aborted', 'AbortError');
    expect(() => processFetchFailure(abort)).to.throw(DOMException);
  });
});
