import { CaptchaRequiredError, StytchAPIError } from '../errors.ts';
import type { ClientEnv } from './env.ts';
import { processFetchFailure, processResponse } from './process.ts';
import { basicAuth, buildRequest, SDK_NAME, SDK_VERSION, type SDKRequest, type TelemetryContext } from './request.ts';

/** The action every captcha token is requested for (SPEC §9). */
export const CAPTCHA_ACTION = 'LOGIN';

/** Produces a captcha token for an action (reCAPTCHA in the browser). */
export interface CaptchaProvider {
  getToken(siteKey: string | undefined, action: typeof CAPTCHA_ACTION): Promise<string | undefined>;
}

/** Produces a device-fingerprint telemetry id. */
export interface DFPProvider {
  getTelemetryId(): Promise<string | undefined>;
}

/** v4 UUID from the injected random source. */
export function uuid(random: ClientEnv['random']): string {
  const b = new Uint8Array(random(new Uint32Array(4)).buffer);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The host's IANA time zone, for the X-SDK-Client header. Temporal reads it at no cost; the
 * first `Intl.DateTimeFormat` of a page builds ICU's date formatting data (60 to 300 ms at a
 * phone's CPU, bench/RESULTS.md), which on the first call (bootstrap, as the client is
 * created) held up the widget's first paint. Intl stays the way where Temporal is missing.
 */
export function hostTimeZone(): string {
  try {
    const temporal = (globalThis as { Temporal?: { Now?: { timeZoneId?(): string } } }).Temporal;
    return temporal?.Now?.timeZoneId?.() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    // Some runtimes lack Intl time zones.
    return 'UTC';
  }
}

/**
 * What an event's X-SDK-Client must say of the moment it happened: when, and who was signed in.
 * The rest (its id, the time zone) is filled in when the event is sent.
 */
export interface TelemetryStamp {
  at: number;
  stytch_user_id?: string;
  stytch_session_id?: string;
}

/** Where the session identity for headers comes from. */
export interface Identity {
  sessionToken(): string | undefined;
  userId(): string | undefined;
  sessionId(): string | undefined;
}

/** The one place every SDK call goes through: headers, the injected fetch, response processing, the captcha retry. */
export class Transport {
  private readonly appSessionId: string;
  private readonly persistentId: string;
  /** Fills captcha_token and dfp_telemetry_id on the one retry after 'Captcha required'. */
  onCaptchaRequired?: () => Promise<{ captcha_token?: string; dfp_telemetry_id?: string }>;

  constructor(
    readonly env: ClientEnv,
    readonly publicToken: string,
    public baseUrl: string,
    private readonly identity: Identity,
  ) {
    this.appSessionId = `app-session-id-${uuid(env.random)}`;
    let pid = env.storage.getItem('stytch_persistent_id');
    if (!pid) env.storage.setItem('stytch_persistent_id', (pid = `persistent-id-${uuid(env.random)}`));
    this.persistentId = pid;
  }

  /** The moment of an event, as its X-SDK-Client will report it. */
  stamp(): TelemetryStamp {
    return { at: this.env.timers.now(), stytch_user_id: this.identity.userId(), stytch_session_id: this.identity.sessionId() };
  }

  /** The X-SDK-Client fields for one request, or for a telemetry event stamped earlier. */
  telemetry(stamp: TelemetryStamp = this.stamp()): TelemetryContext {
    const timezone = hostTimeZone();
    return {
      event_id: `event-id-${uuid(this.env.random)}`,
      app_session_id: this.appSessionId,
      persistent_id: this.persistentId,
      client_sent_at: new Date(stamp.at).toISOString(),
      timezone,
      stytch_user_id: stamp.stytch_user_id,
      stytch_session_id: stamp.stytch_session_id,
      app: { identifier: this.env.location.hostname },
      sdk: { identifier: SDK_NAME, version: SDK_VERSION },
    };
  }

  private async send<T>(req: SDKRequest): Promise<T> {
    const auth = basicAuth(this.publicToken, this.identity.sessionToken());
    const [url, init] = buildRequest(this.baseUrl, req, auth, this.env.location.origin, this.telemetry());
    let response: Response;
    try {
      response = await this.env.fetch(url, init);
    } catch (e) {
      if (e instanceof TypeError) await this.explainFailure();
      processFetchFailure(e);
    }
    return processResponse<T>(response);
  }

  private originCheck: Promise<StytchAPIError | undefined> | undefined;

  /**
   * A call that fails before any answer is, during development, nearly always a page whose
   * origin the project has not authorized: the browser hides the reason. With a test token the
   * provider answers a simple GET readable from any origin that says so; that error (naming
   * the origin and the setting that allows it) is logged once and thrown instead.
   */
  private async explainFailure(): Promise<void> {
    if (!this.publicToken.startsWith('public-token-test-')) return;
    this.originCheck ??= (async () => {
      const url = `${this.baseUrl.replace(/\/+$/, '')}/sdk/v1/projects/origin_check/${encodeURIComponent(this.publicToken)}`;
      try {
        await processResponse(await this.env.fetch(url, { method: 'GET', credentials: 'omit' }));
      } catch (e) {
        if (e instanceof StytchAPIError && e.error_type === 'origin_not_authorized') {
          this.env.console.error(e.error_message);
          return e;
        }
      }
      return undefined;
    })();
    const error = await this.originCheck;
    if (error) throw error;
  }

  /** Sends one call; on 'Captcha required' retries once with a captcha token and telemetry id. */
  async call<T>(req: SDKRequest): Promise<T> {
    try {
      return await this.send<T>(req);
    } catch (e) {
      if (!(e instanceof CaptchaRequiredError) || !this.onCaptchaRequired) throw e;
      const extra = await this.onCaptchaRequired();
      return this.send<T>({ ...req, body: { ...(req.body ?? {}), ...extra } });
    }
  }
}
