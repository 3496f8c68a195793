import { expect, fixture, html } from '@open-wc/testing';
import { ROOT_TAG } from '../../../elements/base/react-root.ts';
import { rootOf, settle, StytchLoginElement } from './helpers.ts';

describe('React root (r2wc)', () => {
  for (const enableShadowDOM of [true, false]) {
    it(`renders the React tree inside r2wc's element and unmounts it on removal (${enableShadowDOM ? 'shadow' : 'light'} DOM)`, async () => {
      const el = await fixture<StytchLoginElement>(html`<stytch-ui .config=${{ enableShadowDOM }}></stytch-ui>`);
      await settle(el);
      const host = rootOf(el).querySelector(ROOT_TAG) as HTMLElement & { root?: unknown };
      expect(host, 'r2wc host element').to.exist;
      expect(host.root, 'mapped property').to.be.an('object');
      expect(host.querySelector('h1')?.textContent).to.equal('Sign up or log in');
      el.remove();
      expect(host.isConnected).to.equal(false);
      // r2wc's disconnect unmounted React: the tree is gone, not merely detached.
      expect(host.querySelector('h1')).to.equal(null);
    });
  }
});
