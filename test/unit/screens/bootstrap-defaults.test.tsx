import { expect } from '@open-wc/testing';
import { createClient } from '../../../client/index.ts';
import { magicLinkStateAtom, screenAtom } from '../../../screens/state/atoms.ts';
import { fakeEnv } from '../client/fake-env.ts';
import { renderLogin, type Rendered } from './helpers.tsx';

const TOKEN = 'public-token-test-33333333-3333-3333-3333-333333333333';

/** A real client whose bootstrap never answers, so the widget runs on the defaults (SPEC §7, §9). */
function unbootstrappedClient() {
  const f = fakeEnv({ 'GET /projects/bootstrap/': () => new Promise<Response>(() => {}) });
  return createClient(TOKEN, { env: f.env });
}

describe('bootstrap defaults before the first answer', () => {
  let r: Rendered | undefined;
  let client: ReturnType<typeof createClient> | undefined;
  afterEach(() => {
    r?.unmount();
    client?.dispose();
    r = client = undefined;
  });

  it('Main shows no Powered by footer until bootstrap asks for the watermark', async () => {
    client = unbootstrappedClient();
    r = await renderLogin({ products: ['emailMagicLinks'] }, { bootstrap: client.bootstrap });
    expect(r.root.textContent).to.include('Sign up or log in');
    expect(r.root.textContent).not.to.include('Powered by');
  });

  it("Check your email searches the inboxes for mail from the provider's default domain", async () => {
    client = unbootstrappedClient();
    r = await renderLogin({ products: ['emailMagicLinks'] }, { bootstrap: client.bootstrap }, (s) => {
      s.set(screenAtom, 'EmailConfirmation');
      s.set(magicLinkStateAtom, { email: 'a@example.com' });
    });
    const gmail = [...r.root.querySelectorAll('a')].find((a) => a.textContent === 'Open in Gmail');
    expect(decodeURIComponent(gmail!.getAttribute('href')!)).to.include('from:@stytch.com');
  });
});
