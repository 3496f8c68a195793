import { expect } from '@open-wc/testing';
import { IframeChannel } from '../../../client/phone/channel.ts';
import { servePage, type PhoneLib } from '../../../client/phone/page.ts';

/** libphonenumber as far as the page asks it: one valid US number, no examples. */
const phone: PhoneLib = {
  parsePhoneNumberFromString: (text) => ({ isValid: () => true, number: `+1${text}`, formatNational: () => '(202) 555-0123' }),
  getExampleNumber: () => undefined,
};

describe('clientside services, host side', () => {
  it('creates the hidden iframe on first use and talks to it over a MessagePort', async () => {
    const url = `${location.origin}/README.md`; // any same-origin page stands in for the services page;
    const channel = new IframeChannel(url, () => document);
    expect(document.querySelector('iframe')).to.equal(null);
    const answer = channel.parsedPhoneNumber({ phoneNumber: '2025550123', regionCode: 'US' });
    const frame = document.querySelector<HTMLIFrameElement>(`iframe[src="${url}"]`)!;
    expect(frame, 'iframe created lazily on the first call').to.exist;
    expect(frame.getAttribute('aria-hidden')).to.equal('true');
    // The page's own implementation (what the provider serves), started inside the frame.
    frame.addEventListener('load', () => servePage(frame.contentWindow!, { origins: [location.origin], tokens: [], oneTap: false, examples: {} }, phone));
    expect(await answer).to.deep.equal({ isValid: true, number: '+12025550123', national: '(202) 555-0123' });
    // A refusal comes back as the client's typed API error, error_type and all.
    const failure = (await channel.getExamplePhoneNumber({ regionCode: 'XX' }).catch((e: unknown) => e)) as { name: string; error_type: string; error_message: string };
    expect([failure.name, failure.error_type, failure.error_message]).to.deep.equal(['StytchAPIError', 'invalid_region_code', 'No example number is known for region XX.']);
    const oneTap = (await channel.oneTapStart({ publicToken: 'public-token-test-x' }).catch((e: unknown) => e)) as { error_type: string };
    expect(oneTap.error_type, 'an unknown token is refused before anything else').to.equal('invalid_public_token');
    channel.dispose();
    await new Promise((r) => setTimeout(r, 0));
    expect(document.querySelector('iframe')).to.equal(null);
  });
});
