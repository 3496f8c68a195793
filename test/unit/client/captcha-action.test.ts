import { expect } from '@open-wc/testing';
import { createClient } from '../../../client/index.ts';
import { BOOTSTRAP, fakeEnv, ok } from './fake-env.ts';

const TOKEN = 'public-token-test-44444444-4444-4444-4444-444444444444';

describe('captcha action (SPEC §9)', () => {
  it('asks the captcha provider for a LOGIN token, up front and on the retry', async () => {
    const asked: unknown[][] = [];
    const captcha = { getToken: async (...a: unknown[]) => (asked.push(a), 'captcha-t') };
    let searches = 0;
    const f = fakeEnv(
      { 'POST /users/search': () => (++searches === 1 ? new Response('Captcha required', { status: 403 }) : ok({ userType: 'new' })) },
      { ...BOOTSTRAP, captcha_settings: { enabled: true, siteKey: 'k' } },
    );
    const client = createClient(TOKEN, { env: f.env, captcha });
    expect((await client.user.search('a@example.com')).userType).to.equal('new');
    expect(asked).to.deep.equal([
      ['k', 'LOGIN'],
      ['k', 'LOGIN'],
    ]);
    client.dispose();
  });
});
