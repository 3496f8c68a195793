import type { Message, OutboxEntry } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { newId } from './ids.ts';
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
}

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
 * Sends messages. Each is recorded in the outbox table inside the caller's transaction, then
 * handed to its channel's transport after the commit (`dispatch`), with retries; a channel
 * without a transport only reaches the outbox (development).
 */
export class Delivery {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly options: DeliveryOptions,
    private readonly now: () => Date,
    private readonly transports: Transports = {},
    private readonly sleep: Sleep = realSleep,
  ) {}

  /** Records `m`; the row commits with the operation that produced it. Hand the result to `dispatch` after commit. */
  async send(tx: Queryable, m: Message): Promise<Queued> {
    const transport = this.transports[m.channel];
    const id = newId('message', 'test');
    // Every message gets a row for its status; its content (codes, links) only when the outbox is kept.
    const keep = this.options.outbox || !transport;
    await tx.query(
      `INSERT INTO outbox (id, recipient, channel, subject, body, code, link, created_at, status, transport)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [id, m.to, m.channel, keep ? m.subject : '', keep ? m.text : '', keep ? (m.code ?? null) : null, keep ? (m.link ?? null) : null, this.now(), transport ? 'queued' : 'sent', transport?.name ?? 'outbox'],
    );
    const { link: _link, ...message } = m;
    return { id, transport, message: { ...message, locale: m.locale ?? 'en' } };
  }

  /**
   * Sends a recorded message through its transport, retrying what may succeed later. When it
   * fails for good the caller gets an ApiError the widget can show; with `quiet` the failure is
   * only recorded (flows whose answer must not depend on whether the address exists).
   */
  async dispatch(db: Queryable, queued: Queued | undefined, options: { quiet?: boolean } = {}): Promise<void> {
    if (!queued?.transport) return;
    let sent;
    try {
      sent = await sendWithRetries(queued.transport, queued.message, this.options.retry, this.sleep);
    } catch (e) {
      const failure = e instanceof DeliveryFailure ? e : new DeliveryFailure('unavailable', String(e));
      const attempts = (e as { attempts?: number }).attempts ?? 1;
      await db.query("UPDATE outbox SET status = 'failed', error = $2, attempts = $3, updated_at = $4 WHERE id = $1", [queued.id, failure.detail, attempts, this.now()]);
      console.error(`provider: ${queued.message.channel} delivery failed: ${failure.detail}`);
      if (!options.quiet) throw userError(queued.message.channel, failure);
      return;
    }
    await db.query("UPDATE outbox SET status = 'sent', transport_message_id = $2, attempts = $3, updated_at = $4 WHERE id = $1", [queued.id, sent.id, sent.attempts, this.now()]);
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

  /** Waits for the messages `dispatchLater` is still sending (shutdown, before the database closes). */
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
    `SELECT id, recipient AS "to", channel, transport, error, attempts, created_at FROM outbox
     WHERE status = 'failed' AND ($2::text IS NULL OR channel = $2) ORDER BY seq DESC LIMIT $1`,
    [limit, channel ?? null],
  );
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}
