import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databases, outbox, uniqueEmail } from './harness.ts';
import { uniqueSlug } from './b2b-harness.ts';
import { startServerApi, stytchError, v1, type ServerApiSetup } from './server-api-harness.ts';

const REDIRECT = 'https://app.test/authenticate';

for (const kind of databases) {
  describe(`server API: B2B through the official SDK (${kind})`, () => {
    let setup: ServerApiSetup;
    before(async () => {
      setup = await startServerApi(kind, { redirectUrls: [REDIRECT] });
    });
    after(() => setup.provider.destroy());

    it('creates, finds, updates and deletes organizations and members', async () => {
      const slug = uniqueSlug('server');
      const { organization } = await setup.b2b.organizations.create({ organization_name: 'Server Co', organization_slug: slug, email_allowed_domains: ['Example.test'] });
      assert.equal(organization.organization_slug, slug);
      assert.deepEqual(organization.email_allowed_domains, ['example.test']);
      assert.equal((await setup.b2b.organizations.get({ organization_id: organization.organization_id })).organization.organization_name, 'Server Co');
      const taken = await stytchError(setup.b2b.organizations.create({ organization_name: 'Again', organization_slug: slug }));
      assert.equal(taken.error_type, 'organization_slug_already_used');
      const found = await setup.b2b.organizations.search({ query: { operator: 'AND', operands: [{ filter_name: 'organization_slugs', filter_value: [slug] }] } });
      assert.deepEqual(
        found.organizations.map((o) => o.organization_id),
        [organization.organization_id],
      );
      const updated = await setup.b2b.organizations.update({ organization_id: organization.organization_id, organization_name: 'Server Co 2', mfa_policy: 'REQUIRED_FOR_ALL' });
      assert.equal(updated.organization.mfa_policy, 'REQUIRED_FOR_ALL');

      const email = uniqueEmail('server-member');
      const created = await setup.b2b.organizations.members.create({
        organization_id: organization.organization_id,
        email_address: email,
        name: 'Ada',
        roles: ['stytch_admin'],
        trusted_metadata: { tier: 1 },
      });
      assert.equal(created.member.status, 'active');
      assert.equal(created.member.is_admin, true);
      assert.deepEqual(created.member.trusted_metadata, { tier: 1 });
      const byEmail = await setup.b2b.organizations.members.get({ organization_id: organization.organization_id, email_address: email });
      assert.equal(byEmail.member_id, created.member_id);
      const search = await setup.b2b.organizations.members.search({
        organization_ids: [organization.organization_id],
        query: { operator: 'AND', operands: [{ filter_name: 'member_roles', filter_value: ['stytch_admin'] }] },
      });
      assert.deepEqual(
        search.members.map((m) => m.member_id),
        [created.member_id],
      );
      assert.ok(search.organizations[organization.organization_id]);
      const renamed = await setup.b2b.organizations.members.update({ organization_id: organization.organization_id, member_id: created.member_id, name: 'Ada L.' });
      assert.equal(renamed.member.name, 'Ada L.');

      // A member is reached only through its own organization.
      const other = await setup.b2b.organizations.create({ organization_name: 'Other', organization_slug: uniqueSlug('other') });
      const cross = await stytchError(setup.b2b.organizations.members.update({ organization_id: other.organization.organization_id, member_id: created.member_id, name: 'Hijack' }));
      assert.equal(cross.status_code, 404);
      assert.equal((await stytchError(setup.b2b.organizations.members.delete({ organization_id: other.organization.organization_id, member_id: created.member_id }))).status_code, 404);

      await setup.b2b.organizations.members.delete({ organization_id: organization.organization_id, member_id: created.member_id });
      // Deleting deactivates, as the hosted provider does: the member is kept as `deleted`.
      assert.equal((await setup.b2b.organizations.members.get({ organization_id: organization.organization_id, member_id: created.member_id })).member.status, 'deleted');
      await setup.b2b.organizations.delete({ organization_id: other.organization.organization_id });
      assert.equal((await stytchError(setup.b2b.organizations.get({ organization_id: other.organization.organization_id }))).status_code, 404);
    });

    it('invites by magic link, authenticates, and verifies the member session JWT with its organization claim', async () => {
      const { organization } = await setup.b2b.organizations.create({ organization_name: 'Invites', organization_slug: uniqueSlug('inv') });
      const email = uniqueEmail('server-invitee');
      const invited = await setup.b2b.magicLinks.email.invite({ organization_id: organization.organization_id, email_address: email, invite_redirect_url: REDIRECT });
      assert.equal(invited.member.status, 'invited');
      const [message] = await outbox(setup.provider, email);
      const token = new URL(message!.link!).searchParams.get('token')!;
      const auth = await setup.b2b.magicLinks.authenticate({ magic_links_token: token, session_duration_minutes: 60 });
      assert.equal(auth.member_authenticated, true);
      assert.equal(auth.member.status, 'active');
      assert.equal(auth.organization_id, organization.organization_id);
      const local = await setup.b2b.sessions.authenticateJwtLocal({ session_jwt: auth.session_jwt });
      assert.equal(local.member_id, auth.member_id);
      assert.equal(local.organization_id, organization.organization_id);
      assert.equal(local.organization_slug, organization.organization_slug);
      const remote = await setup.b2b.sessions.authenticate({ session_token: auth.session_token });
      assert.equal(remote.member_session.member_session_id, auth.member_session!.member_session_id);
      const listed = await setup.b2b.sessions.get({ organization_id: organization.organization_id, member_id: auth.member_id });
      assert.equal(listed.member_sessions.length, 1);
      await setup.b2b.sessions.revoke({ member_session_id: auth.member_session!.member_session_id });
      assert.equal((await stytchError(setup.b2b.sessions.authenticate({ session_token: remote.session_token }))).error_type, 'session_not_found');
      // The invitation is spent.
      assert.equal((await stytchError(setup.b2b.magicLinks.authenticate({ magic_links_token: token }))).status_code, 404);
    });

    it('refuses bad bodies in the error shape and answers the JWKS without credentials', async () => {
      const bad = await v1(setup, 'POST', '/b2b/organizations', { organization_name: 'x', organization_slug: 'NOT A SLUG' });
      assert.equal(bad.status, 400, bad.text);
      assert.equal(bad.json!.error_type, 'invalid_organization_slug');
      const noAuth = await fetch(`${setup.provider.url}/v1/b2b/organizations/search`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      assert.equal(noAuth.status, 401);
      const jwks = await fetch(`${setup.provider.url}/v1/b2b/sessions/jwks/${setup.projectId}`);
      assert.equal(jwks.status, 200);
      assert.ok(((await jwks.json()) as { keys: unknown[] }).keys.length >= 1);
    });
  });
}
