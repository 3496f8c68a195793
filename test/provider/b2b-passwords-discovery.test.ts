import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databases, otherClient, outbox, sdk, startTestProvider, TestClock, uniqueEmail, type TestProvider } from './harness.ts';
import { asMember, createOrganization, uniqueSlug } from './b2b-harness.ts';

const STRONG = 'quokka umbrella jazz wharf';
const REDIRECT = 'http://app.test/authenticate.html';

function tally(results: Array<{ status: number }>): Record<number, number> {
  const out: Record<number, number> = {};
  for (const r of results) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
}

/*
 * `/sdk/v1/b2b/passwords/discovery/authenticate`, as the official B2B client calls it: an
 * address and a password, no organization; the answer lists the organizations it may enter.
 */
for (const kind of databases) {
  describe(`B2B passwords in discovery (${kind})`, () => {
    let provider: TestProvider;
    const clock = new TestClock();
    before(async () => {
      provider = await startTestProvider(kind, { redirectUrls: [REDIRECT], passwordIpLimit: { maxFailures: 40 }, sendLimits: { perAddress: 50 } }, clock);
    });
    after(() => provider.destroy());

    async function memberWithPassword(email = uniqueEmail('disc-pw')) {
      clock.advance(61_000);
      const created = await createOrganization(provider, email, { organization_name: 'Pw Disc', organization_slug: uniqueSlug() });
      const set = await asMember(provider, created.session_token)('POST', '/b2b/passwords/session/reset', { password: STRONG });
      assert.equal(set.status, 200, set.text);
      return { email, orgId: created.organization.organization_id as string };
    }

    it('the right password lists the organizations and starts an intermediate session that enters one', async () => {
      const { email, orgId } = await memberWithPassword();
      const res = await sdk(provider, 'POST', '/b2b/passwords/discovery/authenticate', { email_address: email.toUpperCase(), password: STRONG });
      assert.equal(res.status, 200, res.text);
      const data = res.json.data;
      assert.equal(data.email_address, email);
      assert.ok(data.intermediate_session_token.length > 0);
      assert.deepEqual(
        data.discovered_organizations.map((d: any) => d.organization.organization_id),
        [orgId],
      );
      const entered = await sdk(provider, 'POST', '/b2b/discovery/intermediate_sessions/exchange', {
        intermediate_session_token: data.intermediate_session_token,
        organization_id: orgId,
        session_duration_minutes: 30,
      });
      assert.equal(entered.status, 200, entered.text);
      assert.equal(entered.json.data.member_authenticated, true);
      assert.equal(entered.json.data.member_session.authentication_factors[0].type, 'password');
    });

    it('a wrong password, an unknown address and one without a password are refused alike', async () => {
      const { email } = await memberWithPassword();
      const wrong = await sdk(provider, 'POST', '/b2b/passwords/discovery/authenticate', { email_address: email, password: `${STRONG} not` });
      assert.equal(wrong.status, 401);
      assert.equal(wrong.json.error_type, 'unauthorized_credentials');
      const unknown = await sdk(provider, 'POST', '/b2b/passwords/discovery/authenticate', { email_address: uniqueEmail('nobody'), password: STRONG });
      assert.equal(unknown.status, 401);
      assert.equal(unknown.json.error_type, 'unauthorized_credentials');
      clock.advance(61_000);
      const noPassword = uniqueEmail('no-pw');
      await createOrganization(provider, noPassword, { organization_name: 'No Pw', organization_slug: uniqueSlug() });
      const none = await sdk(provider, 'POST', '/b2b/passwords/discovery/authenticate', { email_address: noPassword, password: STRONG });
      assert.equal(none.json.error_type, 'unauthorized_credentials');
      const bad = await sdk(provider, 'POST', '/b2b/passwords/discovery/authenticate', { email_address: 'not an address', password: STRONG });
      assert.equal(bad.status, 400);
    });

    it('a discovery reset link sets the password in the organizations that take passwords, once, when five resets race', async () => {
      const { email, orgId } = await memberWithPassword();
      const start = await sdk(provider, 'POST', '/b2b/passwords/discovery/reset/start', { email_address: email, reset_password_redirect_url: REDIRECT });
      assert.equal(start.status, 200, start.text);
      const link = new URL((await outbox(provider, email))[0]!.link!);
      assert.equal(link.searchParams.get('stytch_token_type'), 'discovery');
      assert.equal(link.searchParams.get('stytch_redirect_type'), 'reset_password');
      const token = link.searchParams.get('token')!;
      const weak = await sdk(provider, 'POST', '/b2b/passwords/discovery/reset', { password_reset_token: token, password: 'password' });
      assert.equal(weak.status, 400, 'refused before the link is spent');
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, i) => sdk(provider, 'POST', '/b2b/passwords/discovery/reset', { password_reset_token: token, password: `${STRONG} racer ${i}` })),
      );
      assert.deepEqual(tally(results), { 200: 1, 404: 4 });
      const winner = results.findIndex((r) => r.status === 200);
      const data = results[winner]!.json.data;
      assert.equal(data.email_address, email);
      assert.deepEqual(
        data.discovered_organizations.map((d: any) => d.organization.organization_id),
        [orgId],
      );
      const login = (password: string) => sdk(provider, 'POST', '/b2b/passwords/authenticate', { organization_id: orgId, email_address: email, password, session_duration_minutes: 30 });
      assert.equal((await login(`${STRONG} racer ${winner}`)).status, 200);
      assert.equal((await login(STRONG)).status, 401, 'the old password is gone');
    });

    it('opens only the organizations whose membership the password is, however recently another changed (issue 51)', async () => {
      // The address is a member of A (its own) and of B (X's), with one password set in both by a discovery reset.
      const { email, orgId: a } = await memberWithPassword();
      const ownA = await sdk(provider, 'POST', '/b2b/passwords/authenticate', { organization_id: a, email_address: email, password: STRONG, session_duration_minutes: 30 });
      clock.advance(61_000);
      const x = await createOrganization(provider, uniqueEmail('admin-x'), { organization_name: 'X Co', organization_slug: uniqueSlug() });
      const b = x.organization.organization_id as string;
      const added = await asMember(provider, x.session_token)('POST', '/b2b/organizations/members', { email_address: email });
      assert.equal(added.status, 200, added.text);
      await sdk(provider, 'POST', '/b2b/passwords/discovery/reset/start', { email_address: email, reset_password_redirect_url: REDIRECT });
      const token = new URL((await outbox(provider, email))[0]!.link!).searchParams.get('token')!;
      const OLD = `${STRONG} shared`;
      assert.equal((await sdk(provider, 'POST', '/b2b/passwords/discovery/reset', { password_reset_token: token, password: OLD })).status, 200);
      // The member changes A's password; then B's admin renames the member in B, the latest change of any membership.
      const inA = await sdk(provider, 'POST', '/b2b/passwords/authenticate', { organization_id: a, email_address: email, password: OLD, session_duration_minutes: 30 });
      assert.equal(inA.status, 200, inA.text);
      assert.equal(ownA.status, 200);
      const NEW = `${STRONG} changed`;
      assert.equal((await asMember(provider, inA.json.data.session_token)('POST', '/b2b/passwords/session/reset', { password: NEW })).status, 200);
      clock.advance(1_000);
      const memberInB = added.json.data.member.member_id as string;
      assert.equal((await asMember(provider, x.session_token)('PUT', `/b2b/organizations/members/${memberInB}`, { name: 'Renamed in B' })).status, 200);
      const login = (org: string, password: string) => sdk(provider, 'POST', '/b2b/passwords/authenticate', { organization_id: org, email_address: email, password, session_duration_minutes: 30 });
      assert.equal((await login(a, OLD)).status, 401, 'A refuses the old password itself');

      const found = await sdk(provider, 'POST', '/b2b/passwords/discovery/authenticate', { email_address: email, password: OLD });
      assert.equal(found.status, 200, found.text);
      const listed = Object.fromEntries(found.json.data.discovered_organizations.map((d: any) => [d.organization.organization_id, d.primary_required]));
      assert.equal(listed[b], null, 'B takes the password');
      assert.deepEqual(listed[a]?.allowed_auth_methods !== undefined, true, 'A asks for another primary factor');
      const exchange = (org: string) =>
        sdk(provider, 'POST', '/b2b/discovery/intermediate_sessions/exchange', {
          intermediate_session_token: found.json.data.intermediate_session_token,
          organization_id: org,
          session_duration_minutes: 30,
        });
      const intoA = await exchange(a);
      assert.equal(intoA.status, 200, intoA.text);
      assert.equal(intoA.json.data.member_authenticated, false, 'no member session in A from the old password');
      assert.equal(intoA.json.data.member_session, null);
      assert.ok(intoA.json.data.primary_required);
      // The intermediate session A answered carries no password factor into B or back into A.
      const onward = await sdk(provider, 'POST', '/b2b/discovery/intermediate_sessions/exchange', {
        intermediate_session_token: intoA.json.data.intermediate_session_token,
        organization_id: b,
        session_duration_minutes: 30,
      });
      assert.notEqual(onward.json.data?.member_authenticated, true, onward.text);

      // The old password still opens B, whose membership it is.
      const again = await sdk(provider, 'POST', '/b2b/passwords/discovery/authenticate', { email_address: email, password: OLD });
      const intoB = await sdk(provider, 'POST', '/b2b/discovery/intermediate_sessions/exchange', {
        intermediate_session_token: again.json.data.intermediate_session_token,
        organization_id: b,
        session_duration_minutes: 30,
      });
      assert.equal(intoB.status, 200, intoB.text);
      assert.equal(intoB.json.data.member_authenticated, true);
      // Nor does B's member session, proven by that password, carry it into A.
      const carried = await asMember(provider, intoB.json.data.session_token)('POST', '/b2b/sessions/exchange', { organization_id: a, session_duration_minutes: 30 });
      assert.equal(carried.status, 200, carried.text);
      assert.equal(carried.json.data.member_authenticated, false);
      assert.ok(carried.json.data.primary_required);
      // A's own password, proven in A, still moves on to B only as B allows: not B's password either.
      const ownNew = await sdk(provider, 'POST', '/b2b/passwords/authenticate', { organization_id: a, email_address: email, password: NEW, session_duration_minutes: 30 });
      assert.equal(ownNew.status, 200, ownNew.text);
      const toB = await asMember(provider, ownNew.json.data.session_token)('POST', '/b2b/sessions/exchange', { organization_id: b, session_duration_minutes: 30 });
      assert.equal(toB.json.data.member_authenticated, false, toB.text);
    });

    it('a discovery reset link for an address of no organization proves it and lists nothing', async () => {
      const stranger = uniqueEmail('disc-pw-new');
      assert.equal((await sdk(provider, 'POST', '/b2b/passwords/discovery/reset/start', { email_address: stranger, reset_password_redirect_url: REDIRECT })).status, 200);
      const token = new URL((await outbox(provider, stranger))[0]!.link!).searchParams.get('token')!;
      const reset = await sdk(provider, 'POST', '/b2b/passwords/discovery/reset', { password_reset_token: token, password: STRONG });
      assert.equal(reset.status, 200, reset.text);
      assert.deepEqual(reset.json.data.discovered_organizations, []);
      assert.ok(reset.json.data.intermediate_session_token.length > 0);
      // An organization's reset link is not a discovery one, nor the reverse.
      const org = await sdk(provider, 'POST', '/b2b/passwords/email/reset', { password_reset_token: token, password: STRONG, session_duration_minutes: 30 });
      assert.equal(org.status, 404);
    });

    it('checks only 10 of 15 parallel wrong passwords, then refuses the right one', async () => {
      const { email } = await memberWithPassword();
      const login = otherClient(provider);
      const results = await Promise.all(Array.from({ length: 15 }, (_, i) => login('/b2b/passwords/discovery/authenticate', { email_address: email, password: `wrong guess ${i}` })));
      assert.deepEqual(tally(results), { 401: 10, 429: 5 });
      const right = await login('/b2b/passwords/discovery/authenticate', { email_address: email, password: STRONG });
      assert.equal(right.status, 429);
      assert.equal(right.json.error_type, 'too_many_failed_attempts');
      // The lock's hour, for the widget to count down.
      assert.ok(right.retryAfter > 3000 && right.retryAfter <= 3600, String(right.retryAfter));
    });
  });
}
