import { CaptchaRequiredError, StytchAPIError } from '../errors.ts';
import type { ClientEnv } from './env.ts';
import { processFetchFailure, processResponse } from './process.ts';
import { basicAuth, buildRequest, SDK_NAME, SDK_VERSION, type SDKRequest, type TelemetryContext } from './request.ts';
import { nextTask } from './timeout.ts';

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

/** Who was signed in: the X-SDK-Client fields that say so. */
export interface Who {
  stytch_user_id?: string;
  stytch_session_id?: string;
}

/**
 * What an event's X-SDK-Client must say of the moment it happened: when, and who was signed in
 * (read when it is sent, as it was then: see `Identity.who`). The rest (its id, the time zone) is
 * filled in when the event is sent.
 */
export interface TelemetryStamp {
  at: number;
  who: () => Who;
}

/** Where the session identity for headers comes from. */
export interface Identity {
  sessionToken(): string | undefined;
  /**
   * Who is signed in now, as a reading taken later: the session is read from storage on first
   * use (session/manager.ts), and a widget's first event must not be what reads it, before its
   * first paint.
   */
  who(): () => Who;
}

/** The one place every SDK call goes through: headers, the injected fetch, response processing, the captcha retry. */
export class Transport {
  private ids: { appSessionId: string; persistentId: string } | undefined;
  private base: string;
  /** Fills captcha_token and dfp_telemetry_id on the one retry after 'Captcha required'. */
  onCaptchaRequired?: () => Promise<{ captcha_token?: string; dfp_telemetry_id?: string }>;
  /**
   * Runs once, just before the base URL is first read (createCore: the stored bootstrap's custom
   * domain applies from then on). Reading it when the client is created cost the widget's first
   * paint the page's first storage read (bench/RESULTS.md).
   */
  beforeFirstUse?: () => void;

  constructor(
    readonly env: ClientEnv,
    readonly publicToken: string,
    baseUrl: string,
    private readonly identity: Identity,
  ) {
    this.base = baseUrl;
  }

  /** Where calls go: the endpoint given, the hosted provider, or a custom domain from bootstrap. */
  get baseUrl(): string {
    const first = this.beforeFirstUse;
    this.beforeFirstUse = undefined;
    first?.();
    return this.base;
  }

  set baseUrl(url: string) {
    this.base = url;
  }

  /**
   * This page load's id and the browser's persistent one, made on the first request rather than
   * with the client: the random source's and storage's first use cost a paint (bench/RESULTS.md).
   */
  private identifiers(): { appSessionId: string; persistentId: string } {
    if (this.ids) return this.ids;
    const appSessionId = `app-session-id-${uuid(this.env.random)}`;
    let pid = this.env.storage.getItem('stytch_persistent_id');
    if (!pid) this.env.storage.setItem('stytch_persistent_id', (pid = `persistent-id-${uuid(this.env.random)}`));
    return (this.ids = { appSessionId, persistentId: pid });
  }

  /**
   * Makes the page's first request ready a task at a time: where calls go (which can read the
   * stored bootstrap: the page's first storage read), the session's token (its first cookie
   * read), the ids (the random source's first use, the persistent id). Bootstrap's request did
   * all of them in one task just after a widget's first paint, 47–78 ms at 4x CPU with the send,
   * and a keystroke made then waited for all of it (bench/RESULTS.md); between tasks the browser
   * takes input first. A request does each step anyway, so a call made meanwhile loses nothing.
   */
  async prepare(): Promise<void> {
    void this.baseUrl;
    await nextTask();
    this.identity.sessionToken();
    await nextTask();
    this.identifiers();
    await nextTask();
  }

  /** The moment of an event, as its X-SDK-Client will report it. */
  stamp(): TelemetryStamp {
    return { at: this.env.timers.now(), who: this.identity.who() };
  }

  /** The X-SDK-Client fields for one request, or for a telemetry event stamped earlier. */
  telemetry(stamp: TelemetryStamp = this.stamp()): TelemetryContext {
    const timezone = hostTimeZone();
    const { appSessionId, persistentId } = this.identifiers();
    return {
      event_id: `event-id-${uuid(this.env.random)}`,
      app_session_id: appSessionId,
      persistent_id: persistentId,
      client_sent_at: new Date(stamp.at).toISOString(),
      timezone,
      ...stamp.who(),
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
