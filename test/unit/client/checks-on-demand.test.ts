import { expect } from '@open-wc/testing';
import * as v from 'valibot';
import { checksOnDemand, type LineChecks } from '../../../client/core/checks-on-demand.ts';
import { check } from '../../../client/core/validate.ts';
import { StytchSDKError, StytchSDKUsageError } from '../../../client/errors.ts';

const schemas = { Send: v.object({ email: v.pipe(v.string('must be a string'), v.email('must be a valid email address')) }) };

/** A loader that counts its loads and fails while `failing` is set, as a chunk that cannot be fetched. */
function loader() {
  const state = { loads: 0, failing: false };
  const load = async (): Promise<LineChecks<typeof schemas>> => {
    state.loads++;
    if (state.failing) throw new TypeError('Failed to fetch dynamically imported module: /dist/chunks-client/checked-requests.js');
    return { check, schemas };
  };
  return { state, load };
}

describe('request checks loaded on demand', () => {
  it('checks with the named schema once loaded: the parsed input, or the usage error listing the field', async () => {
    const { load } = loader();
    const checkRequest = checksOnDemand(load);
    expect(await checkRequest('stytch.send', 'Send', { email: 'a@example.com' })).to.deep.equal({ email: 'a@example.com' });
    const refused = await checkRequest('stytch.send', 'Send', { email: 'nope' }).catch((e: unknown) => e);
    expect(refused).to.be.instanceOf(StytchSDKUsageError);
    expect((refused as Error).message).to.equal('Invalid call to stytch.send\nemail must be a valid email address');
  });

  it('loads once for a preload and the calls made while it is on its way', async () => {
    const { state, load } = loader();
    const checkRequest = checksOnDemand(load);
    checkRequest.preload();
    await Promise.all([checkRequest('stytch.send', 'Send', { email: 'a@example.com' }), checkRequest('stytch.send', 'Send', { email: 'b@example.com' })]);
    expect(state.loads).to.equal(1);
  });

  it('a load that fails rejects the call with a StytchSDKError that says so, and the next call loads again', async () => {
    const { state, load } = loader();
    const checkRequest = checksOnDemand(load);
    state.failing = true;
    checkRequest.preload();
    const refused = await checkRequest('stytch.send', 'Send', { email: 'a@example.com' }).catch((e: unknown) => e);
    expect(refused).to.be.instanceOf(StytchSDKError);
    expect((refused as Error).message).to.match(/^The client's request checks did not load \(Failed to fetch dynamically imported module: .*\)\. Check the connection and try again\.$/);
    state.failing = false;
    expect(await checkRequest('stytch.send', 'Send', { email: 'a@example.com' })).to.deep.equal({ email: 'a@example.com' });
    expect(state.loads).to.be.greaterThan(1);
  });
});
