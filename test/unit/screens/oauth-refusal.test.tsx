import { expect } from '@open-wc/testing';
import { button, click, renderLogin, type Rendered } from './helpers.tsx';

// An OAuth sign-in the login widget started that comes back refused to the widget's own page:
// `?error=…&error_description=…` from the provider (the person cancelled, the state expired).

const OAUTH = { products: ['oauth'], oauthOptions: { providers: [{ type: 'github' }] } };
const WORDS = 'The sign-in could not be completed. Please try again.';
const KEY = 'stytch_ui_redirect_sign_in';

describe('a refused OAuth sign-in coming back to the login widget', () => {
  let r: Rendered | undefined;
  const start = location.href;
  afterEach(() => {
    r?.unmount();
    r = undefined;
    history.replaceState(null, '', start);
    sessionStorage.removeItem(KEY);
  });
  const returnWith = (query: string) => history.replaceState(null, '', `?keep=1&${query}`);
  const oauth = { github: { start: () => Promise.resolve() } };

  it('started in this tab: the widget says so under its OAuth buttons, the host hears the provider, and the address bar is cleaned', async () => {
    r = await renderLogin(OAUTH, { oauth });
    await click(button(r.root, 'Continue with GitHub'));
    r.unmount();
    // The provider sends the browser back to this page with the refusal.
    returnWith('error=access_denied&error_description=The+user+cancelled+the+sign-in.');
    r = await renderLogin(OAUTH, { oauth });
    expect(r.root.querySelector('[part="oauth"] [role="alert"]')?.textContent).to.equal(WORDS);
    expect(r.errors.map((e) => e.message)).to.deep.equal(['OAuth sign-in refused: access_denied: The user cancelled the sign-in.']);
    expect(location.search).to.equal('?keep=1');
    // The note is read once: a reload shows nothing.
    r.unmount();
    returnWith('error=access_denied');
    r = await renderLogin(OAUTH, { oauth });
    expect(r.root.querySelector('[part="oauth"] [role="alert"]')?.textContent ?? '').to.equal('');
  });

  it('a press of a button clears it', async () => {
    sessionStorage.setItem(KEY, 'oauth');
    returnWith('error=oauth_state_not_found');
    r = await renderLogin(OAUTH, { oauth });
    expect(r.root.querySelector('[part="oauth"] [role="alert"]')?.textContent).to.equal(WORDS);
    await click(button(r.root, 'Continue with GitHub'));
    expect(r.root.querySelector('[part="oauth"] [role="alert"]')?.textContent ?? '').to.equal('');
  });

  it('a page whose widget shows no OAuth buttons says it in a toast', async () => {
    sessionStorage.setItem(KEY, 'oauth');
    returnWith('error=access_denied');
    r = await renderLogin({ products: ['otp'], otpOptions: { methods: ['email'] } }, {});
    expect(r.root.querySelector('[part~="toast"]')?.textContent).to.contain(WORDS);
    expect(r.errors).to.have.length(1);
  });

  it('not started in this tab (any link may carry error=): nothing is shown, nothing reported, the address bar kept', async () => {
    returnWith('error=access_denied');
    r = await renderLogin(OAUTH, { oauth });
    expect(r.root.querySelector('[part="oauth"] [role="alert"]')?.textContent ?? '').to.equal('');
    expect(r.errors).to.deep.equal([]);
    expect(location.search).to.equal('?keep=1&error=access_denied');
  });
});
