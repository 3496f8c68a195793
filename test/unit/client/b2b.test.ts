import { expect } from '@open-wc/testing';
import { createB2BClient, StytchAPIError, StytchSDKUsageError } from '../../../client/b2b/index.ts';
import { apiError, BOOTSTRAP, fakeEnv, ok, rejection, type Recorded } from './fake-env.ts';

const TOKEN = 'public-token-test-33333333-3333-3333-3333-333333333333';
const BASE = 'http://localhost:4100/b2b-prefix';
const ORG = { organization_id: 'organization-test-1', organization_name: 'Acme', organization_slug: 'acme', mfa_policy: 'OPTIONAL' };
const MEMBER = { member_id: 'member-test-1', organization_id: 'organization-test-1', email_address: 'ada@acme.test', name: '' };
const MEMBER_SESSION = {
  member_session_id: 'member-session-test-1',
  member_id: 'member-test-1',
  organization_id: 'organization-test-1',
  organization_slug: 'acme',
  started_at: '2026-01-01T00:00:00Z',
  last_accessed_at: '2026-01-01T00:00:00Z',
  expires_at: '2099-01-01T00:00:00Z',
  authentication_factors: [{ type: 'password', delivery_method: 'knowledge', last_authenticated_at: '2026-01-01T00:00:00Z' }],
  custom_claims: {},
  roles: ['stytch_member'],
};
const signedIn = (token = 'member-session-token-1', roles = MEMBER_SESSION.roles) =>
  ok({
    member_id: MEMBER.member_id,
    organization_id: ORG.organization_id,
    member_session: { ...MEMBER_SESSION, roles },
    session_token: token,
    session_jwt: 'member-jwt-1',
    member: MEMBER,
    organization: ORG,
    member_authenticated: true,
    intermediate_session_token: '',
    mfa_required: null,
    primary_required: null,
  });
const mfaOwed = (ist = 'ist-mfa-1') =>
  ok({
    member_id: MEMBER.member_id,
    organization_id: ORG.organization_id,
    member_session: null,
    session_token: '',
    session_jwt: '',
    member: MEMBER,
    organization: ORG,
    member_authenticated: false,
    intermediate_session_token: ist,
    mfa_required: { member_options: null, secondary_auth_initiated: null },
    primary_required: null,
  });
const discovered = (ist = 'ist-discovery-1') => ok({ intermediate_session_token: ist, email_address: MEMBER.email_address, discovered_organizations: [] });

const last = (calls: Recorded[], suffix: string) => calls.filter((c) => new URL(c.url).pathname.endsWith(suffix)).at(-1)!;

