import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asMember, createOrganization } from './b2b-harness.ts';
import { databases, uniqueEmail } from './harness.ts';
import { memberSession, oktaUser, scim } from './scim-support.ts';
import { startServerApi, type ServerApiSetup } from './server-api-harness.ts';

for (const kind of databases) {
  describe(`browser SCIM connection routes, by the member's stytch.scim permission (${kind})`, () => {
    let setup: ServerApiSetup;
    before(async () => {
      setup = await startServerApi(kind);
    });
    after(() => setup.provider.destroy());

    it('an admin creates, reads, rotates and deletes the connection, and the organization names it throughout; a member without the permission is refused every call with nothing changed', async () => {
      const created = await createOrganization(setup.provider, uniqueEmail('scim-admin'));
      const admin = asMember(setup.provider, created.session_token);
      const orgId = created.organization.organization_id;

      const made = await admin('POST', '/b2b/scim', { display_name: 'Okta', identity_provider: 'okta' });
      assert.equal(made.status, 200, made.text);
      const conn = made.json.data.connection;
      assert.ok(conn.bearer_token);
      const got = await admin('GET', '/b2b/scim');
      assert.equal(got.json.data.connection.bearer_token_last_four, conn.bearer_token.slice(-4));
      // The official SCIM portal finds the connection by the organization's scim_active_connection.
      const named = async () => (await admin('GET', '/b2b/organizations/me')).json.data.organization.scim_active_connection;
      assert.deepEqual(await named(), { connection_id: conn.connection_id, display_name: 'Okta', bearer_token_last_four: conn.bearer_token.slice(-4) });
      const started = await admin('POST', '/b2b/scim/rotate/start', { connection_id: conn.connection_id });
      assert.equal(started.status, 200, started.text);
      const next = started.json.data.connection.next_bearer_token;
      assert.equal((await admin('POST', '/b2b/scim/rotate/complete', { connection_id: conn.connection_id })).status, 200);
      assert.equal((await named()).bearer_token_last_four, next.slice(-4));
      assert.equal((await scim(conn.base_url, conn.bearer_token, 'GET', '/Users')).status, 401);

      // A member the connection provisioned, with only stytch_member.
      const email = uniqueEmail('scim-plain');
      assert.equal((await scim(conn.base_url, next, 'POST', '/Users', oktaUser(email))).status, 201);
      const plain = asMember(setup.provider, await memberSession(setup, orgId, email));
      const refusals = await Promise.all([
        plain('GET', '/b2b/scim'),
        plain('POST', '/b2b/scim', {}),
        plain('PUT', `/b2b/scim/${conn.connection_id}`, { display_name: 'Mine' }),
        plain('POST', '/b2b/scim/rotate/start', { connection_id: conn.connection_id }),
        plain('POST', '/b2b/scim/groups', {}),
        plain('DELETE', `/b2b/scim/${conn.connection_id}`),
      ]);
      for (const r of refusals) {
        assert.equal(r.status, 403, r.text);
        assert.equal(r.json.error_type, 'unauthorized_action');
      }
      const still = (await admin('GET', '/b2b/scim')).json.data.connection;
      assert.equal(still.display_name, 'Okta');
      assert.equal(still.next_bearer_token_last_four, '');
      assert.equal((await scim(conn.base_url, next, 'GET', '/Users')).status, 200);

      const groups = await admin('POST', '/b2b/scim/groups', { limit: 10 });
      assert.deepEqual(groups.json.data.scim_groups, []);
      const deleted = await admin('DELETE', `/b2b/scim/${conn.connection_id}`);
      assert.equal(deleted.status, 200, deleted.text);
      assert.equal(await named(), null);
      assert.equal((await scim(conn.base_url, next, 'GET', '/Users')).status, 401);
    });
  });
}
