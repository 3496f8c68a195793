import { expect, fixture, html } from '@open-wc/testing';
import { createElement, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
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
      // r2wc's disconnect unmounted React once the task's microtasks ran: the tree is gone, not merely detached.
      await Promise.resolve();
      expect(host.querySelector('h1') === null, 'the heading is gone').to.equal(true);
    });
  }

  // Issue 52: a host's React that removed the element (the README's `if (user) return <button>`)
  // made its root unmount in the middle of that React's commit, and React logged
  // "Attempted to synchronously unmount a root while React was already rendering".
  it("removed by a host's React as it renders: no React error, and the widget's tree is unmounted", async () => {
    const errors: string[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => errors.push(args.map(String).join(' '));
    const container = document.createElement('div');
    document.body.append(container);
    const app = createRoot(container);
    let signIn!: () => void;
    function App() {
      const [user, setUser] = useState(false);
      signIn = () => setUser(true);
      return user ? createElement('button', null, 'Sign out') : createElement('stytch-ui');
    }
    try {
      flushSync(() => app.render(createElement(App)));
      const el = container.querySelector('stytch-ui') as StytchLoginElement;
      await settle(el);
      const host = rootOf(el).querySelector(ROOT_TAG)!;
      expect(host.querySelector('h1')?.textContent).to.equal('Sign up or log in');
      flushSync(() => signIn());
      expect(container.querySelector('button')?.textContent).to.equal('Sign out');
      await settle(el);
      expect(host.querySelector('h1') === null, 'unmounted').to.equal(true);
    } finally {
      console.error = consoleError;
      app.unmount();
      container.remove();
    }
    expect(errors).to.deep.equal([]);
  });

  it('moved in the page (removed and put back in one task): shows its screen, its root unmounted by no late unmount', async () => {
    const errors: string[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => errors.push(args.map(String).join(' '));
    const other = document.createElement('section');
    document.body.append(other);
    try {
      const el = await fixture<StytchLoginElement>(html`<stytch-ui></stytch-ui>`);
      await settle(el);
      other.append(el);
      await settle(el);
      expect(rootOf(el).querySelector(ROOT_TAG)!.querySelector('h1')?.textContent).to.equal('Sign up or log in');
    } finally {
      console.error = consoleError;
      other.remove();
    }
    expect(errors).to.deep.equal([]);
  });
});
