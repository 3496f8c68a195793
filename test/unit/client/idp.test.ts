import { expect } from '@open-wc/testing';
import { createClient, StytchSDKUsageError } from '../../../client/index.ts';
import { createB2BClient } from '../../../client/b2b/index.ts';
import { fakeEnv, ok, rejection } from './fake-env.ts';

const TOKEN = 'public-token-test-44444444-4444-4444-4444-444444444444';
const BASE = 'http://localhost:4100/p';
const CLIENT = { client_id: 'connected-app-test-1', client_type: 'third_party', client_name: 'Notes', client_description: 'Takes notes' };
const REQUEST = { client_id: CLIENT.client_id, redirect_uri: 'https://app.example/cb', response_type: 'code', scopes: ['openid', 'email'] };
const APP = { connected_app_id: CLIENT.client_id, name: 'Notes', description: 'Takes notes', client_type: 'third_party', scopes_granted: 'email openid' };

/** What the calls sent, after the bootstrap: path and body. */
const sent = (calls: { url: string; init: RequestInit; body: unknown }[]) =>
  calls.filter((c) => !c.url.includes('/projects/') && !c.url.endsWith('/events')).map((c) => [c.init.method, c.url.replace(`${BASE}/sdk/v1`, ''), c.body]);

describe('the headless client: connected apps (idp, user, member)', () => {
  it('idp.oauthAuthorizeStart, oauthAuthorizeSubmit and oauthLogoutStart post to the official paths; the start drops what it does not take', async () => {
    const f = fakeEnv({
      'POST /idp/oauth/authorize/start': () => ok({ user_id: 'u', user: {}, client: CLIENT, consent_required: true, scope_results: [] }),
      'POST /idp/oauth/authorize/submit': () => ok({ redirect_uri: 'https://app.example/cb?code=c', authorization_code: 'c' }),
      'POST /oauth/logout/start': () => ok({ redirect_uri: 'https://app.example/bye', consent_required: true }),
    });
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    const start = await client.idp.oauthAuthorizeStart({ ...REQUEST, state: 's', nonce: 'n' } as typeof REQUEST);
    expect(start.client.client_name).to.equal('Notes');
    const submit = await client.idp.oauthAuthorizeSubmit({ ...REQUEST, consent_granted: true, state: 's', code_challenge: 'x'.repeat(43), resources: ['https://mcp.example/mcp'] });
    expect(submit.authorization_code).to.equal('c');
    await client.idp.oauthLogoutStart({ client_id: CLIENT.client_id, post_logout_redirect_uri: 'https://app.example/bye', state: 'q' });
    expect(sent(f.calls)).to.deep.equal([
      ['POST', '/idp/oauth/authorize/start', REQUEST],
      ['POST', '/idp/oauth/authorize/submit', { ...REQUEST, consent_granted: true, state: 's', code_challenge: 'x'.repeat(43), resources: ['https://mcp.example/mcp'] }],
      ['POST', '/oauth/logout/start', { client_id: CLIENT.client_id, post_logout_redirect_uri: 'https://app.example/bye', state: 'q' }],
    ]);
    client.dispose();
  });

  it('a start without client_id is a usage error, sent nowhere', async () => {
    const f = fakeEnv();
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    const err = await rejection(client.idp.oauthAuthorizeStart({ ...REQUEST, client_id: '' }));
    expect(err).to.be.instanceOf(StytchSDKUsageError);
    expect(sent(f.calls)).to.deep.equal([]);
    client.dispose();
  });

  it("user.getConnectedApps lists the user's apps; revokedConnectedApp (the official name) revokes one", async () => {
    const f = fakeEnv({
      'GET /users/connected_apps': () => ok({ connected_apps: [APP] }),
      [`POST /users/connected_apps/${CLIENT.client_id}/revoke`]: () => ok({}),
    });
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    expect((await client.user.getConnectedApps()).connected_apps).to.deep.equal([APP]);
    await client.user.revokedConnectedApp(CLIENT.client_id);
    expect(sent(f.calls).map(([m, p]) => [m, p])).to.deep.equal([
      ['GET', '/users/connected_apps'],
      ['POST', `/users/connected_apps/${CLIENT.client_id}/revoke`],
    ]);
    client.dispose();
  });

  it('the B2B client: idp on the /idp/b2b paths, self and organization.members list and revoke a member’s apps', async () => {
    const f = fakeEnv({
      'POST /idp/b2b/oauth/authorize/start': () => ok({ client: CLIENT, consent_required: false, scope_results: [] }),
      'POST /idp/b2b/oauth/authorize/submit': () => ok({ redirect_uri: 'https://app.example/cb?code=c', authorization_code: 'c' }),
      'POST /b2b/oauth/logout/start': () => ok({ redirect_uri: 'https://app.example/bye', consent_required: false }),
      'GET /b2b/organizations/members/connected_apps': () => ok({ connected_apps: [APP] }),
      [`POST /b2b/organizations/members/connected_apps/${CLIENT.client_id}/revoke`]: () => ok({}),
      'GET /b2b/organizations/members/member-test-1/connected_apps': () => ok({ connected_apps: [APP] }),
      [`POST /b2b/organizations/members/member-test-1/connected_apps/${CLIENT.client_id}/revoke`]: () => ok({}),
    });
    const client = createB2BClient(TOKEN, { baseUrl: BASE, env: f.env });
    await client.idp.oauthAuthorizeStart(REQUEST);
    await client.idp.oauthAuthorizeSubmit({ ...REQUEST, consent_granted: false });
    await client.idp.oauthLogoutStart({ client_id: CLIENT.client_id, post_logout_redirect_uri: 'https://app.example/bye' });
    expect((await client.self.getConnectedApps()).connected_apps).to.deep.equal([APP]);
    await client.self.revokeConnectedApp({ connected_app_id: CLIENT.client_id });
    expect((await client.organization.members.getConnectedApps({ member_id: 'member-test-1' })).connected_apps).to.deep.equal([APP]);
    await client.organization.members.revokeConnectedApp({ member_id: 'member-test-1', connected_app_id: CLIENT.client_id });
    expect(sent(f.calls).map(([m, p]) => [m, p])).to.deep.equal([
      ['POST', '/idp/b2b/oauth/authorize/start'],
      ['POST', '/idp/b2b/oauth/authorize/submit'],
      ['POST', '/b2b/oauth/logout/start'],
      ['GET', '/b2b/organizations/members/connected_apps'],
      ['POST', `/b2b/organizations/members/connected_apps/${CLIENT.client_id}/revoke`],
      ['GET', '/b2b/organizations/members/member-test-1/connected_apps'],
      ['POST', `/b2b/organizations/members/member-test-1/connected_apps/${CLIENT.client_id}/revoke`],
    ]);
    client.dispose();
  });
});
