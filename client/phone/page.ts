import type { APIErrorBody } from '../errors.ts';
import type { Reply, ServiceRequest } from './channel.ts';

/*
 * The iframe side of the clientside-services protocol (PROTOCOL.md): the hidden page the
 * provider serves at /clientside-services/index.html, built from this module. A MessagePort
 * request `{method, args}` from an authorized origin gets a `Reply` back. Errors cross the
 * port as plain objects named like the client's error classes, so both our client (channel.ts)
 * and the official one rebuild a typed error with the error_type the widget branches on.
 */

/** What the page knows of its project: the provider writes it into the page as JSON. */
export interface PageConfig {
  /** The project's authorized origins: the only ones answered, exactly. */
  origins: readonly string[];
  /** The project's public tokens: One Tap answers only these. */
  tokens: readonly string[];
  /** Whether a Google client is configured; without one (offline) One Tap fails cleanly. */
  oneTap: boolean;
  /** libphonenumber's example mobile numbers, by region. */
  examples: Record<string, unknown>;
}

/** A parsed number, as much of libphonenumber-js's PhoneNumber as the page uses. */
interface PhoneNumber {
  isValid(): boolean;
  number: string;
  formatNational(): string;
}

/** The slice of libphonenumber-js (the global of its min bundle) the page uses. */
export interface PhoneLib {
  parsePhoneNumberFromString(text: string, region: string): PhoneNumber | undefined;
  getExampleNumber(region: string, examples: Record<string, unknown>): PhoneNumber | undefined;
}

type PageError = Partial<APIErrorBody> & { name: string };

function apiError(status_code: number, error_type: string, error_message: string): PageError {
  return { name: 'StytchAPIError', status_code, error_type, error_message, error_url: `https://stytch.com/docs/api/errors/${status_code}#${error_type}` };
}

/** Starts answering requests on `win`; returns the unsubscribe. */
export function servePage(win: Window, config: PageConfig, phone: PhoneLib, fetchFn: typeof fetch = (...a) => fetch(...a)): () => void {
  const checkToken = (publicToken: unknown) => {
    if (typeof publicToken !== 'string' || !config.tokens.includes(publicToken)) throw apiError(401, 'invalid_public_token', 'The public token is not valid for this project.');
  };
  const noOneTap = () => apiError(400, 'unknown_reason', 'Google One Tap is not available from this provider: no Google OAuth client is configured.');
  // With a Google client configured, the provider's One Tap endpoints on this origin do the work.
  const post = async (path: string, body: object) => {
    const res = await fetchFn(new URL(path, win.location.href), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (res.ok && json) return json;
    throw json && typeof json.error_type === 'string' ? { name: 'StytchAPIError', ...json } : apiError(res.status, 'unknown_reason', 'One Tap failed.');
  };
  const handlers: Record<string, (r: Record<string, unknown>) => unknown> = {
    parsedPhoneNumber({ phoneNumber, regionCode }) {
      const p = phone.parsePhoneNumberFromString(String(phoneNumber), String(regionCode || 'US'));
      return { isValid: !!p && p.isValid(), number: p ? p.number : '', national: p ? p.formatNational() : String(phoneNumber) };
    },
    getExamplePhoneNumber({ regionCode }) {
      const region = String(regionCode || 'US').toUpperCase();
      const example = Object.hasOwn(config.examples, region) ? phone.getExampleNumber(region, config.examples) : undefined;
      if (!example) throw apiError(400, 'invalid_region_code', `No example number is known for region ${region}.`);
      return { phoneNumber: example.formatNational() };
    },
    oneTapStart({ publicToken }) {
      checkToken(publicToken);
      if (!config.oneTap) throw noOneTap();
      return post('../v1/public/oauth/google/one_tap/start', { public_token: publicToken });
    },
    oneTapSubmit({ publicToken, idToken, oauthCallbackID, loginRedirectURL, signupRedirectURL }) {
      checkToken(publicToken);
      if (!config.oneTap) throw noOneTap();
      return post('../v1/public/oauth/google/one_tap/submit', {
        public_token: publicToken,
        id_token: idToken,
        oauth_callback_id: oauthCallbackID,
        login_redirect_url: loginRedirectURL,
        signup_redirect_url: signupRedirectURL,
      });
    },
  };
  const onMessage = async (e: MessageEvent) => {
    const port = e.ports[0];
    if (!port || !config.origins.includes(e.origin)) return;
    const { method, args } = (e.data ?? {}) as Partial<ServiceRequest>;
    let reply: Reply;
    try {
      const handler = typeof method === 'string' && Object.hasOwn(handlers, method) ? handlers[method] : undefined;
      if (!handler || !Array.isArray(args)) throw new Error(`Unknown method ${String(method)}`);
      reply = { success: true, payload: await handler((args[0] ?? {}) as Record<string, unknown>) };
    } catch (err) {
      const error = err && typeof (err as PageError).error_type === 'string' ? err : err instanceof Error ? err.message : String(err);
      reply = { success: false, error };
    }
    port.postMessage(reply);
  };
  win.addEventListener('message', onMessage);
  return () => win.removeEventListener('message', onMessage);
}
