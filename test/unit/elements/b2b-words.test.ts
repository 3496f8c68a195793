import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { createB2BClient } from '../../../client/b2b/index.ts';
import { mountB2B } from '../../../elements/b2b/index.ts';
import { InvalidStringsError } from '../../../screens/i18n/load.ts';
import { pseudo } from '../../../screens/i18n/locales/en-XA.ts';
import { settle } from './helpers.ts';

/*
 * The B2B element's words: its own catalog (the official B2B catalog's ids) in every shipped
 * locale, laid over the shared one, and a site's `strings` for any of its ids.
 */

const discovery = { products: ['emailMagicLinks', 'emailOtp'], authFlowType: 'Discovery' };
// Never called here: Main only renders.
const client = createB2BClient('public-token-test-00000000-0000-4000-8000-000000000000', { baseUrl: 'http://127.0.0.1:9' });

async function mounted(id: string, options: { config?: Record<string, unknown>; strings?: unknown; errors?: Error[] }) {
  await fixture(html`<div id=${id}></div>`);
  const errors = options.errors ?? [];
  const el = mountB2B({ elementId: `#${id}`, config: { ...discovery, ...options.config }, client, strings: options.strings as Record<string, string> | undefined, callbacks: { onError: (e) => errors.push(e) } });
  await settle(el);
  await waitUntil(() => el.querySelector('h1'), 'no heading');
  return el;
}
const buttons = (el: Element) => [...el.querySelectorAll('button[type="submit"]')].map((b) => b.textContent);

describe('<stytch-b2b-ui> words', () => {
  it('en-XA reaches the B2B-only ids: the B2B catalog loads beside the shared one', async () => {
    const el = await mounted('b2b-xa', { config: { locale: 'en-XA' } });
    await waitUntil(() => el.querySelector('h1')?.textContent === pseudo('Sign up or log in'), 'heading not in en-XA');
    expect(buttons(el)).to.deep.equal([pseudo('Email me a link'), pseudo('Email me a code')]);
    expect(el.querySelector('label')?.textContent).to.equal(pseudo('Email'));
  });

  it('applies a site’s strings for a B2B-only id, and refuses only the truly unknown ids and bad values', async () => {
    const errors: Error[] = [];
    const el = await mounted('b2b-strings', {
      errors,
      strings: {
        'button.emailLink': 'Send me a sign-in link',
        'organizationDiscovery.noOrgs.title': '{email} has no team yet',
        'button.emailCode': 'Code to {nobody}',
        'login.title': 42,
        'no.such.message': 'Hello',
      },
    });
    await waitUntil(() => buttons(el)[0] === 'Send me a sign-in link', 'B2B-only override not applied');
    // The refused ones fall back to the default text.
    expect(buttons(el)[1]).to.equal('Email me a code');
    expect(el.querySelector('h1')?.textContent).to.equal('Sign up or log in');
    const refused = errors.filter((e): e is InvalidStringsError => e instanceof InvalidStringsError);
    expect(refused.map((e) => e.id).sort()).to.deep.equal(['button.emailCode', 'login.title', 'no.such.message']);
    expect(refused.find((e) => e.id === 'no.such.message')!.message).to.contain('no message has this id');
    expect(refused.find((e) => e.id === 'button.emailCode')!.message).to.contain('{nobody} is not a parameter of this message');
    expect(errors.length).to.equal(refused.length);
  });
});
