import { expect, waitUntil } from '@open-wc/testing';
import { createClient } from '../../../client/index.ts';
import { mountLogin } from '../../../elements/index.ts';
import { BOOTSTRAP, countingEnv } from '../client/fake-env.ts';
import { rootOf } from './helpers.ts';

const TOKEN = 'public-token-test-44444444-4444-4444-4444-444444444444';

describe("the login element's first paint", () => {
  it('reads no storage, cookie or random source; a stored bootstrap asking for the watermark shows it just after', async () => {
    const f = countingEnv();
    f.storage.setItem(`stytch_sdk_bootstrap::${TOKEN}`, JSON.stringify({ ...BOOTSTRAP, disable_sdk_watermark: false }));
    // Held: only the stored copy can ask for the watermark.
    f.routes['GET /projects/bootstrap/'] = () => new Promise<Response>(() => undefined);
    const host = document.createElement('div');
    host.id = 'first-paint';
    document.body.append(host);
    const client = createClient(TOKEN, { baseUrl: 'http://127.0.0.1:9999', env: f.env });
    const el = mountLogin({ elementId: '#first-paint', client, config: { products: ['emailMagicLinks'] } });
    // Main is there before any other task runs (a page's first storage or cookie read waits on the browser).
    await el.updateComplete;
    expect(rootOf(el).querySelector('h1')?.textContent).to.equal('Sign up or log in');
    expect(f.touched).to.deep.equal([]);
    await waitUntil(() => rootOf(el).textContent?.includes('Powered by'), 'the stored watermark shown');
    expect(f.touched).to.include(`storage stytch_sdk_bootstrap::${TOKEN}`);
    client.dispose();
    host.remove();
  });
});
