/** A message ready for a transport: rendered, addressed, with the code kept apart for templates. */
export interface OutgoingMessage {
  to: string;
  channel: 'email' | 'sms' | 'whatsapp';
  subject: string;
  text: string;
  html?: string;
  /** Extra mail headers (List-Unsubscribe). */
  headers?: Record<string, string>;
  /** The passcode, for channels whose templates carry it as a parameter (WhatsApp). */
  code?: string;
  /** The resolved locale of the message (a key of the template catalog). */
  locale: string;
  /**
   * The message's own id (its outbox row), the same on every attempt: SMTP sends it as the
   * Message-ID, so a relay or mailbox can tell a retry from a new message.
   */
  id?: string;
}

/** One transport: SMTP, Twilio or WhatsApp Cloud. `send` makes one attempt; retries are the caller's. */
export interface Transport {
  readonly name: 'smtp' | 'twilio' | 'whatsapp_cloud';
  /** Resolves with the service's message id, or throws a DeliveryFailure. */
  send(message: OutgoingMessage, signal: AbortSignal): Promise<{ id: string }>;
  close?(): void;
}

/**
 * Why a send failed, in terms the provider can answer with:
 * - `invalid_recipient`: the service says the address or number cannot receive messages;
 * - `unsubscribed`: the recipient opted out (texted STOP);
 * - `rejected`: the service refused the request (credentials, sender, content): retrying will not help;
 * - `unavailable`: the service is down, overloaded or unreachable: worth another attempt;
 * - `unconfirmed`: the service had the whole message but its answer never came: it may well
 *   deliver it, so it is never sent again (a retry could deliver it twice).
 */
export type FailureKind = 'invalid_recipient' | 'unsubscribed' | 'rejected' | 'unavailable' | 'unconfirmed';

export class DeliveryFailure extends Error {
  override name = 'DeliveryFailure';
  constructor(
    readonly kind: FailureKind,
    /** The service's own words (code and message), recorded with the message, never shown to users. */
    readonly detail: string,
    /** Milliseconds the service asked us to wait (Retry-After), when it said. */
    readonly retryAfterMs?: number,
  ) {
    super(detail);
  }

  get retryable(): boolean {
    return this.kind === 'unavailable';
  }
}
