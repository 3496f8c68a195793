import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databases, sdk, signInByEmailOtp, uniqueEmail, withSession } from './harness.ts';
import { createOrganization } from './b2b-harness.ts';
import { claimsOf, makeClient, oauthPost, pkce } from './connected-apps-support.ts';
import { startServerApi, stytchError, v1, type ServerApiSetup } from './server-api-harness.ts';

/*
 * The B2B twins of the connected-apps calls: a member grants through the B2B consent element's
 * calls (or a site's server, by the B2B Node SDK), the tokens name the organization, and a
 * member's connected apps are listed and revoked. Clients are the project's, shared with B2C.
 */
for (const kind of databases) {
  describe(`connected apps for members of organizations (${kind})`, () => {
    let api: ServerApiSetup;
    before(async () => {
      api = await startServerApi(kind);
    });
    after(() => api.provider.destroy());

    async function member(settings: Record<string, unknown> = {}) {
      const made = await createOrganization(api.provider, uniqueEmail('admin'), settings);
      return made as { session_token: string; session_jwt: string; member: { member_id: string; email_address: string }; organization: { organization_id: string; organization_slug: string } };
    }

    async function memberCode(m: { session_token: string }, client: { client_id: string }, scopes = ['openid', 'email', 'profile', 'offline_access']) {
      const pair = pkce();
      const res = await sdk(
        api.provider,
        'POST',
        '/idp/b2b/oauth/authorize/submit',
        { client_id: client.client_id, redirect_uri: 'https://app.example/cb', response_type: 'code', scopes, consent_granted: true, code_challenge: pair.challenge, state: 's', nonce: 'n' },
        withSession(m.session_token),
      );
      assert.equal(res.status, 200, res.text);
      const code = new URL(res.json.data.redirect_uri).searchParams.get('code')!;
      assert.equal(res.json.data.authorization_code, code);
      return { code, verifier: pair.verifier };
    }

    it('start answers the member, the organization, the client and scope_results; submit gives a code whose tokens name the organization', async () => {
      const m = await member();
      const client = await makeClient(api, 'third_party');
      const request = { client_id: client.client_id, redirect_uri: 'https://app.example/cb', response_type: 'code', scopes: ['openid', 'email', 'made:up'] };
      const start = await sdk(api.provider, 'POST', '/idp/b2b/oauth/authorize/start', request, withSession(m.session_token));
      assert.equal(start.status, 200, start.text);
      assert.equal(start.json.data.member_id, m.member.member_id);
      assert.equal(start.json.data.organization.organization_id, m.organization.organization_id);
      assert.equal(start.json.data.client.client_id, client.client_id);
      assert.equal(start.json.data.consent_required, true);
      assert.deepEqual(
        start.json.data.scope_results.map((r: { scope: string; is_grantable: boolean }) => [r.scope, r.is_grantable]),
        [
          ['openid', true],
          ['email', true],
          ['made:up', false],
        ],
      );
      const { code, verifier } = await memberCode(m, client);
      const tokens = await oauthPost(api, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: 'https://app.example/cb' }, [client.client_id, client.client_secret!]);
      assert.equal(tokens.status, 200, tokens.text);
      const org = { organization_id: m.organization.organization_id, slug: m.organization.organization_slug };
      assert.equal(claimsOf(tokens.json.id_token).sub, m.member.member_id);
      assert.equal(claimsOf(tokens.json.id_token).email, m.member.email_address);
      const local = await api.b2b.idp.introspectTokenLocal(tokens.json.access_token);
      assert.equal(local.subject, m.member.member_id);
      assert.deepEqual(local.organization, org);
      const network = await api.b2b.idp.introspectTokenNetwork({ token: tokens.json.access_token, client_id: client.client_id, client_secret: client.client_secret });
      assert.deepEqual(network.organization, org);
      const info = await fetch(`${api.provider.url}/v1/oauth2/userinfo`, { headers: { Authorization: `Bearer ${tokens.json.access_token}` } });
      assert.deepEqual(await info.json(), { sub: m.member.member_id, email: m.member.email_address, email_verified: true });
      const again = await sdk(api.provider, 'POST', '/idp/b2b/oauth/authorize/start', request, withSession(m.session_token));
      assert.equal(again.json.data.consent_required, false, "the member's grant is remembered");
      const refreshed = await oauthPost(api, { grant_type: 'refresh_token', refresh_token: tokens.json.refresh_token }, [client.client_id, client.client_secret!]);
      assert.equal(refreshed.status, 200, refreshed.text);
      assert.deepEqual(claimsOf(refreshed.json.access_token)['https://stytch.com/organization'], org);
    });

    it("a user's session is not a member's: the B2B calls refuse it, and the B2C calls refuse a member's", async () => {
      const client = await makeClient(api, 'first_party');
      const user = await signInByEmailOtp(api.provider);
      const m = await member();
      const body = { client_id: client.client_id, redirect_uri: 'https://app.example/cb', response_type: 'code', scopes: ['openid'] };
      assert.notEqual((await sdk(api.provider, 'POST', '/idp/b2b/oauth/authorize/start', body, withSession(user.session_token))).status, 200);
      assert.notEqual((await sdk(api.provider, 'POST', '/idp/oauth/authorize/start', body, withSession(m.session_token))).status, 200);
    });

    it("a member lists and revokes their connected apps; an admin another member's; revoking ends the tokens; so does ending the member's session", async () => {
      const m = await member();
      const client = await makeClient(api, 'third_party');
      const { code, verifier } = await memberCode(m, client);
      const tokens = await oauthPost(api, { grant_type: 'authorization_code', code, code_verifier: verifier }, [client.client_id, client.client_secret!]);
      const list = await sdk(api.provider, 'GET', '/b2b/organizations/members/connected_apps', undefined, withSession(m.session_token));
      assert.equal(list.status, 200, list.text);
      assert.deepEqual(
        list.json.data.connected_apps.map((a: { connected_app_id: string; scopes_granted: string }) => [a.connected_app_id, a.scopes_granted]),
        [[client.client_id, 'email offline_access openid profile']],
      );
      const byAdmin = await sdk(api.provider, 'GET', `/b2b/organizations/members/${m.member.member_id}/connected_apps`, undefined, withSession(m.session_token));
      assert.equal(byAdmin.json.data.connected_apps.length, 1);
      const server = await api.b2b.organizations.members.getConnectedApps({ organization_id: m.organization.organization_id, member_id: m.member.member_id });
      assert.equal(server.connected_apps[0]!.connected_app_id, client.client_id);
      const revoke = await sdk(api.provider, 'POST', `/b2b/organizations/members/connected_apps/${client.client_id}/revoke`, {}, withSession(m.session_token));
      assert.equal(revoke.status, 200, revoke.text);
      const gone = await oauthPost(api, { token: tokens.json.access_token }, [client.client_id, client.client_secret!], '/v1/oauth2/introspect');
      assert.equal(gone.json.active, false);
      const empty = await sdk(api.provider, 'GET', '/b2b/organizations/members/connected_apps', undefined, withSession(m.session_token));
      assert.deepEqual(empty.json.data.connected_apps, []);
      // Another grant, then the member's session ends: so does the grant.
      const second = await memberCode(m, client);
      const t2 = await oauthPost(api, { grant_type: 'authorization_code', code: second.code, code_verifier: second.verifier }, [client.client_id, client.client_secret!]);
      assert.equal(t2.status, 200);
      const out = await sdk(api.provider, 'POST', '/b2b/sessions/revoke', {}, withSession(m.session_token));
      assert.equal(out.status, 200, out.text);
      const ended = await oauthPost(api, { grant_type: 'refresh_token', refresh_token: t2.json.refresh_token }, [client.client_id, client.client_secret!]);
      assert.equal(ended.status, 400);
      assert.equal(ended.json.error, 'invalid_grant');
    });

    it("the server API's B2B authorize start and authorize (Node SDK), by member id or by session; the SDK's revoke", async () => {
      const m = await member();
      const client = await makeClient(api, 'third_party_public');
      const base = { client_id: client.client_id, redirect_uri: 'http://127.0.0.1:53111/callback', response_type: 'code', scopes: ['openid', 'offline_access'] };
      const start = await api.b2b.idp.oauth.authorizeStart({ ...base, organization_id: m.organization.organization_id, member_id: m.member.member_id });
      assert.equal(start.member_id, m.member.member_id);
      assert.equal(start.organization.organization_id, m.organization.organization_id);
      assert.equal(start.consent_required, true);
      const pair = pkce();
      const granted = await api.b2b.idp.oauth.authorize({ ...base, session_token: m.session_token, consent_granted: true, code_challenge: pair.challenge });
      const code = new URL(granted.redirect_uri).searchParams.get('code')!;
      const tokens = await oauthPost(api, { grant_type: 'authorization_code', client_id: client.client_id, code, code_verifier: pair.verifier, redirect_uri: base.redirect_uri });
      assert.equal(tokens.status, 200, tokens.text);
      assert.equal(claimsOf(tokens.json.access_token).sub, m.member.member_id);
      const both = await v1(api, 'POST', '/b2b/idp/oauth/authorize/start', { ...base, member_id: m.member.member_id });
      assert.equal(both.status, 400, 'a member id needs its organization');
      await api.b2b.organizations.members.connectedApps.revoke({ organization_id: m.organization.organization_id, member_id: m.member.member_id, connected_app_id: client.client_id });
      const spent = await oauthPost(api, { grant_type: 'refresh_token', client_id: client.client_id, refresh_token: tokens.json.refresh_token });
      assert.equal(spent.json.error, 'invalid_grant');
      const unknown = await stytchError(api.b2b.organizations.members.getConnectedApps({ organization_id: m.organization.organization_id, member_id: 'member-test-nope' }));
      assert.equal(unknown.status_code, 404);
    });

    it('logout start (B2B) checks the post-logout redirect and skips the question for an ID token of the signed-in member', async () => {
      const m = await member();
      const client = await makeClient(api, 'third_party', { post_logout_redirect_urls: ['https://app.example/bye'] });
      const { code, verifier } = await memberCode(m, client, ['openid']);
      const tokens = await oauthPost(api, { grant_type: 'authorization_code', code, code_verifier: verifier }, [client.client_id, client.client_secret!]);
      const ok = await sdk(
        api.provider,
        'POST',
        '/b2b/oauth/logout/start',
        { client_id: client.client_id, post_logout_redirect_uri: 'https://app.example/bye', state: 'z', id_token_hint: tokens.json.id_token },
        withSession(m.session_token),
      );
      assert.equal(ok.status, 200, ok.text);
      assert.equal(ok.json.data.redirect_uri, 'https://app.example/bye?state=z');
      assert.equal(ok.json.data.consent_required, false);
      const bad = await sdk(api.provider, 'POST', '/b2b/oauth/logout/start', { client_id: client.client_id, post_logout_redirect_uri: 'https://evil.example/', state: 'z' });
      assert.equal(bad.status, 400);
    });

    it("a member's access token is not a member session, and a member session JWT is not an access token", async () => {
      const m = await member();
      const client = await makeClient(api, 'third_party');
      const { code, verifier } = await memberCode(m, client, ['openid']);
      const tokens = await oauthPost(api, { grant_type: 'authorization_code', code, code_verifier: verifier }, [client.client_id, client.client_secret!]);
      const asSession = await stytchError(api.b2b.sessions.authenticateJwt({ session_jwt: tokens.json.access_token }));
      assert.equal(asSession.status_code, 404);
      const check = await sdk(api.provider, 'POST', '/b2b/sessions/authenticate', {}, withSession(m.session_token));
      const sessionJwt = check.json.data.session_jwt as string;
      const introspected = await oauthPost(api, { token: sessionJwt }, [client.client_id, client.client_secret!], '/v1/oauth2/introspect');
      assert.equal(introspected.json.active, false);
      await assert.rejects(api.b2b.idp.introspectTokenNetwork({ token: sessionJwt, client_id: client.client_id, client_secret: client.client_secret }));
      const info = await fetch(`${api.provider.url}/v1/oauth2/userinfo`, { headers: { Authorization: `Bearer ${sessionJwt}` } });
      assert.equal(info.status, 401);
    });
  });
}
