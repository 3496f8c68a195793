import { expect } from '@open-wc/testing';
import { createClient, StytchSDKUsageError } from '../../../client/index.ts';
import { createB2BClient } from '../../../client/b2b/index.ts';
import { authOk, fakeEnv, ok, rejection, SESSION, USER } from './fake-env.ts';

const TOKEN = 'public-token-test-55555555-5555-5555-5555-555555555555';
const BASE = 'http://localhost:4100/p';
const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJlbWFpbCI6ImFkYUBwYXJ0bmVyLnRlc3QifQ.c2ln';

/** What the calls sent, after the bootstrap: method, path and body. */
const sent = (calls: { url: string; init: RequestInit; body: unknown }[]) =>
  calls.filter((c) => !c.url.includes('/projects/') && !c.url.endsWith('/events')).map((c) => [c.init.method, c.url.replace(`${BASE}/sdk/v1`, ''), c.body]);

describe('the headless client: session.attest (trusted auth tokens)', () => {
  it('posts the official body to /sessions/attest and the answer becomes the local session and user', async () => {
    const f = fakeEnv({ 'POST /sessions/attest': () => authOk('attested-token') });
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    expect(client.session.getSync()).to.equal(null);
    const r = await client.session.attest({ profile_id: 'partner', token: JWT, session_duration_minutes: 60 });
    expect(r.session_token).to.equal('attested-token');
    expect(sent(f.calls)).to.deep.equal([['POST', '/sessions/attest', { profile_id: 'partner', token: JWT, session_duration_minutes: 60 }]]);
    expect(client.session.getSync()?.session_id).to.equal(SESSION.session_id);
    expect(client.user.getSync()?.user_id).to.equal(USER.user_id);
    expect(client.session.getTokens()?.session_token).to.equal('attested-token');
    client.dispose();
  });

  it('a call without a token, or with a session shorter than 5 minutes, is a usage error sent nowhere', async () => {
    const f = fakeEnv();
    const client = createClient(TOKEN, { baseUrl: BASE, env: f.env });
    const noToken = await rejection(client.session.attest({ profile_id: 'partner', token: '' }));
    expect(noToken).to.be.instanceOf(StytchSDKUsageError);
    expect(noToken.message).to.contain('token');
    const short = await rejection(client.session.attest({ profile_id: 'partner', token: JWT, session_duration_minutes: 1 }));
    expect(short).to.be.instanceOf(StytchSDKUsageError);
    expect(sent(f.calls)).to.deep.equal([]);
    client.dispose();
  });

  it('the B2B client posts to /b2b/sessions/attest with the organization, and the member session becomes the local one', async () => {
    const memberSession = {
      member_session_id: 'member-session-test-9',
      member_id: 'member-test-9',
      organization_id: 'organization-test-9',
      started_at: '2026-01-01T00:00:00Z',
      last_accessed_at: '2026-01-01T00:00:00Z',
      expires_at: '2099-01-01T00:00:00Z',
      authentication_factors: [{ type: 'trusted_auth_token', delivery_method: 'trusted_token_exchange', last_authenticated_at: '2026-01-01T00:00:00Z' }],
      custom_claims: {},
      roles: ['stytch_member'],
    };
    const f = fakeEnv({
      'POST /b2b/sessions/attest': () =>
        ok({
          member_id: 'member-test-9',
          member_session: memberSession,
          session_token: 'member-attested',
          session_jwt: 'jwt-9',
          member: { member_id: 'member-test-9', organization_id: 'organization-test-9', email_address: 'ada@acme.test', name: '' },
          organization: { organization_id: 'organization-test-9', organization_name: 'Acme', organization_slug: 'acme' },
        }),
    });
    const client = createB2BClient(TOKEN, { baseUrl: BASE, env: f.env });
    await client.session.attest({ profile_id: 'partner', token: JWT, organization_id: 'organization-test-9', session_duration_minutes: 60 });
    expect(sent(f.calls)).to.deep.equal([['POST', '/b2b/sessions/attest', { profile_id: 'partner', token: JWT, organization_id: 'organization-test-9', session_duration_minutes: 60 }]]);
    expect(client.session.getSync()?.member_session_id).to.equal('member-session-test-9');
    expect(client.self.getSync()?.member_id).to.equal('member-test-9');
    client.dispose();
  });
});
