import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { databases, otherClient, outbox, sdk, startTestProvider, TestClock, uniqueEmail, type TestProvider } from './harness.ts';
import { asMember, createOrganization, uniqueSlug } from './b2b-harness.ts';

const REDIRECT = 'http://app.test/authenticate.html';
const STRONG = 'quokka umbrella jazz wharf';

function tally(results: Array<{ status: number }>): Record<number, number> {
  const out: Record<number, number> = {};
  for (const r of results) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
}

const tokenOf = (link: string | null) => new URL(link!).searchParams.get('token')!;

for (const kind of databases) {
  describe(`B2B passwords: single use, locks and scope (${kind})`, () => {
    let provider: TestProvider;
    before(async () => {
      provider = await startTestProvider(kind, { redirectUrls: [REDIRECT], passwordIpLimit: { maxFailures: 40 }, sendLimits: { perAddress: 50 } }, new TestClock());
    });
    after(() => provider.destroy());

    /** An organization whose admin has `password` set through a reset by session. */
    async function orgWithPassword(password = STRONG) {
      const email = uniqueEmail('pw');
      const created = await createOrganization(provider, email, { organization_name: 'Pw', organization_slug: uniqueSlug() });
      const set = await asMember(provider, created.session_token)('POST', '/b2b/passwords/session/reset', { password });
      assert.equal(set.status, 200, set.text);
      return { email, orgId: created.organization.organization_id as string, memberId: created.member_id as string };
    }

    it('a reset link sets one password when five resets race with it', async () => {
      const { email, orgId } = await orgWithPassword();
      assert.equal((await sdk(provider, 'POST', '/b2b/passwords/email/reset/start', { organization_id: orgId, email_address: email, reset_password_redirect_url: REDIRECT })).status, 200);
      const link = new URL((await outbox(provider, email))[0]!.link!);
      // As the hosted provider's: the redirect type the official B2B UI opens its reset form for.
      assert.equal(link.searchParams.get('stytch_redirect_type'), 'reset_password');
      assert.equal(link.searchParams.get('stytch_token_type'), 'multi_tenant_passwords');
      const token = tokenOf(link.href);
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, i) => sdk(provider, 'POST', '/b2b/passwords/email/reset', { password_reset_token: token, password: `${STRONG} racer ${i}`, session_duration_minutes: 30 })),
      );
      assert.deepEqual(tally(results), { 200: 1, 404: 4 });
      const winner = results.findIndex((r) => r.status === 200);
      const login = (password: string) => sdk(provider, 'POST', '/b2b/passwords/authenticate', { organization_id: orgId, email_address: email, password, session_duration_minutes: 30 });
      assert.equal((await login(`${STRONG} racer ${winner}`)).status, 200);
      assert.equal((await login(STRONG)).status, 401, 'the old password is gone');
    });

    it('checks only 10 of 15 parallel wrong passwords, then refuses the right one; another organization of the address is not locked', async () => {
      const a = await orgWithPassword();
      const login = otherClient(provider);
      const results = await Promise.all(
        Array.from({ length: 15 }, (_, i) => login('/b2b/passwords/authenticate', { organization_id: a.orgId, email_address: a.email, password: `wrong guess ${i}`, session_duration_minutes: 30 })),
      );
      assert.deepEqual(tally(results), { 401: 10, 429: 5 });
      const right = await login('/b2b/passwords/authenticate', { organization_id: a.orgId, email_address: a.email, password: STRONG, session_duration_minutes: 30 });
      assert.equal(right.status, 429);
      assert.equal(right.json.error_type, 'too_many_failed_attempts');
      // The lock's hour, for the widget to count down.
      assert.ok(right.retryAfter > 3000 && right.retryAfter <= 3600, String(right.retryAfter));
      // existing_password/reset guesses count toward the same lock.
      const viaReset = await login('/b2b/passwords/existing_password/reset', {
        organization_id: a.orgId,
        email_address: a.email,
        existing_password: STRONG,
        new_password: `${STRONG} x`,
        session_duration_minutes: 30,
      });
      assert.equal(viaReset.status, 429);
    });

    it("a password is the organization member's: it signs in to no other organization, and unknown addresses get no mail", async () => {
      const a = await orgWithPassword();
      const b = await orgWithPassword(`${STRONG} for b`);
      const cross = await sdk(provider, 'POST', '/b2b/passwords/authenticate', { organization_id: b.orgId, email_address: a.email, password: STRONG, session_duration_minutes: 30 });
      assert.equal(cross.status, 401);
      assert.equal(cross.json.error_type, 'unauthorized_credentials');
      const stranger = uniqueEmail('stranger');
      const start = await sdk(provider, 'POST', '/b2b/passwords/email/reset/start', { organization_id: a.orgId, email_address: stranger, reset_password_redirect_url: REDIRECT });
      assert.equal(start.status, 200);
      assert.deepEqual(await outbox(provider, stranger), []);
      // A member session token of organization A resets nothing in B: it is A's member it names.
      const created = await createOrganization(provider, uniqueEmail('other'), { organization_name: 'Other', organization_slug: uniqueSlug() });
      const reset = await asMember(provider, created.session_token)('POST', '/b2b/passwords/session/reset', { password: `${STRONG} other` });
      assert.equal(reset.status, 200);
      assert.equal(reset.json.data.organization.organization_id, created.organization.organization_id);
      assert.equal((await sdk(provider, 'POST', '/b2b/passwords/authenticate', { organization_id: a.orgId, email_address: a.email, password: STRONG, session_duration_minutes: 30 })).status, 200);
    });

    it('an organization that does not allow passwords refuses them before anything changes', async () => {
      const email = uniqueEmail('nopw');
      const created = await createOrganization(provider, email, { organization_name: 'NoPw', organization_slug: uniqueSlug(), auth_methods: 'RESTRICTED', allowed_auth_methods: ['email_otp'] });
      const reset = await asMember(provider, created.session_token)('POST', '/b2b/passwords/session/reset', { password: STRONG });
      assert.equal(reset.status, 403);
      assert.equal(reset.json.error_type, 'unauthorized_auth_method');
    });

    it('the password reset requires PKCE when the project does, and the verifier must match', async () => {
      const pkce = await startTestProvider(kind, { redirectUrls: [REDIRECT], pkceRequired: { passwordResets: true } }, new TestClock());
      try {
        const email = uniqueEmail('pkce');
        const created = await createOrganization(pkce, email, { organization_name: 'Pkce', organization_slug: uniqueSlug() });
        const orgId = created.organization.organization_id;
        const missing = await sdk(pkce, 'POST', '/b2b/passwords/email/reset/start', { organization_id: orgId, email_address: email, reset_password_redirect_url: REDIRECT });
        assert.equal(missing.status, 400, missing.text);
        const verifier = 'a'.repeat(64);
        const code_challenge = createHash('sha256').update(verifier).digest('base64url');
        assert.equal(
          (await sdk(pkce, 'POST', '/b2b/passwords/email/reset/start', { organization_id: orgId, email_address: email, reset_password_redirect_url: REDIRECT, code_challenge })).status,
          200,
        );
        const token = tokenOf((await outbox(pkce, email))[0]!.link);
        const wrong = await sdk(pkce, 'POST', '/b2b/passwords/email/reset', { password_reset_token: token, password: STRONG, session_duration_minutes: 30, code_verifier: 'b'.repeat(64) });
        assert.equal(wrong.json.error_type, 'pkce_mismatch');
      } finally {
        await pkce.destroy();
      }
    });
  });
}
