import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databases, outbox, uniqueEmail } from './harness.ts';
import { uniqueSlug } from './b2b-harness.ts';
import { startServerApi, stytchError, type ServerApiSetup } from './server-api-harness.ts';

const REDIRECT = 'https://app.test/authenticate';
const STRONG = 'quokka umbrella jazz wharf';

for (const kind of databases) {
  describe(`server API: B2B passwords through the official SDK (${kind})`, () => {
    let setup: ServerApiSetup;
    before(async () => {
      setup = await startServerApi(kind, { redirectUrls: [REDIRECT] });
    });
    after(() => setup.provider.destroy());

    it('sets a member password by emailed reset, signs in, replaces it by the old one and by session', async () => {
      const { organization } = await setup.b2b.organizations.create({ organization_name: 'Pw Co', organization_slug: uniqueSlug('pw') });
      const orgId = organization.organization_id;
      const email = uniqueEmail('server-pw');
      await setup.b2b.organizations.members.create({ organization_id: orgId, email_address: email });
      const weak = await setup.b2b.passwords.strengthCheck({ password: 'password' });
      assert.equal(weak.valid_password, false);
      // The official Node SDK's B2B fields.
      assert.ok(weak.zxcvbn_feedback!.warning.length > 0);
      assert.equal(weak.luds_feedback?.has_lower_case, true);

      await setup.b2b.passwords.email.resetStart({ organization_id: orgId, email_address: email, reset_password_redirect_url: REDIRECT });
      const token = new URL((await outbox(setup.provider, email))[0]!.link!).searchParams.get('token')!;
      const reset = await setup.b2b.passwords.email.reset({ password_reset_token: token, password: STRONG, session_duration_minutes: 30 });
      assert.equal(reset.member_authenticated, true);
      assert.ok(reset.session_token);
      // One password per link.
      assert.equal((await stytchError(setup.b2b.passwords.email.reset({ password_reset_token: token, password: `${STRONG} 2` }))).error_type, 'unable_to_auth_magic_link');

      const wrong = await stytchError(setup.b2b.passwords.authenticate({ organization_id: orgId, email_address: email, password: 'not it at all' }));
      assert.equal(wrong.error_type, 'unauthorized_credentials');
      const signedIn = await setup.b2b.passwords.authenticate({ organization_id: orgId, email_address: email, password: STRONG, session_duration_minutes: 30 });
      assert.equal(signedIn.member_session?.organization_id, orgId);
      assert.deepEqual(
        signedIn.member_session?.authentication_factors.map((f) => f.type),
        ['password'],
      );

      const NEXT = `${STRONG} next`;
      const replaced = await setup.b2b.passwords.existingPassword.reset({ organization_id: orgId, email_address: email, existing_password: STRONG, new_password: NEXT, session_duration_minutes: 30 });
      assert.equal(replaced.member_authenticated, true);
      // The old sessions are gone with the old password.
      assert.equal((await stytchError(setup.b2b.sessions.authenticate({ session_token: signedIn.session_token }))).status_code, 404);

      const bySession = await setup.b2b.passwords.sessions.reset({ organization_id: orgId, password: `${NEXT} last`, session_token: replaced.session_token });
      assert.equal(bySession.member_session?.member_session_id, replaced.member_session?.member_session_id);
      assert.equal((await setup.b2b.passwords.authenticate({ organization_id: orgId, email_address: email, password: `${NEXT} last` })).member_authenticated, true);
    });

    it('a password alone owes MFA in an organization that requires it', async () => {
      const { organization } = await setup.b2b.organizations.create({ organization_name: 'Strict Co', organization_slug: uniqueSlug('strict'), mfa_policy: 'REQUIRED_FOR_ALL' });
      const email = uniqueEmail('strict-pw');
      await setup.b2b.organizations.members.create({ organization_id: organization.organization_id, email_address: email });
      await setup.b2b.passwords.email.resetStart({ organization_id: organization.organization_id, email_address: email, reset_password_redirect_url: REDIRECT });
      const token = new URL((await outbox(setup.provider, email))[0]!.link!).searchParams.get('token')!;
      const reset = await setup.b2b.passwords.email.reset({ password_reset_token: token, password: STRONG });
      assert.equal(reset.member_authenticated, false);
      assert.ok(reset.intermediate_session_token);
      const again = await setup.b2b.passwords.authenticate({ organization_id: organization.organization_id, email_address: email, password: STRONG });
      assert.equal(again.member_authenticated, false);
      assert.equal(again.session_token, '');
    });
  });
}