describe('B2B client', () => {
  it('discovery by magic link: send, authenticate to an intermediate session, list, exchange for a member session', async () => {
    const f = fakeEnv({
      'POST /b2b/magic_links/email/discovery/send': () => ok({}),
      'POST /b2b/magic_links/discovery/authenticate': () => discovered(),
      'POST /b2b/discovery/organizations': () => ok({ email_address: MEMBER.email_address, discovered_organizations: [], organization_id_hint: null }),
      'POST /b2b/discovery/intermediate_sessions/exchange': () => signedIn(),
    });
    const client = createB2BClient(TOKEN, { baseUrl: BASE, env: f.env });
    await client.magicLinks.email.discovery.send({ email_address: 'ada@acme.test', discovery_redirect_url: 'http://app.test/discover' });
    const send = last(f.calls, '/discovery/send');
    expect(send.url).to.equal(`${BASE}/sdk/v1/b2b/magic_links/email/discovery/send`);
    expect(send.body).to.deep.equal({ email_address: 'ada@acme.test', discovery_redirect_url: 'http://app.test/discover' });

    const d = await client.magicLinks.discovery.authenticate({ discovery_magic_links_token: 'dml-token' });
    expect(d.intermediate_session_token).to.equal('ist-discovery-1');
    expect(last(f.calls, '/magic_links/discovery/authenticate').body).to.deep.equal({ discovery_magic_links_token: 'dml-token' });
    expect(f.cookies.map.get('stytch_intermediate_session_token')).to.equal('ist-discovery-1');
    expect(client.session.getSync()).to.equal(null);

    await client.discovery.organizations.list();
    expect(last(f.calls, '/b2b/discovery/organizations').body).to.deep.equal({ intermediate_session_token: 'ist-discovery-1' });

    const seen: unknown[] = [];
    client.session.onChange((s) => seen.push(s?.member_session_id ?? null));
    const r = await client.discovery.intermediateSessions.exchange({ organization_id: ORG.organization_id, session_duration_minutes: 60 });
    expect(r.member_authenticated).to.equal(true);
    expect(last(f.calls, '/intermediate_sessions/exchange').body).to.deep.equal({ organization_id: ORG.organization_id, session_duration_minutes: 60, intermediate_session_token: 'ist-discovery-1' });
    expect(f.cookies.map.get('stytch_session')).to.equal('member-session-token-1');
    expect(f.cookies.map.get('stytch_session_jwt')).to.equal('member-jwt-1');
    expect(f.cookies.map.has('stytch_intermediate_session_token')).to.equal(false);
    expect(client.session.getSync()?.member_session_id).to.equal('member-session-test-1');
    expect(client.self.getSync()?.member_id).to.equal('member-test-1');
    expect(client.organization.getSync()?.organization_slug).to.equal('acme');
    expect(seen).to.deep.equal(['member-session-test-1']);
    client.dispose();
  });

  it('an answer that still owes MFA ends the local session and keeps its intermediate token for the second factor', async () => {
    const f = fakeEnv({ 'POST /b2b/passwords/authenticate': () => signedIn(), 'POST /b2b/otps/email/authenticate': () => mfaOwed() });
    const client = createB2BClient(TOKEN, { baseUrl: BASE, env: f.env });
    await client.passwords.authenticate({ organization_id: ORG.organization_id, email_address: 'ada@acme.test', password: 'correct horse battery', session_duration_minutes: 30 });
    expect(client.session.getSync()).to.not.equal(null);
    const r = await client.otps.email.authenticate({ organization_id: ORG.organization_id, email_address: 'ada@acme.test', code: '123456', session_duration_minutes: 30 });
    expect(r.member_authenticated).to.equal(false);
    expect(client.session.getSync()).to.equal(null);
    expect(client.self.getSync()).to.equal(null);
    expect(f.cookies.map.has('stytch_session')).to.equal(false);
    expect(f.cookies.map.get('stytch_intermediate_session_token')).to.equal('ist-mfa-1');
    client.dispose();
  });

  it('sends the intermediate token with organization sign-ins, and the official paths and bodies', async () => {
    const f = fakeEnv({
      'POST /b2b/otps/email/discovery/authenticate': () => discovered('ist-2'),
      'POST /b2b/passwords/authenticate': () => mfaOwed('ist-3'),
      'POST /b2b/magic_links/authenticate': () => signedIn(),
      'POST /b2b/otps/email/login_or_signup': () => ok({ member_id: MEMBER.member_id, member_created: false }),
      'POST /b2b/magic_links/email/login_or_signup': () => ok({ member_id: MEMBER.member_id, member_created: false }),
    });
    const client = createB2BClient(TOKEN, { baseUrl: BASE, env: f.env });
    await client.otps.email.discovery.authenticate({ email_address: 'ada@acme.test', code: '654321' });
    await client.passwords.authenticate({ organization_id: 'organization-test-1', email_address: 'ada@acme.test', password: 'pw', session_duration_minutes: 30 });
    expect(last(f.calls, '/b2b/passwords/authenticate').body).to.deep.equal({
      organization_id: 'organization-test-1',
      email_address: 'ada@acme.test',
      password: 'pw',
      session_duration_minutes: 30,
      intermediate_session_token: 'ist-2',
    });
    await client.magicLinks.authenticate({ magic_links_token: 'ml-token', session_duration_minutes: 30 });
    expect(last(f.calls, '/b2b/magic_links/authenticate').body).to.deep.equal({ intermediate_session_token: 'ist-3', magic_links_token: 'ml-token', session_duration_minutes: 30 });
    await client.otps.email.loginOrSignup({ organization_id: 'organization-test-1', email_address: 'ada@acme.test', login_expiration_minutes: 5 });
    expect(last(f.calls, '/b2b/otps/email/login_or_signup').body).to.deep.equal({ organization_id: 'organization-test-1', email_address: 'ada@acme.test', login_expiration_minutes: 5 });
    await client.magicLinks.email.loginOrSignup({ organization_id: 'organization-test-1', email_address: 'ada@acme.test', login_redirect_url: 'http://app.test/in' });
    expect(last(f.calls, '/b2b/magic_links/email/login_or_signup').body).to.deep.equal({
      organization_id: 'organization-test-1',
      email_address: 'ada@acme.test',
      login_redirect_url: 'http://app.test/in',
    });
    client.dispose();
  });

  it('password resets: PKCE when bootstrap requires it, the verifier sent once and then forgotten', async () => {
    const f = fakeEnv(
      { 'POST /b2b/passwords/email/reset/start': () => ok({ member_id: MEMBER.member_id }), 'POST /b2b/passwords/email/reset': () => signedIn() },
      { ...BOOTSTRAP, pkce_required_for_password_resets: true },
    );
    const client = createB2BClient(TOKEN, { baseUrl: BASE, env: f.env });
    await client.passwords.resetByEmailStart({ organization_id: 'organization-test-1', email_address: 'ada@acme.test', reset_password_redirect_url: 'http://app.test/reset' });
    const start = last(f.calls, '/reset/start').body as { code_challenge: string };
    expect(start.code_challenge).to.match(/^[A-Za-z0-9_-]{43}$/);
    await client.passwords.resetByEmail({ password_reset_token: 'reset-token', password: 'a new long password', session_duration_minutes: 30 });
    const reset = last(f.calls, '/b2b/passwords/email/reset').body as { code_verifier: string; password_reset_token: string };
    expect(reset.password_reset_token).to.equal('reset-token');
    expect(reset.code_verifier).to.match(/^[0-9a-f]{128}$/);
    expect(f.storage.getItem(`stytch_sdk_pkce_passwords::${TOKEN}`)).to.equal(null);
    client.dispose();
  });

  it('refreshes and revokes through /b2b/sessions, and exchanges to another organization', async () => {
    const f = fakeEnv({
      'POST /b2b/passwords/authenticate': () => signedIn(),
      'POST /b2b/sessions/authenticate': () => signedIn('member-session-token-2'),
      'POST /b2b/sessions/exchange': () => signedIn('member-session-token-3'),
      'POST /b2b/sessions/revoke': () => ok({}),
    });
    const client = createB2BClient(TOKEN, { baseUrl: BASE, env: f.env });
    await client.passwords.authenticate({ organization_id: ORG.organization_id, email_address: 'ada@acme.test', password: 'pw', session_duration_minutes: 30 });
    await f.timers.advance(180000);
    const refresh = last(f.calls, '/b2b/sessions/authenticate');
    expect(refresh.headers.Authorization).to.equal(`Basic ${btoa(`${TOKEN}:member-session-token-1`)}`);
    expect(client.session.getTokens()?.session_token).to.equal('member-session-token-2');
    await client.session.exchange({ organization_id: 'organization-test-2', session_duration_minutes: 30 });
    expect(last(f.calls, '/b2b/sessions/exchange').body).to.deep.equal({ organization_id: 'organization-test-2', session_duration_minutes: 30 });
    await client.session.revoke();
    expect(client.session.getSync()).to.equal(null);
    expect(f.cookies.map.has('stytch_session')).to.equal(false);
    client.dispose();
  });

  it('the member and organization fetched while the session is revoked do not come back after the sign-out', async () => {
    const answers: ((r: Response) => void)[] = [];
    const later = () => new Promise<Response>((done) => answers.push(done));
    const f = fakeEnv({
      'POST /b2b/passwords/authenticate': () => signedIn(),
      'POST /b2b/sessions/revoke': () => ok({}),
      'GET /b2b/organizations/members/me': later,
      'GET /b2b/organizations/me': later,
    });
    const client = createB2BClient(TOKEN, { baseUrl: BASE, env: f.env });
    await client.passwords.authenticate({ organization_id: ORG.organization_id, email_address: 'ada@acme.test', password: 'pw', session_duration_minutes: 30 });
    const fetched = Promise.all([client.self.get(), client.organization.get()]);
    while (answers.length < 2) await new Promise((r) => setTimeout(r, 0));
    await client.session.revoke();
    answers[0]!(ok({ member_id: MEMBER.member_id, member: { ...MEMBER, name: 'Ada' } }));
    answers[1]!(ok({ organization: { ...ORG, organization_name: 'Acme 2' } }));
    await fetched;
    expect(client.self.getSync()).to.equal(null);
    expect(client.organization.getSync()).to.equal(null);
    expect(client.session.getSync()).to.equal(null);
    client.dispose();
  });

  it('a refused refresh (session_not_found) signs out locally; provider errors keep their shape', async () => {
    const f = fakeEnv({ 'POST /b2b/passwords/authenticate': () => signedIn(), 'POST /b2b/sessions/authenticate': () => apiError(404, 'session_not_found', 'Session could not be found.') });
    const client = createB2BClient(TOKEN, { baseUrl: BASE, env: f.env });
    await client.passwords.authenticate({ organization_id: ORG.organization_id, email_address: 'ada@acme.test', password: 'pw', session_duration_minutes: 30 });
    const e = await rejection(client.session.authenticate());
    expect(e).to.be.instanceOf(StytchAPIError);
    expect((e as StytchAPIError).error_type).to.equal('session_not_found');
    expect(client.session.getSync()).to.equal(null);
    client.dispose();
  });

  it('organization and self calls keep the local member and organization current', async () => {
    const f = fakeEnv({
      'POST /b2b/passwords/authenticate': () => signedIn(),
      'PUT /b2b/organizations/me': () => ok({ organization: { ...ORG, organization_name: 'Acme Inc' } }),
      'PUT /b2b/organizations/members/update': () => ok({ member_id: MEMBER.member_id, member: { ...MEMBER, name: 'Ada' }, organization: ORG }),
      'DELETE /b2b/organizations/members/': () => ok({ member_id: 'member-test-2' }),
    });
    const client = createB2BClient(TOKEN, { baseUrl: BASE, env: f.env });
    await client.passwords.authenticate({ organization_id: ORG.organization_id, email_address: 'ada@acme.test', password: 'pw', session_duration_minutes: 30 });
    const names: string[] = [];
    client.organization.onChange((o) => names.push(o?.organization_name ?? ''));
    await client.organization.update({ organization_name: 'Acme Inc', mfa_policy: 'REQUIRED_FOR_ALL' });
    expect(last(f.calls, '/b2b/organizations/me').body).to.deep.equal({ organization_name: 'Acme Inc', mfa_policy: 'REQUIRED_FOR_ALL' });
    expect(client.organization.getSync()?.organization_name).to.equal('Acme Inc');
    expect(names).to.deep.equal(['Acme Inc']);
    await client.self.update({ name: 'Ada' });
    expect(client.self.getSync()?.name).to.equal('Ada');
    await client.organization.members.delete('member-test-2');
    expect(last(f.calls, '/members/member-test-2').init.method).to.equal('DELETE');
    expect(client.session.getSync()).to.not.equal(null);
    client.dispose();
  });

  it('rbac: a role of the member’s organization (its custom_roles) counts beside the project’s, as the official client merges them', async () => {
    const policy = { roles: [{ role_id: 'stytch_member', permissions: [] }], resources: [{ resource_id: 'billing', actions: ['read', 'pay'] }], scopes: [] };
    const auditor = { role_id: 'auditor', description: 'Reads invoices', permissions: [{ resource_id: 'billing', actions: ['read'] }] };
    const f = fakeEnv(
      {
        'POST /b2b/passwords/authenticate': () => signedIn(undefined, ['stytch_member', 'auditor']),
        'GET /b2b/organizations/me': () => ok({ organization: { ...ORG, custom_roles: [auditor] } }),
      },
      { ...BOOTSTRAP, rbac_policy: policy },
    );
    const client = createB2BClient(TOKEN, { baseUrl: BASE, env: f.env });
    await client.passwords.authenticate({ organization_id: ORG.organization_id, email_address: 'ada@acme.test', password: 'pw', session_duration_minutes: 30 });
    // Before the organization names the role, the member's role grants nothing.
    expect(await client.rbac.isAuthorized('billing', 'read')).to.equal(false);
    await client.organization.get();
    expect(await client.rbac.isAuthorized('billing', 'read')).to.equal(true);
    expect(client.rbac.isAuthorizedSync('billing', 'read')).to.equal(true);
    expect(client.rbac.isAuthorizedSync('billing', 'pay')).to.equal(false);
    expect((await client.rbac.allPermissions()).billing).to.deep.equal({ read: true, pay: false });
    client.dispose();
  });

  it("a member's address: the official paths and bodies, the caller's own member kept current, an address checked before any call", async () => {
    const RETIRED = { email_id: 'member-email-test-1', email_address: 'old@acme.test' };
    const answer = (m: object) => () => ok({ member_id: MEMBER.member_id, member: { ...MEMBER, ...m }, organization: ORG });
    const f = fakeEnv({
      'POST /b2b/passwords/authenticate': () => signedIn(),
      'PUT /b2b/organizations/members/': () => ok({ member_id: 'member-test-2', member: { ...MEMBER, member_id: 'member-test-2', email_address: 'new@acme.test' }, organization: ORG }),
      'POST /b2b/organizations/members/start_email_update': answer({}),
      'POST /b2b/organizations/members/unlink_retired_email': answer({ retired_email_addresses: [] }),
      'POST /b2b/organizations/members/member-test-1/unlink_retired_email': answer({ retired_email_addresses: [RETIRED] }),
      'POST /b2b/organizations/members/member-test-2/start_email_update': answer({}),
    });
    const client = createB2BClient(TOKEN, { baseUrl: BASE, env: f.env });
    await client.passwords.authenticate({ organization_id: ORG.organization_id, email_address: 'ada@acme.test', password: 'pw', session_duration_minutes: 30 });

    await client.organization.members.update({ member_id: 'member-test-2', email_address: 'new@acme.test', unlink_email: true });
    expect(last(f.calls, '/members/member-test-2').body).to.deep.equal({ member_id: 'member-test-2', email_address: 'new@acme.test', unlink_email: true });
    await client.organization.members.startEmailUpdate({ member_id: 'member-test-2', email_address: 'next@acme.test', delivery_method: 'EMAIL_OTP' });
    expect(last(f.calls, '/members/member-test-2/start_email_update').body).to.deep.equal({ email_address: 'next@acme.test', delivery_method: 'EMAIL_OTP' });
    // About the caller: its local member follows the answer.
    await client.organization.members.unlinkRetiredEmail({ member_id: MEMBER.member_id, email_id: RETIRED.email_id });
    expect(last(f.calls, `/members/${MEMBER.member_id}/unlink_retired_email`).body).to.deep.equal({ email_id: RETIRED.email_id });
    expect(client.self.getSync()?.retired_email_addresses).to.deep.equal([RETIRED]);
    await client.self.unlinkRetiredEmail({ email_address: RETIRED.email_address });
    expect(last(f.calls, '/b2b/organizations/members/unlink_retired_email').body).to.deep.equal({ email_address: RETIRED.email_address });
    expect(client.self.getSync()?.retired_email_addresses).to.deep.equal([]);
    await client.self.startEmailUpdate({ email_address: 'mine@acme.test', login_redirect_url: 'https://host.example/auth' });
    expect(last(f.calls, '/b2b/organizations/members/start_email_update').body).to.deep.equal({ email_address: 'mine@acme.test', login_redirect_url: 'https://host.example/auth' });

    const before = f.calls.length;
    const e = await rejection(client.self.startEmailUpdate({ email_address: 'not-an-email' }));
    expect(e).to.be.instanceOf(StytchSDKUsageError);
    expect(e.message).to.equal('Invalid call to stytch.self.startEmailUpdate\nemail_address must be a valid email address');
    expect(f.calls.length).to.equal(before);
    client.dispose();
  });

  it('checks arguments as the B2C client does, before any call', async () => {
    const f = fakeEnv();
    const client = createB2BClient(TOKEN, { baseUrl: BASE, env: f.env });
    const cases: [Promise<unknown>, string][] = [
      [client.magicLinks.email.discovery.send({ email_address: 'not-an-email' }), 'Invalid call to stytch.magicLinks.email.discovery.send\nemail_address must be a valid email address'],
      [client.discovery.intermediateSessions.exchange({ organization_id: 'o' } as never), 'Invalid call to stytch.discovery.intermediateSessions.exchange\nsession_duration_minutes must be a number'],
      [
        client.passwords.authenticate({ organization_id: 'o', email_address: 'a@b.test', password: 7, session_duration_minutes: 30 } as never),
        'Invalid call to stytch.passwords.authenticate\npassword must be a string',
      ],
      [
        client.otps.email.authenticate({ organization_id: '', email_address: 'a@b.test', code: '1', session_duration_minutes: 30 }),
        'Invalid call to stytch.otps.email.authenticate\norganization_id must not be empty',
      ],
      [
        client.discovery.organizations.create({ session_duration_minutes: 30, mfa_policy: 'SOMETIMES' as never }),
        'Invalid call to stytch.discovery.organizations.create\nmfa_policy must be OPTIONAL or REQUIRED_FOR_ALL',
      ],
      [client.session.exchange({ organization_id: 'o', session_duration_minutes: 2 }), 'Invalid call to stytch.session.exchange\nsession_duration_minutes must be at least 5'],
      [client.organization.members.delete(''), 'Invalid call to stytch.organization.members.delete\narguments must not be empty'],
    ];
    for (const [p, message] of cases) {
      const e = await rejection(p);
      expect(e).to.be.instanceOf(StytchSDKUsageError);
      expect(e.message).to.equal(message);
    }
    expect(f.calls.filter((c) => c.url.includes('/b2b/'))).to.deep.equal([]);
    client.dispose();
  });
  it('MFA calls send the intermediate session token and complete the member session', async () => {
    const f = fakeEnv({
      'POST /b2b/passwords/authenticate': () => mfaOwed('ist-mfa-2'),
      'POST /b2b/totp': () => ok({ member_id: MEMBER.member_id, member: MEMBER, organization: ORG, totp_registration_id: 't', secret: 'S', qr_code: 'data:', recovery_codes: ['a-b-c'] }),
      'POST /b2b/totp/authenticate': () => signedIn(),
      'POST /b2b/otps/sms/send': () => ok({ member_id: MEMBER.member_id }),
      'POST /b2b/recovery_codes/rotate': () => ok({ recovery_codes: ['x'] }),
      'GET /b2b/recovery_codes': () => ok({ recovery_codes: ['y'] }),
    });
    const client = createB2BClient(TOKEN, { baseUrl: BASE, env: f.env });
    await client.passwords.authenticate({ organization_id: ORG.organization_id, email_address: 'ada@acme.test', password: 'pw', session_duration_minutes: 30 });
    const ids = { organization_id: ORG.organization_id, member_id: MEMBER.member_id };
    await client.totp.create(ids);
    expect(last(f.calls, '/b2b/totp').body).to.deep.equal({ ...ids, intermediate_session_token: 'ist-mfa-2' });
    await client.otps.sms.send({ ...ids, mfa_phone_number: '+15005550006' });
    expect(last(f.calls, '/b2b/otps/sms/send').body).to.deep.equal({ ...ids, mfa_phone_number: '+15005550006', intermediate_session_token: 'ist-mfa-2' });
    await client.totp.authenticate({ ...ids, code: '123456', session_duration_minutes: 30 });
    expect(last(f.calls, '/b2b/totp/authenticate').body).to.deep.equal({ ...ids, code: '123456', session_duration_minutes: 30, intermediate_session_token: 'ist-mfa-2' });
    expect(client.session.getSync()?.member_session_id).to.equal('member-session-test-1');
    expect(f.cookies.map.has('stytch_intermediate_session_token')).to.equal(false);
    expect((await client.recoveryCodes.rotate()).recovery_codes).to.deep.equal(['x']);
    expect((await client.recoveryCodes.get()).recovery_codes).to.deep.equal(['y']);
    expect(last(f.calls, '/b2b/recovery_codes').init.method).to.equal('GET');
    const e = await rejection(client.recoveryCodes.recover({ ...ids, recovery_code: '', session_duration_minutes: 30 }));
    expect(e.message).to.equal('Invalid call to stytch.recoveryCodes.recover\nrecovery_code must not be empty');
    client.dispose();
  });

  it('SSO and OAuth start navigate with the official query and a proof key when bootstrap requires one; authenticate sends and forgets it', async () => {
    const f = fakeEnv(
      { 'POST /b2b/sso/authenticate': () => signedIn(), 'POST /b2b/oauth/discovery/authenticate': () => discovered() },
      { ...BOOTSTRAP, pkce_required_for_sso: true, pkce_required_for_oauth: true },
    );
    const client = createB2BClient(TOKEN, { baseUrl: BASE, env: f.env });
    await client.sso.start({ connection_id: 'saml-connection-test-1', login_redirect_url: 'http://app.test/in', provider_params: { login_hint: 'ada' } });
    const sso = new URL(f.navigations.at(-1)!);
    expect(`${sso.origin}${sso.pathname}`).to.equal(`${new URL(BASE).origin}/b2b-prefix/v1/public/sso/start`);
    expect(sso.searchParams.get('public_token')).to.equal(TOKEN);
    expect(sso.searchParams.get('connection_id')).to.equal('saml-connection-test-1');
    expect(sso.searchParams.get('provider_login_hint')).to.equal('ada');
    expect(sso.searchParams.get('login_redirect_url')).to.equal('http://app.test/in');
    expect(sso.searchParams.get('pkce_code_challenge')).to.match(/^[A-Za-z0-9_-]{43}$/);
    await client.sso.authenticate({ sso_token: 'sso-token', session_duration_minutes: 30 });
    expect((last(f.calls, '/b2b/sso/authenticate').body as { pkce_code_verifier: string }).pkce_code_verifier).to.match(/^[0-9a-f]{128}$/);
    expect(f.storage.getItem(`stytch_sdk_pkce_sso::${TOKEN}`)).to.equal(null);

    await client.oauth.google.start({ organization_id: 'organization-test-1', custom_scopes: ['openid', 'email'] });
    const g = new URL(f.navigations.at(-1)!);
    expect(g.pathname).to.equal('/b2b-prefix/v1/b2b/public/oauth/google/start');
    expect(g.searchParams.get('organization_id')).to.equal('organization-test-1');
    expect(g.searchParams.get('custom_scopes')).to.equal('openid email');
    expect(g.searchParams.get('pkce_code_challenge')).to.match(/^[A-Za-z0-9_-]{43}$/);
    await client.oauth.slack.discovery.start({ discovery_redirect_url: 'http://app.test/discover' });
    const s = new URL(f.navigations.at(-1)!);
    expect(s.pathname).to.equal('/b2b-prefix/v1/b2b/public/oauth/slack/discovery/start');
    expect(s.searchParams.get('discovery_redirect_url')).to.equal('http://app.test/discover');
    await client.oauth.discovery.authenticate({ discovery_oauth_token: 'dot' });
    expect(Object.keys(last(f.calls, '/oauth/discovery/authenticate').body as object).sort()).to.deep.equal(['discovery_oauth_token', 'pkce_code_verifier']);
    const bad = await rejection(client.oauth.github.start({ custom_scopes: 'email' as never }));
    expect(bad.message).to.equal('Invalid call to stytch.oauth.github.start\ncustom_scopes must be an array of strings');
    client.dispose();
  });
  it('a stored session is read on load, marked fromCache until the provider answers for it', async () => {
    const f = fakeEnv({ 'POST /b2b/sessions/authenticate': () => signedIn('member-session-token-9') });
    f.storage.setItem(`stytch_sdk_state_${TOKEN}`, JSON.stringify({ session: MEMBER_SESSION, member: MEMBER, organization: ORG }));
    f.cookies.set('stytch_session', 'member-session-token-1');
    const client = createB2BClient(TOKEN, { baseUrl: BASE, env: f.env });
    expect(client.session.getInfo()).to.deep.equal({ session: MEMBER_SESSION, fromCache: true });
    expect(client.self.getInfo().fromCache).to.equal(true);
    await f.timers.advance(0);
    expect(last(f.calls, '/b2b/sessions/authenticate').headers.Authorization).to.equal(`Basic ${btoa(`${TOKEN}:member-session-token-1`)}`);
    expect(client.session.getInfo().fromCache).to.equal(false);
    expect(client.organization.getInfo()).to.deep.equal({ organization: ORG, fromCache: false });
    client.dispose();
  });
});
