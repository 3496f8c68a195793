import { expect } from '@open-wc/testing';
import { IframeChannel, serveClientsideServices } from '../../../client/phone/channel.ts';

describe('clientside services, host side', () => {
  it('creates the hidden iframe on first use and talks to it over a MessagePort', async () => {
    const url = `${location.origin}/README.md` // any same-origin page stands in for the services page;
    const channel = new IframeChannel(url, () => document);
    expect(document.querySelector('iframe')).to.equal(null);
    const answer = channel.parsedPhoneNumber({ phoneNumber: '2025550123', regionCode: 'US' });
    const frame = document.querySelector<HTMLIFrameElement>(`iframe[src="${url}"]`)!;
    expect(frame, 'iframe created lazily on the first call').to.exist;
    expect(frame.getAttribute('aria-hidden')).to.equal('true');
    frame.addEventListener('load', () =>
      serveClientsideServices(frame.contentWindow!, [location.origin], {
        parsedPhoneNumber: (r: { phoneNumber: string; regionCode: string }) => ({ isValid: true, number: `+1${r.phoneNumber}`, national: '(202) 555-0123' }),
        getExamplePhoneNumber: () => {
          throw new Error('no example for XX');
        },
      }),
    );
    expect(await answer).to.deep.equal({ isValid: true, number: '+12025550123', national: '(202) 555-0123' });
    const failure = await channel.getExamplePhoneNumber({ regionCode: 'XX' }).catch((e: Error) => e);
    expect((failure as Error).message).to.equal('no example for XX');
    channel.dispose();
    await new Promise((r) => setTimeout(r, 0));
    expect(document.querySelector('iframe')).to.equal(null);
  });
});
