import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databases, sdk, signInByEmailOtp, uniqueEmail, withSession } from './harness.ts';
import { asMember, authenticateByEmailedCode, createOrganization, discoverByOtp } from './b2b-harness.ts';
import { makeClient, oauthPost, pkce, type ClientType } from './connected-apps-support.ts';
import { startServerApi, stytchError, type ServerApiSetup } from './server-api-harness.ts';

/*
 * An organization's connected-apps policy (the official Organization's
 * first/third_party_connected_apps_allowed_type and their allow lists): set through the
 * official Node SDK's organizations.update and the browser's organization `me` update, each
 * behind its RBAC action; held by the B2B authorization request; and a change that refuses an
 * app ends the grants its members had given it, also while submits, exchanges and refreshes race it.
 */

const REDIRECT = 'https://app.example/cb';
const DEFAULTS = {
  first_party_connected_apps_allowed_type: 'ALL_ALLOWED',
  allowed_first_party_connected_apps: [],
  third_party_connected_apps_allowed_type: 'ALL_ALLOWED',
  allowed_third_party_connected_apps: [],
};
const policyOf = (o: Record<string, unknown>) => Object.fromEntries(Object.keys(DEFAULTS).map((k) => [k, o[k]]));

for (const kind of databases) {
  describe(`an organization's connected-apps policy (${kind})`, () => {
    let api: ServerApiSetup;
    before(async () => {
      api = await startServerApi(kind, { sendLimits: { perAddress: 1000, burstPerAddress: 1000 } });
    });
    after(() => api.provider.destroy());

    type Admin = { session_token: string; member: { member_id: string }; organization: Record<string, unknown> & { organization_id: string } };
    const newOrganization = async (): Promise<Admin> => createOrganization(api.provider, uniqueEmail('admin'));

    /** A member of `orgId` with only the default member role, signed in by emailed passcode. */
    async function plainMember(orgId: string) {
      const email = uniqueEmail('staff');
      await api.b2b.organizations.members.create({ organization_id: orgId, email_address: email });
      const send = await sdk(api.provider, 'POST', '/b2b/otps/email/login_or_signup', { organization_id: orgId, email_address: email });
      assert.equal(send.status, 200, send.text);
      const auth = await authenticateByEmailedCode(api.provider, orgId, email);
      assert.equal(auth.status, 200, auth.text);
      return auth.json.data.session_token as string;
    }

    const request = (client: { client_id: string }, scopes = ['openid', 'offline_access']) => ({ client_id: client.client_id, redirect_uri: REDIRECT, response_type: 'code', scopes });
    const start = (session: string, client: { client_id: string }) => sdk(api.provider, 'POST', '/idp/b2b/oauth/authorize/start', request(client), withSession(session));
    async function submit(session: string, client: { client_id: string }) {
      const pair = pkce();
      const res = await sdk(api.provider, 'POST', '/idp/b2b/oauth/authorize/submit', { ...request(client), consent_granted: true, code_challenge: pair.challenge }, withSession(session));
      const code = res.status === 200 ? new URL(res.json.data.redirect_uri).searchParams.get('code')! : undefined;
      return { res, code, verifier: pair.verifier };
    }
    const exchange = (client: { client_id: string; client_secret?: string }, code: string, verifier: string) =>
      oauthPost(api, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT }, [client.client_id, client.client_secret!]);
    const refresh = (client: { client_id: string; client_secret?: string }, token: string) =>
      oauthPost(api, { grant_type: 'refresh_token', refresh_token: token }, [client.client_id, client.client_secret!]);
    const introspect = async (client: { client_id: string; client_secret?: string }, token: string) =>
      (await oauthPost(api, { token }, [client.client_id, client.client_secret!], '/v1/oauth2/introspect')).json.active as boolean;
    /** Tokens for `client` granted by the member of `session`. */
    async function tokensFor(session: string, client: { client_id: string; client_secret?: string }) {
      const { res, code, verifier } = await submit(session, client);
      assert.equal(res.status, 200, res.text);
      const tokens = await exchange(client, code!, verifier);
      assert.equal(tokens.status, 200, tokens.text);
      return tokens.json as { access_token: string; refresh_token: string };
    }
    const update = (orgId: string, policy: Record<string, unknown>) => api.b2b.organizations.update({ organization_id: orgId, ...policy });

    function assertRefused(res: { status: number; json: any; text: string }, what: string) {
      assert.equal(res.status, 403, `${what}: ${res.text}`);
      assert.equal(res.json.error_type, 'connected_app_not_allowed_for_org', what);
    }

    it('is ALL_ALLOWED with empty lists by default, in every organization shape: the server API, the browser, discovery', async () => {
      const admin = await newOrganization();
      assert.deepEqual(policyOf(admin.organization), DEFAULTS, 'the discovery create answer');
      const viaServer = await api.b2b.organizations.get({ organization_id: admin.organization.organization_id });
      assert.deepEqual(policyOf(viaServer.organization as unknown as Record<string, unknown>), DEFAULTS);
      const created = await api.b2b.organizations.create({ organization_name: 'Made by the server' });
      assert.deepEqual(policyOf(created.organization as unknown as Record<string, unknown>), DEFAULTS);
      const me = await asMember(api.provider, admin.session_token)('GET', '/b2b/organizations/me');
      assert.deepEqual(policyOf(me.json.data.organization), DEFAULTS);
      const found = await api.b2b.organizations.search({ query: { operator: 'AND', operands: [{ filter_name: 'organization_ids', filter_value: [admin.organization.organization_id] }] } });
      assert.deepEqual(policyOf(found.organizations[0] as unknown as Record<string, unknown>), DEFAULTS);
      const client = await makeClient(api, 'third_party');
      const { intermediate_session_token } = await discoverByOtp(api.provider, uniqueEmail('founder'));
      const set = { third_party_connected_apps_allowed_type: 'RESTRICTED', allowed_third_party_connected_apps: [client.client_id] };
      const discovered = await api.b2b.discovery.organizations.create({ intermediate_session_token, organization_name: 'Strict from the start', ...set });
      assert.deepEqual(policyOf(discovered.organization as unknown as Record<string, unknown>), { ...DEFAULTS, ...set }, "the server API's discovery create takes the policy");
    });

    for (const party of ['first', 'third'] as const) {
      const types: [ClientType, ClientType] = party === 'first' ? ['first_party', 'first_party_public'] : ['third_party', 'third_party_public'];
      const other: ClientType = party === 'first' ? 'third_party' : 'first_party';
      const typeField = `${party}_party_connected_apps_allowed_type`;
      const listField = `allowed_${party}_party_connected_apps`;

      it(`holds the ${party}-party half at the B2B authorize start and submit, for each value, leaving the other half alone`, async () => {
        const admin = await newOrganization();
        const orgId = admin.organization.organization_id;
        const listed = await makeClient(api, types[0]);
        const unlisted = await makeClient(api, types[1]);
        const otherParty = await makeClient(api, other);

        const restricted = await update(orgId, { [typeField]: 'RESTRICTED', [listField]: [listed.client_id] });
        assert.equal((restricted.organization as any)[typeField], 'RESTRICTED');
        assert.deepEqual((restricted.organization as any)[listField], [listed.client_id]);
        assert.equal((await start(admin.session_token, listed)).status, 200);
        assert.equal((await submit(admin.session_token, listed)).res.status, 200);
        assertRefused(await start(admin.session_token, unlisted), 'start, not on the list');
        assertRefused((await submit(admin.session_token, unlisted)).res, 'submit, not on the list');
        assert.equal((await start(admin.session_token, otherParty)).status, 200, 'the other half is still ALL_ALLOWED');

        await update(orgId, { [typeField]: 'NOT_ALLOWED' });
        assertRefused(await start(admin.session_token, listed), 'start, NOT_ALLOWED (the list is kept but not read)');
        assertRefused((await submit(admin.session_token, listed)).res, 'submit, NOT_ALLOWED');
        assert.equal((await submit(admin.session_token, otherParty)).res.status, 200);
        const server = await stytchError(api.b2b.idp.oauth.authorizeStart({ ...request(listed), organization_id: orgId, member_id: admin.member.member_id }));
        assert.equal(server.status_code, 403);
        assert.equal(server.error_type, 'connected_app_not_allowed_for_org', "the server API's authorize start");

        const all = await update(orgId, { [typeField]: 'ALL_ALLOWED' });
        assert.deepEqual((all.organization as any)[listField], [listed.client_id]);
        assert.equal((await submit(admin.session_token, unlisted)).res.status, 200);
        assert.equal((await submit(admin.session_token, listed)).res.status, 200);
      });
    }

    it("another organization's policy and the B2C line are not touched", async () => {
      const strict = await newOrganization();
      const open = await newOrganization();
      const client = await makeClient(api, 'third_party');
      await update(strict.organization.organization_id, { third_party_connected_apps_allowed_type: 'NOT_ALLOWED' });
      assertRefused(await start(strict.session_token, client), 'the strict organization');
      assert.equal((await start(open.session_token, client)).status, 200, 'the open one');
      const user = await signInByEmailOtp(api.provider);
      const b2c = await sdk(api.provider, 'POST', '/idp/oauth/authorize/start', request(client), withSession(user.session_token));
      assert.equal(b2c.status, 200, b2c.text);
    });

    it("ends the grants a change refuses: refresh and introspection refuse their tokens, a code not yet exchanged is spent, the member's connected apps forget it; allowed again, consent is asked again", async () => {
      const admin = await newOrganization();
      const orgId = admin.organization.organization_id;
      const refused = await makeClient(api, 'third_party');
      const kept = await makeClient(api, 'third_party');
      const firstParty = await makeClient(api, 'first_party');
      const gone = await tokensFor(admin.session_token, refused);
      const stays = await tokensFor(admin.session_token, kept);
      const own = await tokensFor(admin.session_token, firstParty);
      const pending = await submit(admin.session_token, refused);
      await update(orgId, { third_party_connected_apps_allowed_type: 'RESTRICTED', allowed_third_party_connected_apps: [kept.client_id] });

      const refreshed = await refresh(refused, gone.refresh_token);
      assert.equal(refreshed.status, 400, refreshed.text);
      assert.equal(refreshed.json.error, 'invalid_grant');
      assert.equal(await introspect(refused, gone.access_token), false);
      const late = await exchange(refused, pending.code!, pending.verifier);
      assert.equal(late.json.error, 'invalid_grant', 'a code issued before the change');
      assert.equal((await refresh(kept, stays.refresh_token)).status, 200, 'an allowed app keeps its grant');
      assert.equal((await refresh(firstParty, own.refresh_token)).status, 200, 'the first-party half did not change');
      const apps = await api.b2b.organizations.members.getConnectedApps({ organization_id: orgId, member_id: admin.member.member_id });
      assert.deepEqual(apps.connected_apps.map((a) => a.connected_app_id).sort(), [kept.client_id, firstParty.client_id].sort());

      await update(orgId, { third_party_connected_apps_allowed_type: 'ALL_ALLOWED' });
      const again = await start(admin.session_token, refused);
      assert.equal(again.status, 200, again.text);
      assert.equal(again.json.data.consent_required, true, 'the consent went with the grant');
      assert.equal((await refresh(refused, gone.refresh_token)).status, 400, 'allowing the app again does not bring an ended grant back');
    });

    it('is set through the browser `me` update by an admin, and refused (403 unauthorized_action, nothing changed) to a member without the action, in the browser and through the Node SDK on their behalf', async () => {
      const admin = await newOrganization();
      const orgId = admin.organization.organization_id;
      const client = await makeClient(api, 'first_party');
      const staff = await plainMember(orgId);
      const byAdmin = await asMember(api.provider, admin.session_token)('PUT', '/b2b/organizations/me', {
        first_party_connected_apps_allowed_type: 'RESTRICTED',
        allowed_first_party_connected_apps: [client.client_id],
      });
      assert.equal(byAdmin.status, 200, byAdmin.text);
      assert.equal(byAdmin.json.data.organization.first_party_connected_apps_allowed_type, 'RESTRICTED');
      for (const body of [
        { first_party_connected_apps_allowed_type: 'ALL_ALLOWED' },
        { allowed_first_party_connected_apps: [] },
        { third_party_connected_apps_allowed_type: 'NOT_ALLOWED' },
        { allowed_third_party_connected_apps: [] },
      ]) {
        const res = await asMember(api.provider, staff)('PUT', '/b2b/organizations/me', body);
        assert.equal(res.status, 403, res.text);
        assert.equal(res.json.error_type, 'unauthorized_action');
        assert.match(res.json.error_message, /update\.settings\.(first|third)-party-connected-apps/);
        const onBehalf = await stytchError(api.b2b.organizations.update({ organization_id: orgId, ...body }, { authorization: { session_token: staff } }));
        assert.equal(onBehalf.status_code, 403);
        assert.equal(onBehalf.error_type, 'unauthorized_action');
      }
      const now = await api.b2b.organizations.get({ organization_id: orgId });
      assert.deepEqual(policyOf(now.organization as unknown as Record<string, unknown>), {
        ...DEFAULTS,
        first_party_connected_apps_allowed_type: 'RESTRICTED',
        allowed_first_party_connected_apps: [client.client_id],
      });
    });

    it('refuses bad values in the provider shape with nothing changed: an unknown type, an unknown client id, a client of the other party', async () => {
      const admin = await newOrganization();
      const orgId = admin.organization.organization_id;
      const first = await makeClient(api, 'first_party_public');
      const third = await makeClient(api, 'third_party');
      const cases: Array<[Record<string, unknown>, number, string]> = [
        [{ third_party_connected_apps_allowed_type: 'SOMETIMES' }, 400, ''],
        [{ allowed_first_party_connected_apps: 'not a list' }, 400, ''],
        [{ allowed_first_party_connected_apps: ['connected-app-test-nope'] }, 400, 'connected_app_not_found'],
        [{ allowed_first_party_connected_apps: [third.client_id] }, 400, 'invalid_connected_app_type'],
        [{ allowed_third_party_connected_apps: [third.client_id, first.client_id] }, 400, 'invalid_connected_app_type'],
        [{ first_party_connected_apps_allowed_type: 'NOT_ALLOWED', allowed_first_party_connected_apps: ['connected-app-test-nope'] }, 400, 'connected_app_not_found'],
      ];
      for (const [body, status, type] of cases) {
        const e = await stytchError(api.b2b.organizations.update({ organization_id: orgId, ...body } as never));
        assert.equal(e.status_code, status, JSON.stringify(body));
        if (type) assert.equal(e.error_type, type, JSON.stringify(body));
        assert.ok(e.error_message, 'a message says what is wrong');
        const browser = await asMember(api.provider, admin.session_token)('PUT', '/b2b/organizations/me', body);
        assert.equal(browser.status, status, browser.text);
      }
      const made = await stytchError(api.b2b.organizations.create({ organization_name: 'Bad', allowed_third_party_connected_apps: [first.client_id] }));
      assert.equal(made.error_type, 'invalid_connected_app_type', 'create checks the lists too');
      const now = await api.b2b.organizations.get({ organization_id: orgId });
      assert.deepEqual(policyOf(now.organization as unknown as Record<string, unknown>), DEFAULTS);
      const ok = await update(orgId, { allowed_third_party_connected_apps: [third.client_id, third.client_id] });
      assert.deepEqual((ok.organization as any).allowed_third_party_connected_apps, [third.client_id], 'an id is kept once');
    });

    it('a change racing 20 submits, 10 code exchanges and 10 refreshes leaves no grant of the refused app in force', async () => {
      const admin = await newOrganization();
      const orgId = admin.organization.organization_id;
      const client = await makeClient(api, 'third_party');
      const held = await Promise.all(Array.from({ length: 10 }, () => tokensFor(admin.session_token, client)));
      const codes = await Promise.all(Array.from({ length: 10 }, () => submit(admin.session_token, client)));
      const raced = await Promise.all([
        ...Array.from({ length: 20 }, () => submit(admin.session_token, client).then(async (s) => (s.code ? exchange(client, s.code, s.verifier) : s.res))),
        ...codes.map((c) => exchange(client, c.code!, c.verifier)),
        ...held.map((h) => refresh(client, h.refresh_token)),
        update(orgId, { third_party_connected_apps_allowed_type: 'NOT_ALLOWED' }).then(() => ({ status: 200, json: { policy: 'changed' } })),
      ]);
      // Whatever each racer got, nothing it holds works once the change has committed.
      for (const r of raced) assert.ok([200, 400, 403].includes(r.status), JSON.stringify(r.json));
      const tokens = raced.map((r) => r.json as { access_token?: string; refresh_token?: string }).filter((j) => j.access_token);
      for (const t of [...held, ...tokens]) {
        assert.equal(await introspect(client, t.access_token!), false, 'an access token of the refused app');
        if (t.refresh_token) assert.equal((await refresh(client, t.refresh_token)).json.error, 'invalid_grant', 'a refresh token of the refused app');
      }
      assertRefused(await start(admin.session_token, client), 'after the race');
    });
  });
}
