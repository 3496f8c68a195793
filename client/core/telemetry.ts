import type { ClientEnv, TimerHandle } from './env.ts';
import type { TelemetryContext } from './request.ts';
import type { TelemetryStamp } from './transport.ts';

export const TELEMETRY_BATCH_SIZE = 15;
export const TELEMETRY_FLUSH_MS = 800;

/** One logged client event (PROTOCOL.md, Telemetry). */
export interface ClientEvent {
  event_name: string;
  details?: unknown;
  error_code?: string;
  error_description?: string;
  http_status_code?: number;
}

/**
 * Batches events and posts them to `/sdk/v1/events` without Authorization; failures are ignored.
 * An event is stamped when logged and its X-SDK-Client completed when sent: the widget logs its
 * first event before its first paint, and the id's random bytes and the time zone cost more
 * there than in the batch 800 ms later (bench/RESULTS.md).
 */
export class Telemetry {
  private queue: { stamp: TelemetryStamp; event: ClientEvent & { public_token: string } }[] = [];
  private timer: TimerHandle | undefined;
  /** Stops listening for the page going hidden; set once something is queued. */
  private offHidden: (() => void) | undefined;

  constructor(
    private readonly env: ClientEnv,
    private readonly publicToken: string,
    private readonly url: () => string,
    private readonly stamp: () => TelemetryStamp,
    private readonly context: (s: TelemetryStamp) => TelemetryContext,
  ) {}

  /** Queues an event; a full batch is sent at once, otherwise within 800 ms, or as the page goes hidden. */
  log(event: ClientEvent): void {
    // Listened for from the first event, not as the client is created: nothing to send before it.
    this.offHidden ??= this.env.onHidden(() => this.flush());
    this.queue.push({ stamp: this.stamp(), event: { public_token: this.publicToken, ...event } });
    if (this.queue.length >= TELEMETRY_BATCH_SIZE) this.flush();
    else if (this.timer === undefined) this.timer = this.env.timers.setTimeout(() => this.flush(), TELEMETRY_FLUSH_MS);
  }

  /** Sends everything queued, in batches of at most 15. */
  flush(): void {
    if (this.timer !== undefined) this.env.timers.clearTimeout(this.timer);
    this.timer = undefined;
    while (this.queue.length) {
      const batch = this.queue.splice(0, TELEMETRY_BATCH_SIZE).map(({ stamp, event }) => ({ telemetry: this.context(stamp), event }));
      try {
        void this.env
          .fetch(`${this.url().replace(/\/+$/, '')}/sdk/v1/events`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(batch),
            keepalive: true,
          })
          // Read to the end: a response nobody reads keeps its request open in the browser
          // (the page never reaches network idle, and the connection is held).
          .then((r) => r.arrayBuffer())
          .catch(() => undefined);
      } catch {
        /* telemetry never breaks the caller */
      }
    }
  }

  /** Flushes what is left and drops the timer and the page-hidden listener. */
  dispose(): void {
    this.flush();
    this.offHidden?.();
    // An event logged after this is not worth a new listener.
    this.offHidden = () => undefined;
  }
}
