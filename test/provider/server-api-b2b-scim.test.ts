import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { uniqueSlug } from './b2b-harness.ts';
import { databases, uniqueEmail } from './harness.ts';
import { assertScimError, oktaUser, scim, scimOrganization } from './scim-support.ts';
import { startServerApi, stytchError, type ServerApiSetup } from './server-api-harness.ts';

for (const kind of databases) {
  describe(`server API: SCIM connections through the official SDK (${kind})`, () => {
    let setup: ServerApiSetup;
    before(async () => {
      setup = await startServerApi(kind);
    });
    after(() => setup.provider.destroy());

    it('creates one connection per organization, shows its token once, updates and deletes it', async () => {
      const { organization } = await setup.b2b.organizations.create({ organization_name: 'SCIM conn', organization_slug: uniqueSlug('scimc') });
      const orgId = organization.organization_id;
      assert.equal((await setup.b2b.scim.connection.get({ organization_id: orgId })).connection, undefined);
      const created = await setup.b2b.scim.connection.create({ organization_id: orgId, display_name: 'Okta', identity_provider: 'okta' });
      const c = created.connection!;
      assert.match(c.connection_id, /^scim-connection-test-/);
      assert.equal(c.status, 'active');
      assert.equal(c.identity_provider, 'okta');
      assert.ok(c.bearer_token.length >= 40);
      assert.equal(c.base_url, `${setup.provider.url}/scim/v2/${c.connection_id}`);

      const got = (await setup.b2b.scim.connection.get({ organization_id: orgId })).connection!;
      assert.equal(got.bearer_token_last_four, c.bearer_token.slice(-4));
      assert.ok(!('bearer_token' in got), 'the token is never shown again');
      assert.equal(got.next_bearer_token_last_four, '');

      const again = await stytchError(setup.b2b.scim.connection.create({ organization_id: orgId }));
      assert.equal(again.error_type, 'scim_connection_already_exists');

      const updated = await setup.b2b.scim.connection.update({ organization_id: orgId, connection_id: c.connection_id, display_name: 'Okta (prod)', identity_provider: 'generic' });
      assert.equal(updated.connection!.display_name, 'Okta (prod)');
      const named = async () => (await setup.b2b.organizations.get({ organization_id: orgId })).organization.scim_active_connection;
      assert.deepEqual(await named(), { connection_id: c.connection_id, display_name: 'Okta (prod)', bearer_token_last_four: c.bearer_token.slice(-4) });
      assert.equal(updated.connection!.identity_provider, 'generic');

      // Another organization cannot name this connection.
      const other = await setup.b2b.organizations.create({ organization_name: 'Other', organization_slug: uniqueSlug('scimo') });
      const cross = await stytchError(setup.b2b.scim.connection.delete({ organization_id: other.organization.organization_id, connection_id: c.connection_id }));
      assert.equal(cross.status_code, 404);
      assert.equal(cross.error_type, 'scim_connection_not_found');

      assert.equal((await scim(c.base_url, c.bearer_token, 'GET', '/Users')).status, 200);
      const deleted = await setup.b2b.scim.connection.delete({ organization_id: orgId, connection_id: c.connection_id });
      assert.equal(deleted.connection_id, c.connection_id);
      assert.equal(await named(), null);
      assertScimError(await scim(c.base_url, c.bearer_token, 'GET', '/Users'), 401);
    });

    it('rotates the token with a grace period: both work from start to complete, then only the new one; cancel keeps the old one', async () => {
      const org = await scimOrganization(setup);
      const { organizationId: organization_id, connectionId: connection_id, base } = org;
      const old = org.token;
      const ok = async (token: string) => (await scim(base, token, 'GET', '/ServiceProviderConfig')).status;

      const refused = await stytchError(setup.b2b.scim.connection.rotateComplete({ organization_id, connection_id }));
      assert.equal(refused.error_type, 'scim_token_rotation_not_started');

      const started = (await setup.b2b.scim.connection.rotateStart({ organization_id, connection_id })).connection!;
      const next = started.next_bearer_token;
      assert.notEqual(next, old);
      assert.equal(started.bearer_token_last_four, old.slice(-4));
      assert.equal((await setup.b2b.scim.connection.get({ organization_id })).connection!.next_bearer_token_last_four, next.slice(-4));
      assert.equal((await stytchError(setup.b2b.scim.connection.rotateStart({ organization_id, connection_id }))).error_type, 'scim_token_rotation_in_progress');
      // The grace period: the identity provider may still use the old token while its admin swaps in the new one.
      assert.equal(await ok(old), 200);
      assert.equal(await ok(next), 200);

      const completed = (await setup.b2b.scim.connection.rotateComplete({ organization_id, connection_id })).connection!;
      assert.equal(completed.bearer_token_last_four, next.slice(-4));
      assert.equal(completed.next_bearer_token_last_four, '');
      assert.equal(await ok(old), 401);
      assert.equal(await ok(next), 200);

      const second = (await setup.b2b.scim.connection.rotateStart({ organization_id, connection_id })).connection!.next_bearer_token;
      assert.equal(await ok(second), 200);
      const cancelled = (await setup.b2b.scim.connection.rotateCancel({ organization_id, connection_id })).connection!;
      assert.equal(cancelled.bearer_token_last_four, next.slice(-4));
      assert.equal(await ok(second), 401);
      assert.equal(await ok(next), 200);
    });

    it('lists the groups an identity provider pushed and maps a group to a role', async () => {
      const org = await scimOrganization(setup);
      const email = uniqueEmail('scim-mapped');
      const user = await org.call('POST', '/Users', oktaUser(email));
      assert.equal(user.status, 201, user.text);
      const group = await org.call('POST', '/Groups', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Admins', members: [{ value: user.json.id }] });
      assert.equal(group.status, 201, group.text);
      const groups = await setup.b2b.scim.connection.getGroups({ organization_id: org.organizationId, connection_id: org.connectionId });
      assert.deepEqual(groups.scim_groups, [{ group_id: group.json.id, group_name: 'Admins', organization_id: org.organizationId, connection_id: org.connectionId }]);

      const bad = await stytchError(
        setup.b2b.scim.connection.update({
          organization_id: org.organizationId,
          connection_id: org.connectionId,
          scim_group_implicit_role_assignments: [{ group_id: 'nope', role_id: 'stytch_admin', group_name: '' }],
        }),
      );
      assert.equal(bad.error_type, 'scim_group_not_found');
      const badRole = await stytchError(
        setup.b2b.scim.connection.update({
          organization_id: org.organizationId,
          connection_id: org.connectionId,
          scim_group_implicit_role_assignments: [{ group_id: group.json.id, role_id: 'root', group_name: '' }],
        }),
      );
      assert.equal(badRole.error_type, 'invalid_role');

      const member = () => setup.b2b.organizations.members.get({ organization_id: org.organizationId, email_address: email });
      assert.equal((await member()).member.is_admin, false);
      const mapped = await setup.b2b.scim.connection.update({
        organization_id: org.organizationId,
        connection_id: org.connectionId,
        scim_group_implicit_role_assignments: [{ group_id: group.json.id, role_id: 'stytch_admin', group_name: '' }],
      });
      assert.deepEqual(mapped.connection!.scim_group_implicit_role_assignments, [{ group_id: group.json.id, role_id: 'stytch_admin', group_name: 'Admins' }]);
      assert.equal((await member()).member.is_admin, true, 'a new mapping applies at once to the group\u2019s members');
      await setup.b2b.scim.connection.update({ organization_id: org.organizationId, connection_id: org.connectionId, scim_group_implicit_role_assignments: [] });
      assert.equal((await member()).member.is_admin, false, 'and is taken back when the mapping goes');
    });
  });
}
