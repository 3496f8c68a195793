// The official B2B UI's events (`StytchEventType` of @stytch/vanilla-js, its B2B members), fired
// by the B2B element as each step's call succeeds, with the call's answer as the event's data
// (the official `StytchEventMap`), the way the login element fires its line's events.
import type { WidgetEventPayload } from '../context.ts';

/** The client method (its path on the B2B client) -> the official event type it fires. */
export const B2B_EVENTS: Readonly<Record<string, string>> = {
  'magicLinks.email.loginOrSignup': 'B2B_MAGIC_LINK_EMAIL_LOGIN_OR_SIGNUP',
  'magicLinks.authenticate': 'B2B_MAGIC_LINK_AUTHENTICATE',
  'magicLinks.email.discovery.send': 'B2B_MAGIC_LINK_EMAIL_DISCOVERY_SEND',
  'magicLinks.discovery.authenticate': 'B2B_MAGIC_LINK_DISCOVERY_AUTHENTICATE',
  'otps.email.loginOrSignup': 'B2B_OTPS_EMAIL_LOGIN_OR_SIGNUP',
  'otps.email.authenticate': 'B2B_OTPS_EMAIL_AUTHENTICATE',
  'otps.email.discovery.send': 'B2B_OTPS_EMAIL_DISCOVERY_SEND',
  'otps.email.discovery.authenticate': 'B2B_OTPS_EMAIL_DISCOVERY_AUTHENTICATE',
  'sso.start': 'B2B_SSO_START',
  'sso.authenticate': 'B2B_SSO_AUTHENTICATE',
  'sso.discoverConnections': 'B2B_SSO_DISCOVER_CONNECTIONS',
  'oauth.authenticate': 'B2B_OAUTH_AUTHENTICATE',
  'oauth.discovery.authenticate': 'B2B_OAUTH_DISCOVERY_AUTHENTICATE',
  'discovery.organizations.create': 'B2B_DISCOVERY_ORGANIZATIONS_CREATE',
  'discovery.intermediateSessions.exchange': 'B2B_DISCOVERY_INTERMEDIATE_SESSION_EXCHANGE',
  'passwords.authenticate': 'B2B_PASSWORD_AUTHENTICATE',
  'passwords.discovery.authenticate': 'B2B_PASSWORD_DISCOVERY_AUTHENTICATE',
  'passwords.resetByEmailStart': 'B2B_PASSWORD_RESET_BY_EMAIL_START',
  'passwords.resetByEmail': 'B2B_PASSWORD_RESET_BY_EMAIL',
  'passwords.resetBySession': 'B2B_PASSWORD_RESET_BY_SESSION',
  'passwords.discovery.resetByEmailStart': 'B2B_PASSWORD_DISCOVERY_RESET_BY_EMAIL_START',
  'passwords.discovery.resetByEmail': 'B2B_PASSWORD_DISCOVERY_RESET_BY_EMAIL',
  'otps.sms.send': 'B2B_SMS_OTP_SEND',
  'otps.sms.authenticate': 'B2B_SMS_OTP_AUTHENTICATE',
  'totp.create': 'B2B_TOTP_CREATE',
  'totp.authenticate': 'B2B_TOTP_AUTHENTICATE',
  'recoveryCodes.recover': 'B2B_RECOVERY_CODES_RECOVER',
  'organization.getBySlug': 'B2B_ORGANIZATIONS_GET_BY_SLUG',
};

// Every namespace on the way to a method of the table: only these are wrapped.
const PREFIXES = new Set(Object.keys(B2B_EVENTS).flatMap((path) => path.split('.').map((_, i, parts) => parts.slice(0, i).join('.'))));

/** The official data of `type` from a call's answer and its arguments. */
function dataOf(type: string, answer: unknown, args: unknown[]): unknown {
  // The official's magic-link send event carries the address beside the answer; SSO start has none.
  if (type === 'B2B_MAGIC_LINK_EMAIL_LOGIN_OR_SIGNUP') return { ...(answer as object), email: (args[0] as { email_address?: string } | undefined)?.email_address };
  if (type === 'B2B_SSO_START') return {};
  return answer;
}

/**
 * `client` as the B2B element's screens use it: each call of the table fires its event through
 * `onEvent` once it has succeeded (SSO start as it begins, since it leaves the page); everything
 * else is the client's own, untouched.
 */
export function withB2BEvents<T extends object>(client: T, onEvent: (event: WidgetEventPayload) => void, path = ''): T {
  return new Proxy(client, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof key !== 'string') return value;
      const at = path ? `${path}.${key}` : key;
      const type = B2B_EVENTS[at];
      if (type && typeof value === 'function') {
        return (...args: unknown[]) => {
          if (type === 'B2B_SSO_START') onEvent({ type, data: {} });
          const out: unknown = Reflect.apply(value, target, args);
          if (type === 'B2B_SSO_START' || !(out instanceof Promise)) return out;
          return out.then((answer: unknown) => {
            onEvent({ type, data: dataOf(type, answer, args) });
            return answer;
          });
        };
      }
      // A namespace on the way to one of the table's methods (an object, or a function with methods).
      if (PREFIXES.has(at) && value !== null && (typeof value === 'object' || typeof value === 'function')) return withB2BEvents(value, onEvent, at);
      return value;
    },
  });
}
