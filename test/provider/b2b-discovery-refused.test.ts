import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databases, outbox, sdk, startTestProvider, TestClock, uniqueEmail, type TestProvider } from './harness.ts';
import { asMember, createOrganization, discoverByOtp, uniqueSlug } from './b2b-harness.ts';

/*
 * Discovery keeps working after one organization refuses the sign-in (MFA owed, or a primary
 * factor it does not accept): the organization's intermediate session that discovery led to
 * may enter another discovered organization instead, once. One reached another way may not.
 */

for (const kind of databases) {
  describe(`B2B discovery after a refused organization (${kind})`, () => {
    let provider: TestProvider;
    const clock = new TestClock();
    before(async () => {
      provider = await startTestProvider(kind, {}, clock);
    });
    // Each test sends one address several codes: past the send limits' window first.
    const organization = (email: string, settings: Record<string, unknown>) => {
      clock.advance(61_000);
      return createOrganization(provider, email, settings);
    };
    after(() => provider.destroy());

    /** An address that is a member of two organizations; the first then asks for `policy`. */
    async function twoOrganizations(policy: Record<string, unknown>) {
      const email = uniqueEmail('two-orgs');
      const strict = await organization(email, { organization_name: 'Strict', organization_slug: uniqueSlug('strict') });
      const open = await organization(email, { organization_name: 'Open', organization_slug: uniqueSlug('open') });
      const set = await asMember(provider, strict.session_token)('PUT', '/b2b/organizations/me', policy);
      assert.equal(set.status, 200, set.text);
      clock.advance(61_000);
      const found = await discoverByOtp(provider, email);
      assert.equal(found.discovered_organizations.length, 2);
      return { email, strict: strict.organization.organization_id as string, open: open.organization.organization_id as string, ist: found.intermediate_session_token };
    }

    const exchange = (ist: string, organizationId: string) =>
      sdk(provider, 'POST', '/b2b/discovery/intermediate_sessions/exchange', { intermediate_session_token: ist, organization_id: organizationId, session_duration_minutes: 30 });

    it('an organization that asks for MFA does not end the list: its intermediate session enters another organization', async () => {
      const { strict, open, ist } = await twoOrganizations({ mfa_policy: 'REQUIRED_FOR_ALL' });
      const refused = await exchange(ist, strict);
      assert.equal(refused.status, 200, refused.text);
      assert.equal(refused.json.data.member_authenticated, false);
      assert.ok(refused.json.data.mfa_required);
      const derived = refused.json.data.intermediate_session_token as string;
      assert.equal((await exchange(ist, open)).status, 404, 'the discovery session itself is spent');
      const entered = await exchange(derived, open);
      assert.equal(entered.status, 200, entered.text);
      assert.equal(entered.json.data.member_authenticated, true);
      assert.equal(entered.json.data.organization.organization_id, open);
      assert.equal((await exchange(derived, open)).status, 404, 'and it is spent once');
    });

    it('an organization that refuses the primary factor (primary_required) does not end the list either', async () => {
      const { strict, open, ist } = await twoOrganizations({ auth_methods: 'RESTRICTED', allowed_auth_methods: ['password'] });
      const refused = await exchange(ist, strict);
      assert.equal(refused.status, 200, refused.text);
      assert.deepEqual(refused.json.data.primary_required, { allowed_auth_methods: ['password'] });
      const entered = await exchange(refused.json.data.intermediate_session_token, open);
      assert.equal(entered.status, 200, entered.text);
      assert.equal(entered.json.data.member_authenticated, true);
    });

    it('parallel exchanges of that intermediate session into two organizations: exactly one gets in', async () => {
      const { strict, open, ist, email } = await twoOrganizations({ mfa_policy: 'REQUIRED_FOR_ALL' });
      const third = await organization(email, { organization_name: 'Third', organization_slug: uniqueSlug('third') });
      const derived = (await exchange(ist, strict)).json.data.intermediate_session_token as string;
      const results = await Promise.all([exchange(derived, open), exchange(derived, third.organization.organization_id)]);
      assert.deepEqual(results.map((r) => r.status).sort(), [200, 404], results.map((r) => r.text).join('\n'));
    });

    it('an intermediate session from an organization’s own sign-in still enters only that organization', async () => {
      const { email, strict, open } = await twoOrganizations({ mfa_policy: 'REQUIRED_FOR_ALL' });
      clock.advance(61_000);
      const send = await sdk(provider, 'POST', '/b2b/otps/email/login_or_signup', { organization_id: strict, email_address: email });
      assert.equal(send.status, 200, send.text);
      const [message] = await outbox(provider, email);
      const signIn = await sdk(provider, 'POST', '/b2b/otps/email/authenticate', { organization_id: strict, email_address: email, code: message!.code, session_duration_minutes: 30 });
      assert.equal(signIn.status, 200, signIn.text);
      assert.equal(signIn.json.data.member_authenticated, false);
      const other = await exchange(signIn.json.data.intermediate_session_token, open);
      assert.equal(other.status, 403, other.text);
      assert.equal(other.json.error_type, 'intermediate_session_organization_mismatch');
    });
  });
}
