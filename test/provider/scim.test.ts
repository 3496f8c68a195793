import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databases, uniqueEmail } from './harness.ts';
import { assertScimError, memberSession, oktaUser, scim, scimOrganization, type ScimOrg } from './scim-support.ts';
import { startServerApi, stytchError, type ServerApiSetup } from './server-api-harness.ts';

/*
 * The SCIM 2.0 service as identity providers call it: requests written from RFC 7644's examples
 * and from Okta's and Entra ID's documented shapes (provision, update by PATCH, group push,
 * deprovision), checked by what the organization's members then are (through the Node SDK).
 */

const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const pick = (m: { member_id: string; status: string }) => ({ member_id: m.member_id, status: m.status });

for (const kind of databases) {
  describe(`SCIM 2.0 service (${kind})`, () => {
    let setup: ServerApiSetup;
    let org: ScimOrg;
    before(async () => {
      setup = await startServerApi(kind, { scimLimits: { perConnection: 1000 } });
      org = await scimOrganization(setup);
    });
    after(() => setup.provider.destroy());

    const member = (email: string) => setup.b2b.organizations.members.get({ organization_id: org.organizationId, email_address: email });
    const memberGone = async (email: string) => assert.equal((await stytchError(member(email))).status_code, 404);
    /** Deactivated as an admin deactivates: found, status `deleted`, no role but the one every member has; answers its id. */
    const memberDeactivated = async (email: string) => {
      const m = (await member(email)).member;
      assert.equal(m.status, 'deleted');
      assert.deepEqual(
        m.roles.map((r) => r.role_id),
        ['stytch_member'],
      );
      return m.member_id;
    };

    it('answers its discovery documents', async () => {
      const config = await org.call('GET', '/ServiceProviderConfig');
      assert.equal(config.status, 200, config.text);
      assert.match(config.headers.get('content-type')!, /^application\/scim\+json/);
      assert.equal(config.json.patch.supported, true);
      assert.equal(config.json.filter.supported, true);
      assert.equal(config.json.bulk.supported, false);
      const types = await org.call('GET', '/ResourceTypes');
      assert.deepEqual(
        types.json.Resources.map((r: any) => r.endpoint),
        ['/Users', '/Groups'],
      );
      const schemas = await org.call('GET', '/Schemas');
      assert.ok(schemas.json.Resources.some((s: any) => s.id === 'urn:ietf:params:scim:schemas:core:2.0:User'));
      assert.equal((await org.call('GET', `/Schemas/${ENTERPRISE}`)).json.name, 'EnterpriseUser');
    });

    it('provisions an Okta user as a member, finds it by userName and externalId, updates and deprovisions it', async () => {
      const email = uniqueEmail('okta');
      const body = oktaUser(email);
      const created = await org.call('POST', '/Users', body);
      assert.equal(created.status, 201, created.text);
      assert.equal(created.headers.get('location'), `${org.base}/Users/${created.json.id}`);
      assert.equal(created.json.userName, email);
      assert.equal(created.json.active, true);
      assert.equal(created.json.meta.resourceType, 'User');
      assert.equal(created.json.password, 'never-kept', 'an attribute sent is kept as sent');
      const m = (await member(email)).member;
      assert.equal(m.status, 'active');
      assert.equal(m.name, `${email.split('@')[0]} Tester`);

      // Okta's lookup before it creates: userName eq, in any case.
      const byName = await org.call('GET', `/Users?filter=${encodeURIComponent(`userName eq "${email.toUpperCase()}"`)}&startIndex=1&count=100`);
      assert.equal(byName.status, 200, byName.text);
      assert.equal(byName.json.totalResults, 1);
      assert.equal(byName.json.Resources[0].id, created.json.id);
      const byExternal = await org.call('GET', `/Users?filter=${encodeURIComponent(`externalId eq "${body.externalId}"`)}`);
      assert.equal(byExternal.json.Resources[0].id, created.json.id);
      const none = await org.call('GET', `/Users?filter=${encodeURIComponent('userName eq "nobody@example.com"')}`);
      assert.deepEqual([none.json.totalResults, none.json.Resources], [0, []]);
      const byEmail = await org.call('GET', `/Users?filter=${encodeURIComponent(`emails[type eq "work"].value eq "${email}"`)}`);
      assert.equal(byEmail.json.totalResults, 1);

      const again = await org.call('POST', '/Users', oktaUser(email.toUpperCase()));
      assertScimError(again, 409, 'uniqueness');

      // Okta's profile push: PUT of the whole user.
      const put = await org.call('PUT', `/Users/${created.json.id}`, { ...body, name: { givenName: 'Renamed', familyName: 'Person' } });
      assert.equal(put.status, 200, put.text);
      assert.equal((await member(email)).member.name, 'Renamed Person');

      // Okta's deactivation: a path-less replace of active; the member's session ends at once.
      const session = await memberSession(setup, org.organizationId, email);
      assert.equal((await setup.b2b.sessions.authenticate({ session_token: session })).member.email_address, email);
      const memberId = (await member(email)).member.member_id;
      const off = await org.call('PATCH', `/Users/${created.json.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: false } }] });
      assert.equal(off.status, 200, off.text);
      assert.equal(off.json.active, false);
      assert.equal((await stytchError(setup.b2b.sessions.authenticate({ session_token: session }))).status_code, 404);
      assert.equal(await memberDeactivated(email), memberId);
      assert.equal((await org.call('GET', `/Users/${created.json.id}`)).json.active, false, 'the user stays, inactive');

      // Made active again, it is the same member (the portal's reactivation, by the identity provider).
      const on = await org.call('PATCH', `/Users/${created.json.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: true } }] });
      assert.equal(on.status, 200, on.text);
      assert.deepEqual(pick((await member(email)).member), { member_id: memberId, status: 'active' });

      const deleted = await org.call('DELETE', `/Users/${created.json.id}`);
      assert.equal(deleted.status, 204);
      assert.equal(await memberDeactivated(email), memberId);
      assertScimError(await org.call('GET', `/Users/${created.json.id}`), 404);
      // Provisioned anew, the address is that member again, active.
      const back = await org.call('POST', '/Users', body);
      assert.equal(back.status, 201, back.text);
      assert.deepEqual(pick((await member(email)).member), { member_id: memberId, status: 'active' });
    });

    it('takes the PATCH shapes Entra ID sends: capitalised ops, "False" as a string, paths into complex, filtered and extension attributes', async () => {
      const email = uniqueEmail('entra');
      const created = await org.call('POST', '/Users', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', ENTERPRISE],
        externalId: 'entra-object-1',
        userName: email,
        active: 'True',
        displayName: 'Entra Person',
        emails: [{ primary: 'True', type: 'work', value: email }],
        name: { formatted: 'Entra Person', familyName: 'Person', givenName: 'Entra' },
        [ENTERPRISE]: { department: 'Sales' },
      });
      assert.equal(created.status, 201, created.text);
      assert.equal(created.json.active, true);
      assert.deepEqual(created.json.schemas, ['urn:ietf:params:scim:schemas:core:2.0:User', ENTERPRISE]);
      const id = created.json.id;
      const newEmail = uniqueEmail('entra-new');
      const patched = await org.call('PATCH', `/Users/${id}`, {
        schemas: [PATCH],
        Operations: [
          { op: 'Replace', path: 'name.formatted', value: 'Entra Renamed' },
          { op: 'Replace', path: 'emails[type eq "work"].value', value: newEmail },
          { op: 'Add', path: `${ENTERPRISE}:department`, value: 'Engineering' },
          { op: 'Add', path: 'phoneNumbers[type eq "mobile"].value', value: '+15555550100' },
          { op: 'Replace', path: 'displayName', value: 'Entra R.' },
        ],
      });
      assert.equal(patched.status, 200, patched.text);
      assert.equal(patched.json[ENTERPRISE].department, 'Engineering');
      assert.deepEqual(patched.json.phoneNumbers, [{ type: 'mobile', value: '+15555550100' }]);
      assert.equal(patched.json.name.givenName, 'Entra', 'sub-attributes not named stay');
      const m = (await member(newEmail)).member;
      assert.equal(m.name, 'Entra Renamed');
      await memberGone(email);

      const off = await org.call('PATCH', `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
      assert.equal(off.status, 200, off.text);
      assert.equal(off.json.active, false);
      await memberDeactivated(newEmail);
      const removed = await org.call('PATCH', `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'Remove', path: `${ENTERPRISE}:department` }] });
      assert.equal(removed.json[ENTERPRISE].department, undefined);
    });

    it('pushes groups as Okta and Entra ID do, and a group mapped to a role gives and takes it back', async () => {
      const emails = [uniqueEmail('g1'), uniqueEmail('g2'), uniqueEmail('g3')];
      const ids: string[] = [];
      for (const e of emails) ids.push((await org.call('POST', '/Users', oktaUser(e))).json.id);
      const group = await org.call('POST', '/Groups', { schemas: [GROUP], displayName: 'Engineering', members: [{ value: ids[0] }] });
      assert.equal(group.status, 201, group.text);
      const gid = group.json.id;
      assertScimError(await org.call('POST', '/Groups', { schemas: [GROUP], displayName: 'engineering' }), 409, 'uniqueness');
      await setup.b2b.scim.connection.update({
        organization_id: org.organizationId,
        connection_id: org.connectionId,
        scim_group_implicit_role_assignments: [{ group_id: gid, role_id: 'stytch_admin', group_name: '' }],
      });
      const admin = async (e: string) => (await member(e)).member.is_admin;
      assert.equal(await admin(emails[0]!), true);

      // Okta: add members, then remove one by a filtered path.
      const add = await org.call('PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: ids[1], display: emails[1] }] }] });
      assert.equal(add.status, 200, add.text);
      assert.equal(await admin(emails[1]!), true);
      const okRemove = await org.call('PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'remove', path: `members[value eq "${ids[0]}"]` }] });
      assert.equal(okRemove.status, 200, okRemove.text);
      assert.equal(await admin(emails[0]!), false);

      // Entra ID: Add with a capital, Remove naming the values, a rename without a path.
      await org.call('PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'Add', path: 'members', value: [{ value: ids[2] }] }] });
      assert.equal(await admin(emails[2]!), true);
      const entraRemove = await org.call('PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'Remove', path: 'members', value: [{ value: ids[1] }] }] });
      assert.equal(entraRemove.status, 200, entraRemove.text);
      assert.deepEqual(
        entraRemove.json.members.map((m: any) => m.value),
        [ids[2]],
      );
      assert.equal(await admin(emails[1]!), false);
      const renamed = await org.call('PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { id: gid, displayName: 'Eng' } }] });
      assert.equal(renamed.json.displayName, 'Eng');

      // Entra ID's membership check and its listing without members.
      const check = await org.call('GET', `/Groups?filter=${encodeURIComponent(`displayName eq "eng" and members[value eq "${ids[2]}"]`)}&excludedAttributes=members`);
      assert.equal(check.json.totalResults, 1, check.text);
      assert.equal(check.json.Resources[0].members, undefined);
      const user = await org.call('GET', `/Users/${ids[2]}`);
      assert.deepEqual(
        user.json.groups.map((g: any) => g.display),
        ['Eng'],
      );

      // A member no group made admin keeps a role an admin gave it when it leaves the group.
      await setup.b2b.organizations.members.update({ organization_id: org.organizationId, member_id: (await member(emails[1]!)).member.member_id, roles: ['stytch_admin'] });
      await org.call('PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: ids[1] }] }] });
      await org.call('PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'remove', path: `members[value eq "${ids[1]}"]` }] });
      assert.equal(await admin(emails[1]!), true);

      // Deactivated while in the group, the member holds no role; active again, the group's role is back.
      await org.call('PATCH', `/Users/${ids[2]}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: false } }] });
      assert.deepEqual(pick((await member(emails[2]!)).member), { member_id: (await member(emails[2]!)).member.member_id, status: 'deleted' });
      assert.equal(await admin(emails[2]!), false);
      await org.call('PATCH', `/Users/${ids[2]}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: true } }] });
      assert.equal(await admin(emails[2]!), true);

      const gone = await org.call('DELETE', `/Groups/${gid}`);
      assert.equal(gone.status, 204);
      assert.equal(await admin(emails[2]!), false, 'a deleted group\u2019s roles go with it');
      const conn = (await setup.b2b.scim.connection.get({ organization_id: org.organizationId })).connection!;
      assert.deepEqual(conn.scim_group_implicit_role_assignments, []);
      assertScimError(await org.call('POST', '/Groups', { displayName: 'Ghosts', members: [{ value: 'scim-user-test-nope' }] }), 400, 'invalidValue');
    });

    it('pages a list with startIndex and count, and filters by any attribute', async () => {
      const other = await scimOrganization(setup);
      for (let i = 0; i < 5; i++) assert.equal((await other.call('POST', '/Users', oktaUser(uniqueEmail(`page${i}`), { title: i % 2 ? 'odd' : 'even' }))).status, 201);
      const page = await other.call('GET', '/Users?startIndex=2&count=2');
      assert.deepEqual([page.json.totalResults, page.json.startIndex, page.json.itemsPerPage, page.json.Resources.length], [5, 2, 2, 2]);
      const all = await other.call('GET', '/Users');
      assert.deepEqual(
        page.json.Resources.map((r: any) => r.id),
        all.json.Resources.slice(1, 3).map((r: any) => r.id),
      );
      const countOnly = await other.call('GET', '/Users?count=0');
      assert.deepEqual([countOnly.json.totalResults, countOnly.json.Resources.length], [5, 0]);
      const odd = await other.call('GET', `/Users?filter=${encodeURIComponent('title eq "odd" and active eq true')}`);
      assert.equal(odd.json.totalResults, 2);
      assertScimError(await other.call('GET', `/Users?filter=${encodeURIComponent('userName eq')}`), 400, 'invalidFilter');
      assertScimError(await other.call('GET', '/Users?startIndex=x'), 400, 'invalidValue');
      // Another connection's users are not this one's.
      assert.equal((await org.call('GET', `/Users/${all.json.Resources[0].id}`)).status, 404);
    });

    it('answers every malformed request with a SCIM error and a scimType, never a 500', async () => {
      const id = (await org.call('POST', '/Users', oktaUser(uniqueEmail('bad')))).json.id;
      assertScimError(await org.call('POST', '/Users', '{"userName": '), 400, 'invalidSyntax');
      assertScimError(await org.call('POST', '/Users', [1, 2]), 400, 'invalidValue');
      assertScimError(await org.call('POST', '/Users', { emails: [] }), 400, 'invalidValue');
      assertScimError(await org.call('POST', '/Users', { userName: 'not-an-email' }), 400, 'invalidValue');
      assertScimError(await org.call('POST', '/Users', { userName: uniqueEmail('x'), active: 'maybe' }), 400, 'invalidValue');
      assertScimError(await org.call('POST', '/Users', { userName: uniqueEmail('x'), emails: 'a@b.c' }), 400, 'invalidValue');
      assertScimError(await org.call('PATCH', `/Users/${id}`, { Operations: [{ op: 'move', path: 'active', value: true }] }), 400, 'invalidSyntax');
      assertScimError(await org.call('PATCH', `/Users/${id}`, { Operations: [{ op: 'replace', path: 'emails[type eq].value', value: 'x' }] }), 400, 'invalidFilter');
      assertScimError(await org.call('PATCH', `/Users/${id}`, { Operations: [{ op: 'replace', path: '1bad..path', value: 'x' }] }), 400, 'invalidPath');
      assertScimError(await org.call('PATCH', `/Users/${id}`, { Operations: [{ op: 'replace', path: 'emails[type eq "work"', value: 'x' }] }), 400, 'invalidPath');
      assertScimError(await org.call('PATCH', `/Users/${id}`, { Operations: [{ op: 'remove' }] }), 400, 'noTarget');
      assertScimError(await org.call('PATCH', `/Users/${id}`, { Operations: [{ op: 'replace', value: 'x' }] }), 400, 'invalidValue');
      assertScimError(await org.call('PATCH', `/Users/${id}`, { Operations: [] }), 400, 'invalidValue');
      assertScimError(await org.call('PATCH', `/Users/${id}`, { Operations: [{ op: 'replace', path: 'userName', value: '' }] }), 400, 'invalidValue');
      assertScimError(await org.call('PUT', `/Users/${id}`, { userName: 42 }), 400, 'invalidValue');
      assertScimError(await org.call('POST', '/Groups', { displayName: { a: 1 } }), 400, 'invalidValue');
      assertScimError(await org.call('POST', '/Users', oktaUser(uniqueEmail('t')), { 'Content-Type': 'text/plain' }), 415);
      assertScimError(await org.call('GET', '/Nope'), 404);
      assertScimError(await org.call('GET', '/Users/scim-user-test-missing'), 404);
      // Credentials: none, another's, a Basic header.
      const noToken = await scim(org.base, null, 'GET', '/Users');
      assertScimError(noToken, 401);
      assert.match(noToken.headers.get('www-authenticate') ?? '', /^Bearer/);
      assertScimError(await scim(org.base, 'x'.repeat(43), 'GET', '/Users'), 401);
      assertScimError(await scim(org.base, null, 'GET', '/Users', undefined, { Authorization: `Basic ${Buffer.from(`${setup.projectId}:${setup.secret}`).toString('base64')}` }), 401);
      assertScimError(await scim(org.base.replace(org.connectionId, 'scim-connection-test-none'), org.token, 'GET', '/Users'), 401);
    });

    it('makes one member of 20 parallel creates of one userName', async () => {
      const email = uniqueEmail('parallel');
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => org.call('POST', '/Users', oktaUser(i % 2 ? email : email.toUpperCase()))));
      assert.deepEqual(answers.map((a) => a.status).sort(), [201, ...Array(19).fill(409)]);
      for (const a of answers.filter((x) => x.status === 409)) assertScimError(a, 409, 'uniqueness');
      const search = await setup.b2b.organizations.members.search({
        organization_ids: [org.organizationId],
        query: { operator: 'AND', operands: [{ filter_name: 'member_emails', filter_value: [email] }] },
      });
      assert.equal(search.members.length, 1);
      const listed = await org.call('GET', `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`);
      assert.equal(listed.json.totalResults, 1);
    });

    it('makes one membership of 10 parallel adds of one user to a group', async () => {
      const uid = (await org.call('POST', '/Users', oktaUser(uniqueEmail('pgroup')))).json.id;
      const gid = (await org.call('POST', '/Groups', { schemas: [GROUP], displayName: `Parallel ${Date.now()}` })).json.id;
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => org.call('PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: uid }] }] })),
      );
      assert.deepEqual(
        answers.map((a) => a.status),
        Array(10).fill(200),
      );
      assert.deepEqual(
        (await org.call('GET', `/Groups/${gid}`)).json.members.map((m: any) => m.value),
        [uid],
      );
    });
  });

  describe(`SCIM 2.0 service limits (${kind})`, () => {
    let setup: ServerApiSetup;
    before(async () => {
      setup = await startServerApi(kind, { scimLimits: { perConnection: 3 } });
    });
    after(() => setup.provider.destroy());

    it('refuses a connection past its budget with 429 and Retry-After, in SCIM shape, and counts each connection apart', async () => {
      const a = await scimOrganization(setup);
      const b = await scimOrganization(setup);
      for (let i = 0; i < 3; i++) assert.equal((await a.call('GET', '/Users')).status, 200);
      const refused = await a.call('GET', '/Users');
      assertScimError(refused, 429);
      assert.ok(Number(refused.headers.get('retry-after')) >= 1);
      assert.equal((await b.call('GET', '/Users')).status, 200);
    });
  });
}
