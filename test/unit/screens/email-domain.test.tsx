import { expect } from '@open-wc/testing';
import { act } from 'react';
import { magicLinkStateAtom, screenAtom } from '../../../screens/state/atoms.ts';
import { renderLogin, type Rendered } from './helpers.tsx';

type Boot = { disable_sdk_watermark: boolean; email_domains: string[] };

/** A bootstrap whose answer the test can change, as the client's background refresh does. */
function liveBootstrap(first: Boot) {
  let current = first;
  const listeners = new Set<(b: Boot) => void>();
  return {
    bootstrap: { getSync: () => current, onChange: (l: (b: Boot) => void) => (listeners.add(l), () => void listeners.delete(l)) },
    refresh: (b: Boot) => act(async () => ((current = b), listeners.forEach((l) => l(b)))),
  };
}

const gmailSearch = (r: Rendered) => decodeURIComponent([...r.root.querySelectorAll('a')].find((a) => a.textContent === 'Open in Gmail')!.getAttribute('href')!);

async function confirmation(config: object, bootstrap: unknown) {
  return renderLogin({ products: ['emailMagicLinks'], ...config }, { bootstrap }, (s) => {
    s.set(screenAtom, 'EmailConfirmation');
    s.set(magicLinkStateAtom, { email: 'a@example.com' });
  });
}

describe('Check your email: the sending domain the inbox links search for (SPEC §2, §3 domainHint)', () => {
  let r: Rendered | undefined;
  afterEach(() => r?.unmount());

  it("uses the host's emailMagicLinksOptions.domainHint over bootstrap", async () => {
    const b = liveBootstrap({ disable_sdk_watermark: true, email_domains: ['mail.example.org'] });
    r = await confirmation({ emailMagicLinksOptions: { domainHint: 'send.acme.test' } }, b.bootstrap);
    expect(gmailSearch(r)).to.include('from:@send.acme.test');
  });

  it('searches for no domain when bootstrap lists several, and follows a bootstrap refresh', async () => {
    const b = liveBootstrap({ disable_sdk_watermark: true, email_domains: ['one.test', 'two.test'] });
    r = await confirmation({}, b.bootstrap);
    expect(gmailSearch(r)).not.to.include('from:');
    await b.refresh({ disable_sdk_watermark: true, email_domains: ['only.test'] });
    expect(gmailSearch(r)).to.include('from:@only.test');
  });
});
