import { expect } from '@open-wc/testing';
import { processFetchFailure, processResponse } from '../../../client/core/process.ts';
import { CaptchaRequiredError, StytchAPIError, StytchAPISchemaError, StytchAPIUnreachableError } from '../../../client/index.ts';
import { rejection } from './fake-env.ts';

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
    const body = {
      status_code: 404,
      request_id: 'request-id-test-9',
      error_type: 'otp_code_not_found',
      error_message: 'The OTP code was not found.',
      error_url: 'https://stytch.com/docs/api/errors/404',
    };
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
