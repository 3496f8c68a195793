import { expect } from '@open-wc/testing';
import type { WidgetEventPayload } from '../../../screens/context.ts';
import { B2B_EVENTS, withB2BEvents } from '../../../screens/b2b/events.ts';

// Issue 52: the B2B element fired only AUTHENTICATE_FLOW_COMPLETE, so a config moved from the
// official B2B UI kept an onEvent that never ran. Each step's call fires the official type.

/** The official B2B members of StytchEventType (@stytch/vanilla-js 6.x), with the UI's own flow events. */
const OFFICIAL_B2B = [
  'B2B_MAGIC_LINK_EMAIL_LOGIN_OR_SIGNUP',
  'B2B_MAGIC_LINK_AUTHENTICATE',
  'B2B_MAGIC_LINK_EMAIL_DISCOVERY_SEND',
  'B2B_MAGIC_LINK_DISCOVERY_AUTHENTICATE',
  'B2B_SSO_START',
  'B2B_SSO_AUTHENTICATE',
  'B2B_SSO_DISCOVER_CONNECTIONS',
  'B2B_OAUTH_AUTHENTICATE',
  'B2B_OAUTH_DISCOVERY_AUTHENTICATE',
  'B2B_DISCOVERY_ORGANIZATIONS_CREATE',
  'B2B_DISCOVERY_INTERMEDIATE_SESSION_EXCHANGE',
  'B2B_PASSWORD_AUTHENTICATE',
  'B2B_PASSWORD_DISCOVERY_AUTHENTICATE',
  'B2B_PASSWORD_RESET_BY_EMAIL_START',
  'B2B_PASSWORD_RESET_BY_EMAIL',
  'B2B_PASSWORD_RESET_BY_SESSION',
  'B2B_SMS_OTP_SEND',
  'B2B_SMS_OTP_AUTHENTICATE',
  'B2B_TOTP_CREATE',
  'B2B_TOTP_AUTHENTICATE',
  'B2B_RECOVERY_CODES_RECOVER',
  'B2B_PASSWORD_DISCOVERY_RESET_BY_EMAIL_START',
  'B2B_PASSWORD_DISCOVERY_RESET_BY_EMAIL',
  'B2B_OTPS_EMAIL_AUTHENTICATE',
  'B2B_OTPS_EMAIL_DISCOVERY_AUTHENTICATE',
  'B2B_OTPS_EMAIL_DISCOVERY_SEND',
  'B2B_OTPS_EMAIL_LOGIN_OR_SIGNUP',
  'B2B_ORGANIZATIONS_GET_BY_SLUG',
];

/** A client whose every method of the table answers `{ answered: <its path> }`. */
function fakeClient(calls: string[]) {
  const client: Record<string, unknown> = {};
  for (const path of Object.keys(B2B_EVENTS)) {
    const keys = path.split('.');
    let at = client;
    for (const k of keys.slice(0, -1)) at = (at[k] ??= {}) as Record<string, unknown>;
    at[keys.at(-1)!] = (...args: unknown[]) => {
      calls.push(path);
      return Promise.resolve({ answered: path, args });
    };
  }
  return client;
}

describe('the B2B element fires the official B2B events', () => {
  it('names only official B2B event types, every one but impersonation (the element has no such step)', () => {
    expect([...new Set(Object.values(B2B_EVENTS))].sort()).to.deep.equal(OFFICIAL_B2B.sort());
  });

  for (const [path, type] of Object.entries(B2B_EVENTS))
    it(`${path}: ${type} once the call has succeeded, the answer its data`, async () => {
      const events: WidgetEventPayload[] = [];
      const calls: string[] = [];
      const client = withB2BEvents(fakeClient(calls), (e) => events.push(e));
      let fn: unknown = client;
      for (const k of path.split('.')) fn = (fn as Record<string, unknown>)[k];
      const answer = await (fn as (o: object) => Promise<unknown>)({ email_address: 'a@example.com' });
      expect(calls).to.deep.equal([path]);
      expect(answer).to.deep.equal({ answered: path, args: [{ email_address: 'a@example.com' }] });
      const data = type === 'B2B_SSO_START' ? {} : type === 'B2B_MAGIC_LINK_EMAIL_LOGIN_OR_SIGNUP' ? { ...(answer as object), email: 'a@example.com' } : answer;
      expect(events).to.deep.equal([{ type, data }]);
    });

  it('a failed call fires nothing; what the table does not name is the client’s own', async () => {
    const events: WidgetEventPayload[] = [];
    const own = { session: { getSync: () => 'the session' } };
    const client = withB2BEvents({ ...own, otps: { email: { authenticate: () => Promise.reject(new Error('bad code')) } } }, (e) => events.push(e));
    expect(client.session).to.equal(own.session);
    let failed: unknown;
    await client.otps.email.authenticate().catch((e: unknown) => (failed = e));
    expect((failed as Error).message).to.equal('bad code');
    expect(events).to.deep.equal([]);
  });
});
