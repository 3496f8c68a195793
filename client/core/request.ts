/** Builds the `/sdk/v1` requests of PROTOCOL.md: pure, no I/O. */

export const SDK_NAME = 'stytch-ui-client';
export const SDK_VERSION = '5.14.1';

/** Values of the X-SDK-Client header that change per request. */
export interface TelemetryContext {
  event_id: string;
  app_session_id: string;
  persistent_id: string;
  client_sent_at: string;
  timezone: string;
  stytch_user_id?: string;
  stytch_session_id?: string;
  app: { identifier: string };
  sdk: { identifier: string; version: string };
}

/** One SDK call as a `fetch` input. */
export interface SDKRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: object;
}

// Base64 of the UTF-8 bytes. Tokens, ids and the client's JSON are nearly always printable
// ASCII, which btoa takes as it is; encoding them first cost a request a few ms at a phone's CPU.
const b64 = (s: string) => btoa(/[^\x20-\x7e]/.test(s) ? String.fromCharCode(...new TextEncoder().encode(s)) : s);

/** `Basic base64(public_token:session_token or public_token)`. */
export function basicAuth(publicToken: string, sessionToken: string | undefined): string {
  return `Basic ${b64(`${publicToken}:${sessionToken ?? publicToken}`)}`;
}

/** Drops undefined fields so they are omitted on the wire, not sent as null. */
export function compact<T extends object>(body: T): T {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as T;
}

/** The URL and init of one SDK call. */
export function buildRequest(base: string, req: SDKRequest, auth: string, parentHost: string, telemetry: TelemetryContext): [string, RequestInit] {
  const headers: Record<string, string> = {
    Authorization: auth,
    'Content-Type': 'application/json',
    'X-SDK-Parent-Host': parentHost,
    'X-SDK-Client': b64(JSON.stringify(telemetry)),
  };
  const init: RequestInit = { method: req.method, headers, credentials: 'include' };
  if (req.body !== undefined) init.body = JSON.stringify(compact(req.body));
  return [`${base.replace(/\/+$/, '')}/sdk/v1${req.path}`, init];
}
