import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startPartner, type Partner } from '../../demo/connected/partner.ts';
import { registerPartner } from '../../demo/connected/register.ts';
import { databases, sdk, signInByEmailOtp, withSession } from './harness.ts';
import { startServerApi, type ServerApiSetup } from './server-api-harness.ts';

/*
 * The demo's partner app against the provider, as `npm start` wires it: its client registered
 * through the server API, "Sign in with the demo" (consent played through the element's call),
 * the ID token's claims on its page, and the OpenID Connect logout it starts.
 */
for (const kind of databases) {
  describe(`connected apps: the demo partner app signs in and out with the provider (${kind})`, () => {
    let api: ServerApiSetup;
    let partner: Partner;
    let dataDir = '';
    before(async () => {
      api = await startServerApi(kind, { connectedApps: { authorizationUrl: 'https://site.example/authorize' } });
      partner = await startPartner({ issuer: api.provider.url });
      dataDir = mkdtempSync(join(tmpdir(), 'partner-'));
    });
    after(async () => {
      await partner.close();
      await api.provider.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('registers once (kept), signs a user in, shows the claims, and logs out through the provider without asking', async () => {
      const made = await registerPartner({ providerUrl: api.provider.url, projectId: api.projectId, secret: api.secret, dataDir, partner });
      const again = await registerPartner({ providerUrl: api.provider.url, projectId: api.projectId, secret: api.secret, dataDir, partner });
      assert.deepEqual(again, made, 'the kept client is reused');
      partner.useClient(made.clientId, made.clientSecret);

      const login = await fetch(`${partner.url}login`, { redirect: 'manual' });
      assert.equal(login.status, 302);
      const authorize = new URL(login.headers.get('location')!);
      assert.equal(`${authorize.origin}${authorize.pathname}`, 'https://site.example/authorize');
      const q = authorize.searchParams;
      const user = await signInByEmailOtp(api.provider);
      const submit = await sdk(
        api.provider,
        'POST',
        '/idp/oauth/authorize/submit',
        {
          client_id: q.get('client_id'),
          redirect_uri: q.get('redirect_uri'),
          response_type: 'code',
          scopes: q.get('scope')!.split(' '),
          code_challenge: q.get('code_challenge'),
          state: q.get('state'),
          nonce: q.get('nonce'),
          consent_granted: true,
        },
        withSession(user.session_token),
      );
      assert.equal(submit.status, 200, submit.text);
      const callback = await fetch(submit.json.data.redirect_uri, { redirect: 'manual' });
      assert.equal(callback.status, 302, await callback.clone().text());
      const cookie = callback.headers.get('set-cookie')!.split(';')[0]!;
      const home = await (await fetch(partner.url, { headers: { Cookie: cookie } })).text();
      assert.ok(home.includes(user.user_id), 'the page shows the ID token subject');

      const logout = await fetch(`${partner.url}logout`, { headers: { Cookie: cookie }, redirect: 'manual' });
      const end = new URL(logout.headers.get('location')!);
      assert.equal(`${end.origin}${end.pathname}`, 'https://site.example/authorize', "discovery's end_session_endpoint is the consent page");
      const start = await sdk(
        api.provider,
        'POST',
        '/oauth/logout/start',
        {
          client_id: end.searchParams.get('client_id'),
          post_logout_redirect_uri: end.searchParams.get('post_logout_redirect_uri'),
          id_token_hint: end.searchParams.get('id_token_hint'),
          state: end.searchParams.get('state'),
        },
        withSession(user.session_token),
      );
      assert.equal(start.status, 200, start.text);
      assert.equal(start.json.data.consent_required, false);
      assert.ok((start.json.data.redirect_uri as string).startsWith(partner.postLogoutRedirectUri));
      const signedOut = await (await fetch(partner.url)).text();
      assert.ok(signedOut.includes('Sign in with the demo'));
    });
  });
}
