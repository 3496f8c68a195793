import { expect, waitUntil } from '@open-wc/testing';
import { flush, renderLogin, type Rendered } from './helpers.tsx';

describe('render_login_screen event (SPEC §7 client event logging)', () => {
  let r: Rendered | undefined;
  afterEach(() => r?.unmount());

  it('logs render_login_screen once with the options when the login screen renders', async () => {
    const logged: { event_name: string; details?: unknown }[] = [];
    const config = { products: ['emailMagicLinks'], emailMagicLinksOptions: { loginRedirectURL: 'https://app.example/auth' } };
    r = await renderLogin(config, { logEvent: (e: { event_name: string; details?: unknown }) => logged.push(e) });
    expect(r.root.textContent).to.include('Sign up or log in');
    // Logged once Main has painted (screens/schedule.ts).
    await waitUntil(() => logged.length > 0, 'the render event is logged');
    await flush();
    const renders = logged.filter((e) => e.event_name === 'render_login_screen');
    expect(renders).to.have.length(1);
    expect(renders[0]!.details).to.deep.equal({ options: config });
  });
});
