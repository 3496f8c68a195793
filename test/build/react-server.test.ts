// stytch-ui/react on a server, as it ships (dist/react.js, which imports dist/server.js there):
// what a server render of an app holds before any script runs.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createElement } from 'react';
import { renderToReadableStream } from 'react-dom/server';

const REACT = '../../dist/react.js';
const sdk = (await import(REACT)) as typeof import('../../elements/react/index.ts');

async function render(node: Parameters<typeof renderToReadableStream>[0]): Promise<string> {
  const stream = await renderToReadableStream(node);
  await stream.allReady;
  return new Response(stream).text();
}

describe('stytch-ui/react server render', () => {
  const stytch = sdk.createStytchClient('public-token-test-11111111-1111-1111-1111-111111111111', { endpoints: { testAPIURL: 'http://localhost:8787' } });

  it('the login element carries its first screen, rendered from the official config, for the element to hydrate', async () => {
    const config = { products: [sdk.Products.otp], otpOptions: { methods: [sdk.OTPMethods.Email], expirationMinutes: 10 } };
    const html = await render(createElement(sdk.StytchProvider, { stytch }, createElement(sdk.StytchLogin, { config })));
    assert.match(html, /^<stytch-ui config="[^"]*" data-stytch-scope="[a-z0-9]+"><div hidden><style>/);
    for (const text of ['>Sign up or log in</h1>', '>Email</label>', '>Continue with email</button>']) assert.ok(html.includes(text), text);
    assert.match(html, /<stytch-widget-root data-stytch-ssr="[a-z0-9]+\.[a-z0-9]+"/);
    const attribute = /config="([^"]*)"/.exec(html)![1]!.replaceAll('&quot;', '"');
    assert.deepEqual(JSON.parse(attribute), { products: ['otp'], otpOptions: { methods: ['email'], expirationMinutes: 10 } });
  });

  it('a shadow-DOM config renders a declarative shadow root', async () => {
    const html = await render(
      createElement(sdk.StytchProvider, { stytch }, createElement(sdk.StytchLogin, { config: { products: ['otp'], otpOptions: { methods: ['email'] }, enableShadowDOM: true } })),
    );
    assert.match(html, /^<stytch-ui config="[^"]*"><template shadowrootmode="open"><div hidden><style>:host\{/);
  });

  it('the hooks answer uninitialized; the client is a stand-in whose calls say they ran on a server', async () => {
    function Probe() {
      const user = sdk.useStytchUser();
      const session = sdk.useStytchSession();
      return createElement('pre', null, JSON.stringify([user, session]));
    }
    const html = await render(createElement(sdk.StytchProvider, { stytch }, createElement(Probe)));
    assert.equal(
      html,
      `<pre>${JSON.stringify([
        { user: null, fromCache: false, isInitialized: false },
        { session: null, fromCache: false, isInitialized: false },
      ]).replaceAll('"', '&quot;')}</pre>`,
    );
    assert.throws(() => stytch.session.revoke(), { message: '[Stytch] Invalid server-side function call to stytch.session.revoke' });
  });

  it("IdentityProvider given the consent the site's server started (prefetchedConsent) carries the consent screen and the consent itself, for the element to hydrate", async () => {
    const request = '?client_id=connected-app-test-1&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&scope=openid+email';
    const start = {
      client: { client_id: 'connected-app-test-1', client_type: 'third_party', client_name: 'Notes', client_description: 'Keeps your notes' },
      consent_required: true,
      scope_results: [{ scope: 'openid', is_grantable: true, description: 'Verify your identity' }],
    };
    const html = await render(createElement(sdk.StytchProvider, { stytch }, createElement(sdk.IdentityProvider, { prefetchedConsent: { request, start, projectName: 'Demo Site' } })));
    assert.match(html, /^<stytch-identity-provider prefetched-consent="[^"]*" data-stytch-scope="[a-z0-9]+">/);
    for (const text of ['Notes', 'Demo Site', '>Allow</button>', '>Deny</button>']) assert.ok(html.includes(text), text);
    const attribute = /prefetched-consent="([^"]*)"/.exec(html)![1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&');
    assert.deepEqual(JSON.parse(attribute), { request, start, projectName: 'Demo Site' });
  });

  it('the other elements render empty, for the browser to fill', async () => {
    const html = await render(createElement(sdk.StytchProvider, { stytch }, createElement(sdk.StytchPasswordReset, { config: { products: ['passwords'] }, passwordResetToken: 'token-1' })));
    assert.equal(html, `<stytch-reset-password config="{&quot;products&quot;:[&quot;passwords&quot;]}"></stytch-reset-password>`);
  });
});
