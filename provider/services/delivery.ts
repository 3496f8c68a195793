import type { Message, OutboxEntry } from '../context.ts';
import type { Database, Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { newId } from './ids.ts';
import { withTx } from './tx.ts';
import { realSleep, sendWithRetries, type RetryPolicy, type Sleep } from './transports/retry.ts';
import type { Channel, Transports } from './transports/index.ts';
import { DeliveryFailure, type OutgoingMessage, type Transport } from './transports/types.ts';

// The shapes the context names (routes and services see delivery through it).
export type { DeliveryStatus, Message, OutboxEntry } from '../context.ts';

/** A failed message as the admin CLI lists it (no content: the outbox may be off). */
export interface FailedMessage {
  id: string;
  to: string;
  channel: string;
  /** `failed` (refused or undeliverable), `unconfirmed` (the service's answer never came) or `expired` (its code ran out before a send). */
  status: 'failed' | 'unconfirmed' | 'expired';
  transport: string;
  error: string | null;
  attempts: number;
  created_at: string;
}

/** A message recorded inside an operation's transaction, waiting to be handed to its transport after commit. */
export interface Queued {
  id: string;
  message: OutgoingMessage;
  transport: Transport | undefined;
}

export interface DeliveryOptions {
  /** Keep every message's content in the outbox table (development, or an operator's choice). */
  outbox: boolean;
  retry: RetryPolicy;
  /**
   * A message still `queued` this long after its commit has lost the request that committed it
   * (its process died between commit and dispatch): any process's queue sweep sends it.
   */
  queuedGraceMs?: number;
}

/** A claimed row: what the sender needs to send it and record the outcome under its lease. */
interface Claimed {
  id: string;
  lease: string;
  payload: OutgoingMessage | null;
  channel: Channel;
  expires_at: Date | null;
}

const DEFAULT_GRACE_MS = 30_000;

/** The words a user sees when a message could not be sent; the service's own reason stays in the record. */
function userError(channel: Channel, failure: DeliveryFailure): ApiError {
  const what = channel === 'email' ? 'email' : channel === 'sms' ? 'text message' : 'WhatsApp message';
  if (failure.kind === 'invalid_recipient') {
    return channel === 'email'
      ? new ApiError(400, 'inactive_email', 'The mail server refused this email address. Please try another email address.')
      : new ApiError(400, 'invalid_phone_number', `This phone number cannot receive a ${what}. Check the number or use another method.`);
  }
  if (failure.kind === 'unsubscribed') {
    return new ApiError(400, 'unsubscribed_phone_number', "Phone number is unsubscribed. User has unsubscribed. Resubscribe by texting 'START' before messages can be sent.");
  }
  return new ApiError(502, 'downstream_carrier_error', `We could not send the ${what}. Please try again in a moment or use another method.`);
}

/**
 * Sends messages. Each is recorded in the outbox table inside the caller's transaction, with
 * what to send, then handed to its channel's transport after the commit (`dispatch`), with
 * retries; a channel without a transport only reaches the outbox (development). A message the
 * request could not hand over (its process died after the commit, or a process died while
 * sending it) is sent by any process's queue sweep (`sendQueued`). Whoever sends a message
 * first claims it under a lease, so each attempt is made by one process only; the content is
 * cleared once the message is settled, unless the outbox is kept.
 */
export class Delivery {
  private readonly inFlight = new Set<Promise<void>>();
  /** Messages `queueLater` is still recording (a part of `inFlight`). */
  private readonly recording = new Set<Promise<unknown>>();

  constructor(
    private readonly options: DeliveryOptions,
    private readonly now: () => Date,
    private readonly transports: Transports = {},
    private readonly sleep: Sleep = realSleep,
  ) {}

  /** How long a claim holds: every attempt's timeout and the waits between them, and a margin. */
  private get leaseMs(): number {
    const r = this.options.retry;
    return r.attempts * r.timeoutMs + (r.attempts - 1) * r.maxDelayMs + 5_000;
  }

  /** Records `m`; the row commits with the operation that produced it. Hand the result to `dispatch` after commit. */
  async send(tx: Queryable, m: Message): Promise<Queued> {
    const transport = this.transports[m.channel];
    const id = newId('message', 'test');
    // Every message gets a row for its status; its content (codes, links) only when the outbox is kept.
    const keep = this.options.outbox || !transport;
    const { link: _link, validMinutes, ...rest } = m;
    const message: OutgoingMessage = { ...rest, locale: m.locale ?? 'en', id };
    const now = this.now();
    const expires = validMinutes === undefined ? null : new Date(now.getTime() + validMinutes * 60_000);
    await tx.query(
      `INSERT INTO outbox (id, recipient, channel, subject, body, code, link, created_at, status, transport, payload, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        id,
        m.to,
        m.channel,
        keep ? m.subject : '',
        keep ? m.text : '',
        keep ? (m.code ?? null) : null,
        keep ? (m.link ?? null) : null,
        now,
        transport ? 'queued' : 'sent',
        transport?.name ?? 'outbox',
        transport ? JSON.stringify(message) : null,
        expires,
      ],
    );
    return { id, transport, message };
  }

  /**
   * Sends a recorded message through its transport, retrying what may succeed later. When it
   * fails for good the caller gets an ApiError the widget can show; with `quiet` the failure is
   * only recorded (flows whose answer must not depend on whether the address exists). An
   * `unconfirmed` send (the relay had it all, its answer came too late) is not an error: the
   * message is most likely on its way, and telling the user it failed would only bring a second one.
   */
  async dispatch(db: Queryable, queued: Queued | undefined, options: { quiet?: boolean } = {}): Promise<void> {
    if (!queued?.transport) return;
    const lease = newId('lease', 'test');
    const { rows } = await db.query<{ id: string }>("UPDATE outbox SET status = 'sending', lease_id = $2, lease_until = $3, updated_at = $4 WHERE id = $1 AND status = 'queued' RETURNING id", [
      queued.id,
      lease,
      new Date(this.now().getTime() + this.leaseMs),
      this.now(),
    ]);
    // Another process's sweep has it already: it is on its way, under that process's claim.
    if (rows.length === 0) return;
    const failure = await this.attempt(db, { id: queued.id, lease, payload: queued.message, channel: queued.message.channel, expires_at: null }, queued.transport);
    if (failure && !options.quiet) throw userError(queued.message.channel, failure);
  }

  /**
   * One claimed message through `transport`: records `sent`, `failed` or `unconfirmed` (only
   * while the claim is still this one's) and returns the failure that ends it, if any.
   */
  private async attempt(db: Queryable, claimed: Claimed, transport: Transport): Promise<DeliveryFailure | undefined> {
    const settle = (status: string, values: { error?: string; transportId?: string; attempts: number }) =>
      db.query(
        `UPDATE outbox SET status = $3, error = $4, transport_message_id = $5, attempts = attempts + $6, updated_at = $7, lease_id = NULL, lease_until = NULL,
           payload = NULL
         WHERE id = $1 AND lease_id = $2`,
        [claimed.id, claimed.lease, status, values.error ?? null, values.transportId ?? null, values.attempts, this.now()],
      );
    if (!claimed.payload) {
      await settle('failed', { error: 'nothing to send: the message was recorded before the queue kept it', attempts: 0 });
      return undefined;
    }
    let sent;
    try {
      sent = await sendWithRetries(transport, claimed.payload, this.options.retry, this.sleep);
    } catch (e) {
      const failure = e instanceof DeliveryFailure ? e : new DeliveryFailure('unavailable', String(e));
      const attempts = (e as { attempts?: number }).attempts ?? 1;
      const unconfirmed = failure.kind === 'unconfirmed';
      await settle(unconfirmed ? 'unconfirmed' : 'failed', { error: failure.detail, attempts });
      console.error(`provider: ${claimed.channel} delivery ${unconfirmed ? 'unconfirmed' : 'failed'}: ${failure.detail}`);
      return unconfirmed ? undefined : failure;
    }
    await settle('sent', { transportId: sent.id, attempts: sent.attempts });
    return undefined;
  }

  /**
   * The queue sweep: claims up to `limit` messages that no request is sending (`queued` past
   * the grace, or `sending` whose claim ran out because its process died) with
   * `FOR UPDATE SKIP LOCKED`, so processes sweeping together never take the same one, and sends
   * them. A message whose code or link has expired is marked `expired` and not sent. Returns
   * how many it settled.
   */
  async sendQueued(db: Queryable, limit = 20): Promise<number> {
    const now = this.now();
    const lease = newId('lease', 'test');
    const { rows } = await db.query<Claimed & { payload: OutgoingMessage | string | null }>(
      `UPDATE outbox SET status = 'sending', lease_id = $3, lease_until = $4, updated_at = $1
       WHERE id IN (
         SELECT id FROM outbox
         WHERE (status = 'queued' AND created_at <= $2) OR (status = 'sending' AND lease_until <= $1)
         ORDER BY seq LIMIT $5 FOR UPDATE SKIP LOCKED)
       RETURNING id, lease_id AS lease, payload, channel, expires_at`,
      [now, new Date(now.getTime() - (this.options.queuedGraceMs ?? DEFAULT_GRACE_MS)), lease, new Date(now.getTime() + this.leaseMs), limit],
    );
    await Promise.all(
      rows.map(async (row) => {
        const claimed: Claimed = { ...row, payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as OutgoingMessage) : row.payload };
        const transport = this.transports[claimed.channel];
        if (claimed.expires_at && new Date(claimed.expires_at).getTime() <= this.now().getTime()) {
          // A code that no longer works would only confuse: it is not sent late.
          await db.query(`UPDATE outbox SET status = 'expired', payload = NULL, lease_id = NULL, lease_until = NULL, updated_at = $3 WHERE id = $1 AND lease_id = $2`, [
            claimed.id,
            claimed.lease,
            this.now(),
          ]);
          return;
        }
        if (!transport) {
          await db.query(
            `UPDATE outbox SET status = 'failed', error = 'no transport is configured for this channel any more', payload = NULL, lease_id = NULL, lease_until = NULL, updated_at = $3
           WHERE id = $1 AND lease_id = $2`,
            [claimed.id, claimed.lease, this.now()],
          );
          return;
        }
        await this.attempt(db, claimed, transport);
      }),
    );
    return rows.length;
  }

  /**
   * Hands a recorded message to its transport without waiting for it: for flows whose answer
   * must not depend on whether the address exists (password-reset starts), the caller returns
   * at once, known address or not, and the relay's time never shows in the answer. A failure
   * is only recorded, as with `quiet`. `drain` waits for these before shutdown.
   */
  dispatchLater(db: Queryable, queued: Queued | undefined): void {
    if (!queued?.transport) return;
    const sending: Promise<void> = this.dispatch(db, queued, { quiet: true })
      .catch((e: unknown) => console.error(`provider: ${queued.message.channel} delivery failed: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => this.inFlight.delete(sending));
    this.inFlight.add(sending);
  }

  /**
   * Records a message in a transaction of its own (`compose` decides whether there is one)
   * and hands it on as `dispatchLater` does, all without the caller waiting: the caller answers
   * before any of it, so a flow that must not tell a known address from an unknown one (reset
   * starts) does the same database work before its answer whichever it is. The cost: a process
   * that dies just after answering may not have recorded the message. `drain` waits for it too.
   */
  queueLater(db: Database, compose: (tx: Queryable) => Promise<Queued | undefined>): void {
    const recorded = withTx(db, compose);
    const settled = recorded.catch(() => undefined).finally(() => this.recording.delete(settled));
    this.recording.add(settled);
    const all: Promise<void> = recorded
      .then((queued) => this.dispatchLater(db, queued))
      .catch((e: unknown) => console.error(`provider: a message recorded after its answer failed: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => this.inFlight.delete(all));
    this.inFlight.add(all);
  }

  /** Waits for the messages `queueLater` is still recording, not for their sending (a reader of the outbox, in tests). */
  async recorded(): Promise<void> {
    while (this.recording.size) await Promise.all([...this.recording]);
  }

  /** Waits for the messages `dispatchLater` and `queueLater` are still sending (shutdown, before the database closes). */
  async drain(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  /** Newest first, optionally for one address or number. */
  async list(db: Queryable, to?: string, limit = 50): Promise<OutboxEntry[]> {
    const { rows } = await db.query<OutboxEntry & { created_at: Date }>(
      `SELECT id, recipient AS "to", channel, subject, body AS text, code, link, created_at,
              status, transport, transport_message_id, error, attempts FROM outbox
       WHERE ($1::text IS NULL OR recipient = $1) ORDER BY seq DESC LIMIT $2`,
      [to ?? null, limit],
    );
    return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
  }

  close(): void {
    for (const t of new Set(Object.values(this.transports))) t?.close?.();
  }
}

/** The most recent failed messages, newest first (the admin CLI's `failures`). */
export async function listFailures(db: Queryable, limit = 20, channel?: string): Promise<FailedMessage[]> {
  const { rows } = await db.query<FailedMessage & { created_at: Date }>(
    `SELECT id, recipient AS "to", channel, status, transport, error, attempts, created_at FROM outbox
     WHERE status IN ('failed', 'unconfirmed', 'expired') AND ($2::text IS NULL OR channel = $2) ORDER BY seq DESC LIMIT $1`,
    [limit, channel ?? null],
  );
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}
