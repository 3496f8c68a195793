import { expect, waitUntil } from '@open-wc/testing';
import { rootOf, StytchLoginElement } from './helpers.ts';

/**
 * The element renders Main in the task that gives it its props, and React runs that render's
 * effects in the same task, before the browser paints. The side work of Main's mount waits
 * for the paint: the page's first storage read (the stored bootstrap, for the watermark), the
 * render event, the prefetch's idle callback.
 */
describe('what waits for Main to paint', () => {
  let el: StytchLoginElement | undefined;
  afterEach(() => el?.remove());

  it('reads the stored bootstrap and logs the render event only after the task that rendered Main', async () => {
    const done: string[] = [];
    const client = {
      bootstrap: { getSync: () => (done.push('bootstrap read'), { disable_sdk_watermark: false, email_domains: [] }), onChange: () => () => {} },
      logEvent: (e: { event_name: string }) => done.push(e.event_name),
    };
    el = document.createElement('stytch-ui') as StytchLoginElement;
    el.config = { products: ['emailMagicLinks'] };
    el.client = client as unknown as StytchLoginElement['client'];
    document.body.append(el);
    // Still the task that connected the element: the batched update and React's commit are
    // microtasks of it.
    await el.updateComplete;
    expect(rootOf(el).querySelector('h1')?.textContent).to.equal('Sign up or log in');
    expect(done, 'nothing before the paint').to.deep.equal([]);
    // Then the footer the stored bootstrap asks for, and the event, arrive.
    await waitUntil(() => rootOf(el!).textContent?.includes('Powered by'), 'the watermark shows');
    await waitUntil(() => done.includes('render_login_screen'), 'the render event is logged');
    expect(done.filter((d) => d === 'render_login_screen')).to.have.length(1);
  });
});
