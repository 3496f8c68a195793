import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databases, outbox, sdk, startTestProvider, TestClock, uniqueEmail, type TestProvider } from './harness.ts';
import { asMember, authenticateByEmailedCode, createOrganization, discoverByOtp, uniqueSlug } from './b2b-harness.ts';

const REDIRECT = 'http://app.test/authenticate.html';

function claims(jwt: string): Record<string, any> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
}

for (const kind of databases) {
  describe(`B2B discovery (${kind})`, () => {
    let provider: TestProvider;
    const clock = new TestClock();
    before(async () => {
      provider = await startTestProvider(kind, { redirectUrls: [REDIRECT] }, clock);
    });
    after(() => provider.destroy());

    it('signs in by email passcode, creates an organization and signs its admin in with organization claims', async () => {
      const email = uniqueEmail('founder');
      const found = await discoverByOtp(provider, email);
      assert.equal(found.email_address, email);
      assert.deepEqual(found.discovered_organizations, []);
      const slug = uniqueSlug();
      const res = await sdk(provider, 'POST', '/b2b/discovery/organizations/create', {
        intermediate_session_token: found.intermediate_session_token,
        session_duration_minutes: 30,
        organization_name: 'Acme',
        organization_slug: slug,
      });
      assert.equal(res.status, 200, res.text);
      const data = res.json.data;
      assert.equal(data.member_authenticated, true);
      assert.equal(data.intermediate_session_token, '');
      assert.equal(data.organization.organization_slug, slug);
      assert.equal(data.member.email_address, email);
      assert.equal(data.member.status, 'active');
      assert.equal(data.member.is_admin, true);
      assert.deepEqual(data.member_session.roles, ['stytch_member', 'stytch_admin']);
      assert.equal(data.member_session.organization_id, data.organization.organization_id);
      const jwt = claims(data.session_jwt);
      assert.equal(jwt.sub, data.member_id);
      assert.deepEqual(jwt['https://stytch.com/organization'], { organization_id: data.organization.organization_id, slug });
      assert.equal(jwt['https://stytch.com/session'].id, data.member_session.member_session_id);
      const again = await sdk(provider, 'POST', '/b2b/discovery/organizations/create', {
        intermediate_session_token: found.intermediate_session_token,
        session_duration_minutes: 30,
        organization_name: 'Twice',
      });
      assert.equal(again.status, 404, 'the intermediate session is spent');
      const me = asMember(provider, data.session_token);
      const refreshed = await me('POST', '/b2b/sessions/authenticate', {});
      assert.equal(refreshed.status, 200, refreshed.text);
      assert.equal(refreshed.json.data.member_session.member_session_id, data.member_session.member_session_id);
      assert.equal((await me('GET', '/b2b/organizations/me')).json.data.organization.organization_id, data.organization.organization_id);
    });

    it('lets parallel checks of one member session token all through (the grace window), and none after revoke', async () => {
      const org = await createOrganization(provider, uniqueEmail('tabs'), { organization_name: 'Tabs', organization_slug: uniqueSlug() });
      const me = asMember(provider, org.session_token);
      const checks = await Promise.all(Array.from({ length: 5 }, () => me('POST', '/b2b/sessions/authenticate', { session_duration_minutes: 30 })));
      assert.ok(
        checks.every((r) => r.status === 200),
        checks.map((r) => r.text).join('\n'),
      );
      assert.equal(new Set(checks.map((r) => r.json.data.session_token)).size, 5, 'each check hands out a fresh token');
      const byJwt = await asMember(provider, checks[0]!.json.data.session_jwt)('POST', '/b2b/sessions/authenticate', {});
      assert.equal(byJwt.status, 200, byJwt.text);
      assert.equal((await asMember(provider, checks[1]!.json.data.session_token)('POST', '/b2b/sessions/revoke')).status, 200);
      const after = await Promise.all([org.session_token, checks[2]!.json.data.session_token, byJwt.json.data.session_jwt].map((t) => asMember(provider, t)('POST', '/b2b/sessions/authenticate', {})));
      assert.deepEqual(
        after.map((r) => r.status),
        [404, 404, 404],
      );
    });

    it('signs in by discovery magic link and lists memberships, invitations and JIT-eligible organizations', async () => {
      const domain = `d${Math.random().toString(36).slice(2, 8)}.test`;
      const admin = await createOrganization(provider, `admin@${domain}`, {
        organization_name: 'Open',
        organization_slug: uniqueSlug(),
        email_jit_provisioning: 'RESTRICTED',
        email_allowed_domains: [domain],
      });
      const closed = await createOrganization(provider, uniqueEmail('closed'), { organization_name: 'Closed', organization_slug: uniqueSlug() });
      const invitee = `new@${domain}`;
      const invite = await asMember(provider, closed.session_token)('POST', '/b2b/magic_links/email/invite', { email_address: invitee, invite_redirect_url: REDIRECT });
      assert.equal(invite.status, 200, invite.text);
      assert.equal(invite.json.data.member.status, 'invited');
      const send = await sdk(provider, 'POST', '/b2b/magic_links/email/discovery/send', { email_address: invitee, discovery_redirect_url: REDIRECT });
      assert.equal(send.status, 200, send.text);
      const [message] = await outbox(provider, invitee);
      const link = new URL(message!.link!);
      assert.equal(link.searchParams.get('stytch_token_type'), 'discovery');
      const auth = await sdk(provider, 'POST', '/b2b/magic_links/discovery/authenticate', { discovery_magic_links_token: link.searchParams.get('token') });
      assert.equal(auth.status, 200, auth.text);
      const byId = new Map(auth.json.data.discovered_organizations.map((d: any) => [d.organization.organization_id, d]));
      assert.equal((byId.get(closed.organization.organization_id) as any).membership.type, 'invited_member');
      assert.deepEqual((byId.get(admin.organization.organization_id) as any).membership, { type: 'eligible_to_join_by_email_domain', details: { domain }, member: null });
      const listed = await sdk(provider, 'POST', '/b2b/discovery/organizations', { intermediate_session_token: auth.json.data.intermediate_session_token });
      assert.equal(listed.status, 200, listed.text);
      assert.equal(listed.json.data.discovered_organizations.length, 2);
      // Joining by domain makes an active member with a session in that organization.
      const joined = await sdk(provider, 'POST', '/b2b/discovery/intermediate_sessions/exchange', {
        intermediate_session_token: auth.json.data.intermediate_session_token,
        organization_id: admin.organization.organization_id,
        session_duration_minutes: 30,
      });
      assert.equal(joined.status, 200, joined.text);
      assert.equal(joined.json.data.member_authenticated, true);
      assert.equal(joined.json.data.member.status, 'active');
      assert.equal(joined.json.data.member.is_admin, false);
      assert.equal(joined.json.data.member_session.authentication_factors[0].type, 'magic_link');
    });

    it("names each link's redirect type as the hosted provider does: discovery and login 'login', a new member 'signup', an invitation 'invite'", async () => {
      const domain = `d${Math.random().toString(36).slice(2, 8)}.test`;
      const admin = `admin@${domain}`;
      const org = await createOrganization(provider, admin, { organization_name: 'Types', organization_slug: uniqueSlug(), email_jit_provisioning: 'RESTRICTED', email_allowed_domains: [domain] });
      const orgId = org.organization.organization_id;
      const typeOf = async (to: string) => {
        const link = new URL((await outbox(provider, to))[0]!.link!);
        return [link.searchParams.get('stytch_redirect_type'), link.searchParams.get('stytch_token_type')];
      };
      assert.equal((await sdk(provider, 'POST', '/b2b/magic_links/email/discovery/send', { email_address: admin, discovery_redirect_url: REDIRECT })).status, 200);
      assert.deepEqual(await typeOf(admin), ['login', 'discovery']);
      const send = (to: string) =>
        sdk(provider, 'POST', '/b2b/magic_links/email/login_or_signup', { organization_id: orgId, email_address: to, login_redirect_url: REDIRECT, signup_redirect_url: REDIRECT });
      assert.equal((await send(admin)).status, 200);
      assert.deepEqual(await typeOf(admin), ['login', 'multi_tenant_magic_links']);
      const newcomer = `newcomer@${domain}`;
      assert.equal((await send(newcomer)).status, 200);
      assert.deepEqual(await typeOf(newcomer), ['signup', 'multi_tenant_magic_links']);
      const invitee = uniqueEmail('invitee');
      assert.equal((await asMember(provider, org.session_token)('POST', '/b2b/magic_links/email/invite', { email_address: invitee, invite_redirect_url: REDIRECT })).status, 200);
      assert.deepEqual(await typeOf(invitee), ['invite', 'multi_tenant_magic_links']);
    });

    it('admits by JIT only addresses of the allowed domains', async () => {
      const org = await createOrganization(provider, uniqueEmail('jit'), {
        organization_name: 'Jit',
        organization_slug: uniqueSlug(),
        email_jit_provisioning: 'RESTRICTED',
        email_allowed_domains: ['allowed.test'],
      });
      const outsider = await discoverByOtp(provider, uniqueEmail('outsider'));
      assert.deepEqual(outsider.discovered_organizations, []);
      const refused = await sdk(provider, 'POST', '/b2b/discovery/intermediate_sessions/exchange', {
        intermediate_session_token: outsider.intermediate_session_token,
        organization_id: org.organization.organization_id,
        session_duration_minutes: 30,
      });
      assert.equal(refused.status, 403, refused.text);
      assert.equal(refused.json.error_type, 'email_jit_provisioning_not_allowed');
      // The refusal rolled back: the intermediate session is still good for another organization.
      assert.equal((await sdk(provider, 'POST', '/b2b/discovery/organizations', { intermediate_session_token: outsider.intermediate_session_token })).status, 200);
      const signup = await sdk(provider, 'POST', '/b2b/otps/email/login_or_signup', { organization_id: org.organization.organization_id, email_address: uniqueEmail('outsider') });
      assert.equal(signup.status, 403);
      const insider = `someone-${Math.random().toString(36).slice(2, 8)}@allowed.test`;
      const ok = await sdk(provider, 'POST', '/b2b/otps/email/login_or_signup', { organization_id: org.organization.organization_id, email_address: insider });
      assert.equal(ok.status, 200, ok.text);
      const auth = await authenticateByEmailedCode(provider, org.organization.organization_id, insider);
      assert.equal(auth.status, 200, auth.text);
      assert.equal(auth.json.data.member_authenticated, true);
    });

    it('counts B2B sends against the same per-address burst limit as B2C sends', async () => {
      const email = uniqueEmail('burst');
      // The four arrive within the three-second window however slowly the machine answers them.
      const results = await clock.whileHeld(() =>
        Promise.all([
          sdk(provider, 'POST', '/b2b/otps/email/discovery/send', { email_address: email }),
          sdk(provider, 'POST', '/b2b/otps/email/discovery/send', { email_address: email }),
          sdk(provider, 'POST', '/b2b/magic_links/email/discovery/send', { email_address: email, discovery_redirect_url: REDIRECT }),
          sdk(provider, 'POST', '/otps/email/login_or_create', { email }),
        ]),
      );
      assert.deepEqual(results.map((r) => r.status).sort(), [200, 200, 200, 429], results.map((r) => r.text).join('\n'));
      assert.equal(results.find((r) => r.status === 429)!.json.error_type, 'too_many_requests');
    });

    it('refuses a wrong discovery passcode and counts it', async () => {
      const email = uniqueEmail('guess');
      await sdk(provider, 'POST', '/b2b/otps/email/discovery/send', { email_address: email });
      const [message] = await outbox(provider, email);
      const wrong = message!.code === '000000' ? '111111' : '000000';
      const results = await Promise.all(Array.from({ length: 5 }, () => sdk(provider, 'POST', '/b2b/otps/email/discovery/authenticate', { email_address: email, code: wrong })));
      assert.ok(
        results.every((r) => r.status === 401 && r.json.error_type === 'otp_code_not_found'),
        results.map((r) => r.text).join('\n'),
      );
      // Five wrong guesses spend the code: the right one no longer works.
      const right = await sdk(provider, 'POST', '/b2b/otps/email/discovery/authenticate', { email_address: email, code: message!.code });
      assert.equal(right.status, 401, right.text);
      // And a B2B passcode is no B2C one.
      const b2c = await sdk(provider, 'POST', '/otps/authenticate', { method_id: `b2b-email:discovery:${email}`, token: message!.code, session_duration_minutes: 30 });
      assert.equal(b2c.status, 401, b2c.text);
    });

    it('spends an intermediate session once when exchanges race, and not after ten minutes', async () => {
      const org = await createOrganization(provider, uniqueEmail('race'), {
        organization_name: 'Race',
        organization_slug: uniqueSlug(),
        email_jit_provisioning: 'RESTRICTED',
        email_allowed_domains: ['example.test'],
      });
      const found = await discoverByOtp(provider, uniqueEmail('racer'));
      const results = await Promise.all(
        Array.from({ length: 6 }, () =>
          sdk(provider, 'POST', '/b2b/discovery/intermediate_sessions/exchange', {
            intermediate_session_token: found.intermediate_session_token,
            organization_id: org.organization.organization_id,
            session_duration_minutes: 30,
          }),
        ),
      );
      assert.deepEqual(results.map((r) => r.status).sort(), [200, 404, 404, 404, 404, 404], results.map((r) => r.text).join('\n'));
      assert.ok(results.filter((r) => r.status === 404).every((r) => r.json.error_type === 'intermediate_session_not_found'));
      const late = await discoverByOtp(provider, uniqueEmail('late'));
      clock.advance(10 * 60_000 + 1000);
      try {
        const expired = await sdk(provider, 'POST', '/b2b/discovery/intermediate_sessions/exchange', {
          intermediate_session_token: late.intermediate_session_token,
          organization_id: org.organization.organization_id,
          session_duration_minutes: 30,
        });
        assert.equal(expired.status, 404);
        assert.equal((await sdk(provider, 'POST', '/b2b/discovery/organizations', { intermediate_session_token: late.intermediate_session_token })).status, 404);
      } finally {
        clock.advance(-(10 * 60_000 + 1000));
      }
    });
  });
}
