import { expect, fixture, html } from '@open-wc/testing';
import '../../elements/index.ts';

describe('stytch-ui', () => {
  it('renders the Main header inside an open shadow root', async () => {
    const el = await fixture<HTMLElement>(html`<stytch-ui></stytch-ui>`);
    await new Promise((r) => setTimeout(r, 0));
    const heading = el.shadowRoot?.querySelector('h1');
    expect(el.shadowRoot, 'shadow root').to.exist;
    expect(heading?.textContent).to.equal('Sign up or log in');
  });
});
