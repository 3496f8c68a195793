import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { uniqueSlug } from './b2b-harness.ts';
import { idpKey, readAuthnRequest, samlResponse, type IdpKey } from './fake-saml-idp.ts';
import { databases, sdk, TEST_TOKEN, uniqueEmail, withSession } from './harness.ts';
import { startServerApi, stytchError, type ServerApiSetup } from './server-api-harness.ts';

const REDIRECT = 'https://app.test/authenticate';
const IDP = 'https://idp.parent.test/metadata';

/*
 * External SSO connections through the official Node SDK (`sso.external`): a subsidiary signs
 * its members in through its parent company's SAML connection, into the subsidiary, by the
 * subsidiary's own JIT rule, role rules and MFA policy.
 */
for (const kind of databases) {
  describe(`server API: external SSO connections through the official SDK (${kind})`, () => {
    let setup: ServerApiSetup;
    let key: IdpKey;
    before(async () => {
      key = await idpKey('Parent IdP');
      setup = await startServerApi(kind, { redirectUrls: [REDIRECT] });
    });
    after(() => setup.provider.destroy());

    /** A parent organization with an active SAML connection (its IdP signs with `key`) and a pending OIDC one. */
    async function parent() {
      const { organization } = await setup.b2b.organizations.create({ organization_name: 'Parent Co', organization_slug: uniqueSlug('parent') });
      const orgId = organization.organization_id;
      const id = (await setup.b2b.sso.saml.createConnection({ organization_id: orgId, display_name: 'Parent Okta' })).connection!.connection_id;
      const saml = (
        await setup.b2b.sso.saml.updateConnection({
          organization_id: orgId,
          connection_id: id,
          idp_entity_id: IDP,
          idp_sso_url: 'https://idp.parent.test/sso',
          x509_certificate: key.certificate,
          attribute_mapping: { email: 'email', groups: 'groups' },
        })
      ).connection!;
      const oidc = (await setup.b2b.sso.oidc.createConnection({ organization_id: orgId, display_name: 'Parent OIDC' })).connection!;
      return { orgId, saml, oidc };
    }
    const child = async (settings: Record<string, unknown> = {}) =>
      (await setup.b2b.organizations.create({ organization_name: 'Subsidiary', organization_slug: uniqueSlug('child'), ...settings })).organization.organization_id;

    /** The browser's start with `connectionId`: the IdP's AuthnRequest (or the refusal's answer). */
    const start = (connectionId: string) =>
      fetch(`${setup.provider.url}/v1/public/sso/start?${new URLSearchParams({ public_token: TEST_TOKEN, connection_id: connectionId, login_redirect_url: REDIRECT })}`, { redirect: 'manual' });

    /** The parent IdP's signed answer for `email` (in `groups`), posted to the parent connection's ACS URL with the sign-in's RelayState. */
    const post = (saml: { acs_url: string; audience_uri: string }, req: { id: string; relayState: string }, email: string, groups: string[] = []) =>
      fetch(saml.acs_url, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          SAMLResponse: samlResponse({ issuer: IDP, audience: saml.audience_uri, recipient: saml.acs_url, inResponseTo: req.id, nameId: email, attributes: { email, groups }, key }),
          RelayState: req.relayState,
        }),
      });

    async function signIn(externalId: string, saml: { acs_url: string; audience_uri: string }, email: string, groups: string[] = []) {
      const started = await start(externalId);
      assert.equal(started.status, 302, await started.text());
      const req = readAuthnRequest(started.headers.get('location')!);
      const posted = await post(saml, req, email, groups);
      assert.equal(posted.status, 303, await posted.text());
      const token = new URL(posted.headers.get('location')!).searchParams.get('token')!;
      return setup.b2b.sso.authenticate({ sso_token: token, session_duration_minutes: 30 });
    }

    it('creates, lists, updates and deletes an external connection, listed on the organization as an active connection', async () => {
      const p = await parent();
      const childId = await child();
      const created = await setup.b2b.sso.external.createConnection({ organization_id: childId, external_organization_id: p.orgId, external_connection_id: p.saml.connection_id });
      const c = created.connection!;
      assert.match(c.connection_id, /^external-connection-test-/);
      assert.deepEqual(
        { ...c, connection_id: '' },
        {
          organization_id: childId,
          connection_id: '',
          external_organization_id: p.orgId,
          external_connection_id: p.saml.connection_id,
          display_name: 'Parent Okta',
          status: 'active',
          external_connection_implicit_role_assignments: [],
          external_group_implicit_role_assignments: [],
        },
      );
      const listed = await setup.b2b.sso.getConnections({ organization_id: childId });
      assert.deepEqual(listed.external_connections, [c]);
      assert.deepEqual(listed.saml_connections, []);
      assert.deepEqual((await setup.b2b.sso.getConnections({ organization_id: p.orgId })).external_connections, []);
      // The organization's sign-in page offers it, with the source's IdP.
      const org = (await setup.b2b.organizations.get({ organization_id: childId })).organization;
      assert.deepEqual(org.sso_active_connections, [{ connection_id: c.connection_id, display_name: 'Parent Okta', identity_provider: 'generic' }]);
      // SSO discovery offers it to the subsidiary's members, by the id a sign-in starts with.
      const employee = uniqueEmail('external-discovery');
      await setup.b2b.organizations.members.create({ organization_id: childId, email_address: employee });
      const discovered = await sdk(setup.provider, 'GET', `/b2b/sso/discovery/connections?email_address=${encodeURIComponent(employee)}`);
      assert.equal(discovered.status, 200, discovered.text);
      assert.deepEqual(discovered.json.data.connections, [{ connection_id: c.connection_id, display_name: 'Parent Okta', identity_provider: 'generic' }]);

      const updated = await setup.b2b.sso.external.updateConnection({
        organization_id: childId,
        connection_id: c.connection_id,
        display_name: 'Sign in with Parent',
        external_connection_implicit_role_assignments: [{ role_id: 'stytch_member' }],
        external_group_implicit_role_assignments: [{ role_id: 'stytch_admin', group: 'admins' }],
      });
      assert.equal(updated.connection!.display_name, 'Sign in with Parent');
      assert.deepEqual(updated.connection!.external_connection_implicit_role_assignments, [{ role_id: 'stytch_member' }]);
      assert.deepEqual(updated.connection!.external_group_implicit_role_assignments, [{ role_id: 'stytch_admin', group: 'admins' }]);
      assert.deepEqual((await setup.b2b.sso.getConnections({ organization_id: childId })).external_connections, [updated.connection]);
      // Only the name changes: the rules stay.
      const renamed = await setup.b2b.sso.external.updateConnection({ organization_id: childId, connection_id: c.connection_id, display_name: 'Parent' });
      assert.deepEqual(renamed.connection!.external_group_implicit_role_assignments, [{ role_id: 'stytch_admin', group: 'admins' }]);

      // Another organization cannot see, change or delete it.
      const other = await child();
      assert.equal((await stytchError(setup.b2b.sso.external.updateConnection({ organization_id: other, connection_id: c.connection_id, display_name: 'x' }))).error_type, 'connection_not_found');
      assert.equal((await stytchError(setup.b2b.sso.deleteConnection({ organization_id: other, connection_id: c.connection_id }))).status_code, 404);

      await setup.b2b.sso.deleteConnection({ organization_id: childId, connection_id: c.connection_id });
      assert.deepEqual((await setup.b2b.sso.getConnections({ organization_id: childId })).external_connections, []);
      assert.deepEqual((await setup.b2b.organizations.get({ organization_id: childId })).organization.sso_active_connections, []);
      assert.equal((await start(c.connection_id)).status, 404);
    });

    it('refuses a source that does not exist, its own connection, an external connection as source, an OIDC source with roles, an unknown role, and a second one through the same source', async () => {
      const p = await parent();
      const childId = await child();
      const create = (o: Partial<Parameters<typeof setup.b2b.sso.external.createConnection>[0]>) =>
        stytchError(setup.b2b.sso.external.createConnection({ organization_id: childId, external_organization_id: p.orgId, external_connection_id: p.saml.connection_id, ...o }));
      const expect = async (o: Parameters<typeof create>[0], status: number, type: string, words?: RegExp) => {
        const e = await create(o);
        assert.equal(e.status_code, status, `${type}: ${e.error_message}`);
        assert.equal(e.error_type, type);
        if (words) assert.match(e.error_message, words);
      };
      await expect({ external_organization_id: 'organization-test-00000000-0000-4000-8000-000000000000' }, 404, 'organization_not_found', /external_organization_id/);
      await expect({ external_connection_id: 'saml-connection-test-00000000-0000-4000-8000-000000000000' }, 404, 'connection_not_found', /external_connection_id/);
      // Its own connection: the child's SAML connection named through the child itself.
      const own = (await setup.b2b.sso.saml.createConnection({ organization_id: childId, display_name: 'Own' })).connection!.connection_id;
      await expect({ external_organization_id: childId, external_connection_id: own }, 400, 'invalid_external_connection', /own connection/);
      // Another organization's external connection is no source.
      const sibling = await child();
      const siblingExternal = (await setup.b2b.sso.external.createConnection({ organization_id: sibling, external_organization_id: p.orgId, external_connection_id: p.saml.connection_id }))
        .connection!;
      await expect({ external_organization_id: sibling, external_connection_id: siblingExternal.connection_id }, 400, 'invalid_external_connection', /names an external connection/);
      await expect({ external_connection_id: p.oidc.connection_id, connection_implicit_role_assignments: [{ role_id: 'stytch_admin' }] }, 400, 'invalid_external_connection', /SAML source/);
      const unknownRole = await create({ group_implicit_role_assignments: [{ role_id: 'no-such-role', group: 'g' }] });
      assert.equal(unknownRole.status_code, 400);
      assert.deepEqual((await setup.b2b.sso.getConnections({ organization_id: childId })).external_connections, []);

      // Five admins create the same one at once: one is made, the others are told it exists.
      const results = await Promise.allSettled(
        Array.from({ length: 5 }, () => setup.b2b.sso.external.createConnection({ organization_id: childId, external_organization_id: p.orgId, external_connection_id: p.saml.connection_id })),
      );
      assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
      for (const r of results) if (r.status === 'rejected') assert.equal((r.reason as { error_type: string }).error_type, 'external_connection_already_exists');
      assert.equal((await setup.b2b.sso.getConnections({ organization_id: childId })).external_connections.length, 1);
      // An OIDC source without roles is fine; roles on it are refused on update too.
      const viaOidc = (await setup.b2b.sso.external.createConnection({ organization_id: childId, external_organization_id: p.orgId, external_connection_id: p.oidc.connection_id })).connection!;
      const oidcRoles = await stytchError(
        setup.b2b.sso.external.updateConnection({ organization_id: childId, connection_id: viaOidc.connection_id, external_connection_implicit_role_assignments: [{ role_id: 'stytch_admin' }] }),
      );
      assert.equal(oidcRoles.error_type, 'invalid_external_connection');
    });

    it("signs a parent IdP's user into the subsidiary through its external connection: the subsidiary's JIT rule, roles and MFA policy; the state is single-use under a race", async () => {
      const p = await parent();
      const childId = await child();
      const ext = (
        await setup.b2b.sso.external.createConnection({
          organization_id: childId,
          external_organization_id: p.orgId,
          external_connection_id: p.saml.connection_id,
          display_name: 'Parent SSO',
          group_implicit_role_assignments: [{ role_id: 'stytch_admin', group: 'admins' }],
        })
      ).connection!;
      // JIT through this external connection only (the parent's own connection id would not do).
      await setup.b2b.organizations.update({ organization_id: childId, sso_jit_provisioning: 'RESTRICTED', sso_jit_provisioning_allowed_connections: [p.saml.connection_id] });
      const started = await start(ext.connection_id);
      assert.equal(started.status, 302);
      const req = readAuthnRequest(started.headers.get('location')!);
      // The IdP is the parent's: the request is the parent connection's (its ACS URL, its audience).
      assert.equal(req.acsUrl, p.saml.acs_url);
      assert.equal(req.issuer, p.saml.audience_uri);
      const refusedJit = await post(p.saml, req, uniqueEmail('nojit'));
      assert.equal(refusedJit.status, 403, await refusedJit.text());
      await setup.b2b.organizations.update({ organization_id: childId, sso_jit_provisioning_allowed_connections: [ext.connection_id] });

      const email = uniqueEmail('sub-admin');
      const auth = await signIn(ext.connection_id, p.saml, email, ['admins', 'eng']);
      assert.equal(auth.organization_id, childId);
      assert.equal(auth.member!.email_address, email);
      assert.equal(auth.member_authenticated, true);
      const admin = auth.member!.roles.find((r) => r.role_id === 'stytch_admin');
      assert.deepEqual(admin?.sources, [{ type: 'sso_connection_group', details: { connection_id: ext.connection_id, group: 'admins' } }]);
      const factor = auth.member_session!.authentication_factors[0]!;
      assert.equal(factor.delivery_method, 'sso_saml');
      assert.equal(factor.saml_sso_factor?.id, ext.connection_id);
      // Nobody was made in the parent.
      const inParent = await setup.b2b.organizations.members.search({ organization_ids: [p.orgId], query: { operator: 'AND', operands: [{ filter_name: 'member_emails', filter_value: [email] }] } });
      assert.equal(inParent.members.length, 0);

      // The member may manage the subsidiary's SSO in the browser (stytch.sso create); a member without the role may not.
      const asAdmin = await sdk(
        setup.provider,
        'PUT',
        `/b2b/sso/external/${ext.connection_id}`,
        { connection_id: ext.connection_id, display_name: 'Parent (renamed)' },
        withSession(auth.session_token),
      );
      assert.equal(asAdmin.status, 200, asAdmin.text);
      assert.equal(asAdmin.json.data.connection.display_name, 'Parent (renamed)');
      const plain = await signIn(ext.connection_id, p.saml, uniqueEmail('sub-member'), ['eng']);
      assert.deepEqual(
        plain.member!.roles.map((r) => r.role_id),
        ['stytch_member'],
      );
      const refused = await sdk(setup.provider, 'POST', '/b2b/sso/external', { external_organization_id: p.orgId, external_connection_id: p.oidc.connection_id }, withSession(plain.session_token));
      assert.equal(refused.status, 403, refused.text);
      const made = await sdk(setup.provider, 'POST', '/b2b/sso/external', { external_organization_id: p.orgId, external_connection_id: p.oidc.connection_id }, withSession(auth.session_token));
      assert.equal(made.status, 200, made.text);
      assert.equal(made.json.data.connection.organization_id, childId);
      const listed = await sdk(setup.provider, 'GET', '/b2b/sso', undefined, withSession(auth.session_token));
      assert.equal(listed.json.data.external_connections.length, 2);
      // Through the Node SDK for a member (its authorization option), held to the member's roles alike.
      const sdkRefused = await stytchError(
        setup.b2b.sso.external.updateConnection({ organization_id: childId, connection_id: ext.connection_id, display_name: 'x' }, { authorization: { session_token: plain.session_token } }),
      );
      assert.equal(sdkRefused.status_code, 403);

      // The subsidiary's MFA policy applies to a sign-in through its external connection (the parent has none).
      await setup.b2b.organizations.update({ organization_id: childId, mfa_policy: 'REQUIRED_FOR_ALL' });
      const mfa = await signIn(ext.connection_id, p.saml, email, ['admins']);
      assert.equal(mfa.member_authenticated, false);
      assert.ok(mfa.intermediate_session_token);
      await setup.b2b.organizations.update({ organization_id: childId, mfa_policy: 'OPTIONAL' });

      // One state, two signed answers posted at once: one signs in, the other is refused.
      const again = readAuthnRequest((await start(ext.connection_id)).headers.get('location')!);
      const racers = await Promise.all([post(p.saml, again, email), post(p.saml, again, email), post(p.saml, again, email)]);
      assert.deepEqual(racers.map((r) => r.status).sort(), [303, 400, 400]);
    });

    it("role rules may name the organization's own roles; a role the organization drops is taken from the rules", async () => {
      const p = await parent();
      const childId = await child();
      const lead = { role_id: 'subsidiary-lead', description: 'Renames the subsidiary', permissions: [{ resource_id: 'stytch.organization', actions: ['update.info.name'] }] };
      // Another organization's own role is no role here.
      const unknown = await stytchError(
        setup.b2b.sso.external.createConnection({
          organization_id: childId,
          external_organization_id: p.orgId,
          external_connection_id: p.saml.connection_id,
          group_implicit_role_assignments: [{ role_id: 'subsidiary-lead', group: 'leads' }],
        }),
      );
      assert.equal(unknown.error_type, 'invalid_role');
      await setup.b2b.rbac.organizations.setOrgPolicy({ organization_id: childId, org_policy: { roles: [lead] } });
      const ext = (
        await setup.b2b.sso.external.createConnection({
          organization_id: childId,
          external_organization_id: p.orgId,
          external_connection_id: p.saml.connection_id,
          connection_implicit_role_assignments: [{ role_id: 'stytch_admin' }],
          group_implicit_role_assignments: [{ role_id: 'subsidiary-lead', group: 'leads' }],
        })
      ).connection!;
      const member = await signIn(ext.connection_id, p.saml, uniqueEmail('lead'), ['leads']);
      assert.deepEqual(member.member!.roles.map((r) => r.role_id).sort(), ['stytch_admin', 'stytch_member', 'subsidiary-lead']);
      await setup.b2b.rbac.organizations.setOrgPolicy({ organization_id: childId, org_policy: { roles: [] } });
      const [listed] = (await setup.b2b.sso.getConnections({ organization_id: childId })).external_connections;
      assert.deepEqual(listed!.external_group_implicit_role_assignments, []);
      assert.deepEqual(listed!.external_connection_implicit_role_assignments, [{ role_id: 'stytch_admin' }]);
      const after = await setup.b2b.organizations.members.get({ organization_id: childId, member_id: member.member_id });
      assert.deepEqual(after.member.roles.map((r) => r.role_id).sort(), ['stytch_admin', 'stytch_member']);
    });

    it('an external connection whose source is deleted is no longer listed, and a sign-in through it is refused with the reason', async () => {
      const p = await parent();
      const childId = await child();
      const ext = (await setup.b2b.sso.external.createConnection({ organization_id: childId, external_organization_id: p.orgId, external_connection_id: p.saml.connection_id })).connection!;
      // A sign-in in flight when the source goes.
      const inFlight = readAuthnRequest((await start(ext.connection_id)).headers.get('location')!);
      await setup.b2b.sso.deleteConnection({ organization_id: p.orgId, connection_id: p.saml.connection_id });
      assert.deepEqual((await setup.b2b.sso.getConnections({ organization_id: childId })).external_connections, []);
      assert.deepEqual((await setup.b2b.organizations.get({ organization_id: childId })).organization.sso_active_connections, []);
      const refused = await start(ext.connection_id);
      assert.equal(refused.status, 400);
      const body = (await refused.json()) as { error_type: string; error_message: string };
      assert.equal(body.error_type, 'external_connection_source_deleted');
      assert.match(body.error_message, /was deleted/);
      assert.equal((await post(p.saml, inFlight, uniqueEmail('late'))).status, 404);
      // The admin can still delete it by its id.
      await setup.b2b.sso.deleteConnection({ organization_id: childId, connection_id: ext.connection_id });
      assert.equal((await start(ext.connection_id)).status, 404);

      // The whole source organization deleted: the same.
      const q = await parent();
      const viaOrg = (await setup.b2b.sso.external.createConnection({ organization_id: childId, external_organization_id: q.orgId, external_connection_id: q.saml.connection_id })).connection!;
      assert.equal((await setup.b2b.organizations.get({ organization_id: childId })).organization.sso_active_connections.length, 1);
      await setup.b2b.organizations.delete({ organization_id: q.orgId });
      assert.deepEqual((await setup.b2b.sso.getConnections({ organization_id: childId })).external_connections, []);
      assert.deepEqual((await setup.b2b.organizations.get({ organization_id: childId })).organization.sso_active_connections, []);
      assert.equal(((await (await start(viaOrg.connection_id)).json()) as { error_type: string }).error_type, 'external_connection_source_deleted');
    });
  });
}
