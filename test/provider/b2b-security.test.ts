import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databases, outbox, sdk, signInByEmailOtp, startTestProvider, uniqueEmail, withSession, type TestProvider } from './harness.ts';
import { asMember, authenticateByEmailedCode, createOrganization, discoverByOtp, uniqueSlug } from './b2b-harness.ts';

const REDIRECT = 'http://app.test/authenticate.html';

for (const kind of databases) {
  describe(`B2B security (${kind})`, () => {
    let provider: TestProvider;
    before(async () => {
      // Wide send limits: one address signs in many ways here (the limits are tested in b2b-discovery).
      provider = await startTestProvider(kind, { redirectUrls: [REDIRECT], sendLimits: { perAddress: 1000, burstPerAddress: 1000 } });
    });
    after(() => provider.destroy());

    async function inviteToken(adminToken: string, email: string): Promise<string> {
      const res = await asMember(provider, adminToken)('POST', '/b2b/magic_links/email/invite', { email_address: email, invite_redirect_url: REDIRECT });
      assert.equal(res.status, 200, res.text);
      const [message] = await outbox(provider, email);
      const link = new URL(message!.link!);
      assert.equal(link.searchParams.get('stytch_token_type'), 'multi_tenant_magic_links');
      return link.searchParams.get('token')!;
    }

    it('redeems an invitation once when its link is opened in parallel', async () => {
      const org = await createOrganization(provider, uniqueEmail('admin'), { organization_name: 'Invites', organization_slug: uniqueSlug() });
      const email = uniqueEmail('invitee');
      const token = await inviteToken(org.session_token, email);
      const results = await Promise.all(Array.from({ length: 6 }, () => sdk(provider, 'POST', '/b2b/magic_links/authenticate', { magic_links_token: token, session_duration_minutes: 30 })));
      assert.deepEqual(results.map((r) => r.status).sort(), [200, 404, 404, 404, 404, 404], results.map((r) => r.text).join('\n'));
      const winner = results.find((r) => r.status === 200)!.json.data;
      assert.equal(winner.member_authenticated, true);
      assert.equal(winner.member.status, 'active');
      assert.equal(winner.member.email_address_verified, true);
      assert.ok(results.filter((r) => r.status === 404).every((r) => r.json.error_type === 'unable_to_auth_magic_link'));
    });

    it('makes one member of parallel invitations of one new address', async () => {
      const org = await createOrganization(provider, uniqueEmail('admin'), { organization_name: 'Parallel', organization_slug: uniqueSlug() });
      const email = uniqueEmail('twice');
      const admin = asMember(provider, org.session_token);
      const results = await Promise.all(Array.from({ length: 3 }, () => admin('POST', '/b2b/magic_links/email/invite', { email_address: email, invite_redirect_url: REDIRECT })));
      assert.ok(
        results.every((r) => r.status === 200),
        results.map((r) => r.text).join('\n'),
      );
      assert.equal(new Set(results.map((r) => r.json.data.member_id)).size, 1);
      const search = await admin('POST', '/b2b/organizations/me/members/search', { query: { operator: 'AND', operands: [{ filter_name: 'member_emails', filter_value: [email] }] } });
      assert.equal(search.status, 200, search.text);
      assert.equal(search.json.data.results_metadata.total, 1);
    });

    it('refuses a member token of one organization on another organization', async () => {
      const a = await createOrganization(provider, uniqueEmail('a'), { organization_name: 'A', organization_slug: uniqueSlug() });
      const b = await createOrganization(provider, uniqueEmail('b'), { organization_name: 'B', organization_slug: uniqueSlug() });
      const adminA = asMember(provider, a.session_token);
      const memberOfB = b.member_id;
      for (const [method, path, body] of [
        ['PUT', `/b2b/organizations/members/${memberOfB}`, { name: 'Taken over' }],
        ['DELETE', `/b2b/organizations/members/${memberOfB}`, undefined],
        ['POST', `/b2b/sessions/revoke/${memberOfB}`, undefined],
      ] as const) {
        const res = await adminA(method, path, body);
        assert.equal(res.status, 404, `${method} ${path}: ${res.text}`);
        assert.equal(res.json.error_type, 'member_not_found');
      }
      // Organization B and its admin are untouched, and A's admin sees only A.
      const bMe = await asMember(provider, b.session_token)('GET', '/b2b/organizations/members/me');
      assert.equal(bMe.status, 200, bMe.text);
      assert.equal(bMe.json.data.member.name, '');
      assert.equal((await adminA('GET', '/b2b/organizations/me')).json.data.organization.organization_id, a.organization.organization_id);
      const search = await adminA('POST', '/b2b/organizations/me/members/search', { query: { operator: 'OR', operands: [{ filter_name: 'member_ids', filter_value: [memberOfB] }] } });
      assert.equal(search.json.data.results_metadata.total, 0);
      // Exchanging into B needs membership there (B admits no one by domain).
      const exchange = await adminA('POST', '/b2b/sessions/exchange', { organization_id: b.organization.organization_id, session_duration_minutes: 30 });
      assert.equal(exchange.status, 403, exchange.text);
      // A passcode sent for A does not sign in to B.
      const email = a.member.email_address;
      assert.equal((await sdk(provider, 'POST', '/b2b/otps/email/login_or_signup', { organization_id: a.organization.organization_id, email_address: email })).status, 200);
      const wrongOrg = await authenticateByEmailedCode(provider, b.organization.organization_id, email);
      assert.equal(wrongOrg.status, 401, wrongOrg.text);
      // B2C and B2B sessions are not each other's.
      const user = await signInByEmailOtp(provider);
      assert.equal((await sdk(provider, 'GET', '/b2b/organizations/me', undefined, withSession(user.session_token))).status, 404);
      assert.equal((await sdk(provider, 'GET', '/b2b/organizations/me', undefined, withSession(user.session_jwt))).status, 404);
      assert.equal((await sdk(provider, 'GET', '/users/me', undefined, withSession(a.session_token))).status, 404);
      assert.equal((await sdk(provider, 'GET', '/users/me', undefined, withSession(a.session_jwt))).status, 404);
    });

    it('gates organization and member changes on the admin role, and keeps the last admin', async () => {
      const org = await createOrganization(provider, uniqueEmail('boss'), { organization_name: 'Roles', organization_slug: uniqueSlug() });
      const admin = asMember(provider, org.session_token);
      const email = uniqueEmail('staff');
      const token = await inviteToken(org.session_token, email);
      const staff = await sdk(provider, 'POST', '/b2b/magic_links/authenticate', { magic_links_token: token, session_duration_minutes: 30 });
      assert.equal(staff.status, 200, staff.text);
      const asStaff = asMember(provider, staff.json.data.session_token);
      for (const [method, path, body] of [
        ['PUT', '/b2b/organizations/me', { organization_name: 'Mine now' }],
        ['DELETE', '/b2b/organizations/me', undefined],
        ['POST', '/b2b/magic_links/email/invite', { email_address: uniqueEmail(), invite_redirect_url: REDIRECT }],
        ['PUT', `/b2b/organizations/members/${org.member_id}`, { roles: [] }],
        ['DELETE', `/b2b/organizations/members/${org.member_id}`, undefined],
        ['POST', '/b2b/organizations/members', { email_address: uniqueEmail() }],
        ['POST', '/b2b/organizations/me/members/search', {}],
      ] as const) {
        const res = await asStaff(method, path, body);
        assert.equal(res.status, 403, `${method} ${path}: ${res.text}`);
        assert.equal(res.json.error_type, 'unauthorized_action');
      }
      // The member updates itself, but not its roles.
      const self = await asStaff('PUT', '/b2b/organizations/members/update', { name: 'Staff Member', roles: ['stytch_admin'] });
      assert.equal(self.status, 200, self.text);
      assert.equal(self.json.data.member.name, 'Staff Member');
      assert.equal(self.json.data.member.is_admin, false);
      // The only admin can neither demote nor delete itself.
      const demote = await admin('PUT', `/b2b/organizations/members/${org.member_id}`, { roles: [] });
      assert.equal(demote.status, 400, demote.text);
      assert.equal(demote.json.error_type, 'last_admin');
      assert.equal((await admin('DELETE', `/b2b/organizations/members/${org.member_id}`)).status, 400);
      const renamed = await admin('PUT', '/b2b/organizations/me', { organization_name: 'Renamed', mfa_policy: 'OPTIONAL', organization_slug: uniqueSlug('renamed') });
      assert.equal(renamed.status, 200, renamed.text);
      assert.equal(renamed.json.data.organization.organization_name, 'Renamed');
      const removed = await admin('DELETE', `/b2b/organizations/members/${staff.json.data.member_id}`);
      assert.equal(removed.status, 200, removed.text);
      assert.equal((await asStaff('GET', '/b2b/organizations/members/me')).status, 404, 'a deleted member has no session');
    });

    it('gives a slug to one of parallel creations, and keeps an admin when two demote each other at once', async () => {
      const slug = uniqueSlug('race');
      const tokens = await Promise.all(Array.from({ length: 4 }, () => discoverByOtp(provider, uniqueEmail('racer'))));
      const created = await Promise.all(
        tokens.map((t) =>
          sdk(provider, 'POST', '/b2b/discovery/organizations/create', {
            intermediate_session_token: t.intermediate_session_token,
            session_duration_minutes: 30,
            organization_name: 'Race',
            organization_slug: slug,
          }),
        ),
      );
      assert.deepEqual(created.map((r) => r.status).sort(), [200, 409, 409, 409], created.map((r) => r.text).join('\n'));
      assert.ok(created.filter((r) => r.status === 409).every((r) => r.json.error_type === 'organization_slug_already_used'));

      const org = created.find((r) => r.status === 200)!.json.data;
      const first = asMember(provider, org.session_token);
      const email = uniqueEmail('second-admin');
      const added = await first('POST', '/b2b/organizations/members', { email_address: email, roles: ['stytch_admin'] });
      assert.equal(added.status, 200, added.text);
      await sdk(provider, 'POST', '/b2b/otps/email/login_or_signup', { organization_id: org.organization.organization_id, email_address: email });
      const second = await authenticateByEmailedCode(provider, org.organization.organization_id, email);
      assert.equal(second.status, 200, second.text);
      const [a, b] = await Promise.all([
        first('PUT', `/b2b/organizations/members/${added.json.data.member_id}`, { roles: [] }),
        asMember(provider, second.json.data.session_token)('PUT', `/b2b/organizations/members/${org.member_id}`, { roles: [] }),
      ]);
      // One demotion wins; the other is refused as the last admin's, finds its caller already
      // demoted (its session checked, its role gone), or already signed out (a role change ends
      // the member's sessions): which one depends on where the winner's commit falls.
      assert.equal([a, b].filter((r) => r.status === 200).length, 1, `${a.text}\n${b.text}`);
      const loser = a.status === 200 ? b : a;
      const refused =
        (loser.status === 400 && loser.json.error_type === 'last_admin') ||
        (loser.status === 403 && loser.json.error_type === 'unauthorized_action') ||
        (loser.status === 404 && loser.json.error_type === 'session_not_found');
      assert.ok(refused, loser.text);
      const admins = await first('POST', '/b2b/organizations/me/members/search', { query: { operator: 'AND', operands: [{ filter_name: 'member_roles', filter_value: ['stytch_admin'] }] } });
      const survivor = a.status === 200 ? first : asMember(provider, second.json.data.session_token);
      const check =
        admins.status === 200
          ? admins
          : await survivor('POST', '/b2b/organizations/me/members/search', { query: { operator: 'AND', operands: [{ filter_name: 'member_roles', filter_value: ['stytch_admin'] }] } });
      assert.equal(check.json.data.results_metadata.total, 1, check.text);
    });

    it('never answers a member session from primary factors while MFA is required', async () => {
      const email = uniqueEmail('mfa');
      const org = await createOrganization(provider, email, {
        organization_name: 'Strict',
        organization_slug: uniqueSlug(),
        email_jit_provisioning: 'RESTRICTED',
        email_allowed_domains: ['example.test'],
      });
      const admin = asMember(provider, org.session_token);
      assert.equal((await admin('PUT', '/b2b/organizations/me', { mfa_policy: 'REQUIRED_FOR_ALL' })).status, 200);
      const orgId = org.organization.organization_id;
      const assertPending = (res: { status: number; text: string; json: any }, what: string) => {
        assert.equal(res.status, 200, `${what}: ${res.text}`);
        const d = res.json.data;
        assert.equal(d.member_authenticated, false, what);
        assert.equal(d.member_session, null, what);
        assert.equal(d.session_token, '', what);
        assert.equal(d.session_jwt, '', what);
        assert.ok(d.intermediate_session_token.length > 20, what);
        assert.deepEqual(d.mfa_required, { member_options: null, secondary_auth_initiated: null }, what);
        return d.intermediate_session_token as string;
      };
      // Email passcode.
      await sdk(provider, 'POST', '/b2b/otps/email/login_or_signup', { organization_id: orgId, email_address: email });
      let [message] = await outbox(provider, email);
      let ist = assertPending(
        await sdk(provider, 'POST', '/b2b/otps/email/authenticate', { organization_id: orgId, email_address: email, code: message!.code, session_duration_minutes: 30 }),
        'email OTP',
      );
      // A magic link, carrying the intermediate session of the passcode: still two primary factors, no second one.
      await sdk(provider, 'POST', '/b2b/magic_links/email/login_or_signup', { organization_id: orgId, email_address: email, login_redirect_url: REDIRECT });
      [message] = await outbox(provider, email);
      const token = new URL(message!.link!).searchParams.get('token');
      const viaLink = await sdk(provider, 'POST', '/b2b/magic_links/authenticate', { magic_links_token: token, session_duration_minutes: 30, intermediate_session_token: ist });
      ist = assertPending(viaLink, 'magic link with intermediate session');
      assert.deepEqual(viaLink.json.data.member.member_id, org.member_id);
      // Exchanging the pending intermediate session into the organization again.
      ist = assertPending(
        await sdk(provider, 'POST', '/b2b/discovery/intermediate_sessions/exchange', { intermediate_session_token: ist, organization_id: orgId, session_duration_minutes: 30 }),
        'exchange of the pending session',
      );
      // Nor into another organization.
      const other = await createOrganization(provider, uniqueEmail('other'), {
        organization_name: 'Other',
        organization_slug: uniqueSlug(),
        email_jit_provisioning: 'RESTRICTED',
        email_allowed_domains: ['example.test'],
      });
      const cross = await sdk(provider, 'POST', '/b2b/discovery/intermediate_sessions/exchange', {
        intermediate_session_token: ist,
        organization_id: other.organization.organization_id,
        session_duration_minutes: 30,
      });
      assert.equal(cross.status, 403, cross.text);
      // A fresh discovery sign-in, exchanged.
      const found = await discoverByOtp(provider, email);
      const listed = found.discovered_organizations.find((d) => d.organization.organization_id === orgId);
      assert.deepEqual(listed.mfa_required, { member_options: null, secondary_auth_initiated: null });
      assertPending(
        await sdk(provider, 'POST', '/b2b/discovery/intermediate_sessions/exchange', {
          intermediate_session_token: found.intermediate_session_token,
          organization_id: orgId,
          session_duration_minutes: 30,
        }),
        'discovery exchange',
      );
      // A session of another organization exchanged into this one.
      const joined = await sdk(provider, 'POST', '/b2b/discovery/intermediate_sessions/exchange', {
        intermediate_session_token: (await discoverByOtp(provider, email)).intermediate_session_token,
        organization_id: other.organization.organization_id,
        session_duration_minutes: 30,
      });
      assert.equal(joined.json.data.member_authenticated, true, joined.text);
      assertPending(await asMember(provider, joined.json.data.session_token)('POST', '/b2b/sessions/exchange', { organization_id: orgId, session_duration_minutes: 30 }), 'session exchange');
      // The JIT-joined member of a strict organization is also asked.
      const newcomer = uniqueEmail('newcomer');
      assertPending(
        await sdk(provider, 'POST', '/b2b/discovery/intermediate_sessions/exchange', {
          intermediate_session_token: (await discoverByOtp(provider, newcomer)).intermediate_session_token,
          organization_id: orgId,
          session_duration_minutes: 30,
        }),
        'JIT join',
      );
    });
  });
}
