import { Readable } from 'node:stream';
import type { Transporter } from 'nodemailer';
import type MailComposer from 'nodemailer/lib/mail-composer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { DeliveryFailure, type OutgoingMessage, type Transport } from './types.ts';

export interface SmtpOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465 (TLS from the start). */
  url: string;
  /** The From header: `Name <address>`. */
  from: string;
  /** PEM of a CA to trust besides the system's (a private relay's own certificate). */
  ca?: string;
  timeoutMs: number;
}

// Connection-level failures: the server may answer next time.
const TRANSIENT_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETLS']);

/** Sorts a nodemailer error: 4xx replies and lost connections are retried, 5xx replies are final. */
export function smtpFailure(e: unknown): DeliveryFailure {
  const err = e as { code?: string; responseCode?: number; command?: string; response?: string; message?: string };
  const detail = `smtp: ${err.code ?? 'error'}${err.responseCode ? ` ${err.responseCode}` : ''}${err.command ? ` after ${err.command}` : ''}: ${err.response ?? err.message ?? String(e)}`;
  if (err.responseCode && err.responseCode >= 400 && err.responseCode < 500) return new DeliveryFailure('unavailable', detail);
  if (err.responseCode && err.responseCode >= 500) {
    return new DeliveryFailure(err.command === 'RCPT TO' ? 'invalid_recipient' : 'rejected', detail);
  }
  if (err.code && TRANSIENT_CODES.has(err.code)) return new DeliveryFailure('unavailable', detail);
  return new DeliveryFailure('rejected', detail);
}

/** The Message-ID of message `id`: the same on every attempt, in the sender's domain. */
export function messageIdFor(id: string, from: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${id}@${domain}>`;
}

/**
 * Email by SMTP through nodemailer; one connection per message, so a dropped one costs one
 * attempt. The message is composed first and streamed to the relay, so a failure is known to
 * have come before or after the relay had all of it: before, the relay cannot have accepted it
 * (it only takes a message at its final line) and it is retried; after, an answer that does not
 * come in time leaves it `unconfirmed`, and it is not sent again, so a late answer never turns
 * into a second delivery.
 */
export class SmtpTransport implements Transport {
  readonly name = 'smtp';
  /** nodemailer, loaded with the first message: a provider process that sends none never loads it. */
  private mailer: Promise<{ transport: Transporter<SMTPTransport.SentMessageInfo>; Composer: typeof MailComposer }> | undefined;

  constructor(private readonly options: SmtpOptions) {}

  private nodemailer() {
    const { options } = this;
    const settings: SMTPTransport.Options & { url: string } = {
      url: options.url,
      connectionTimeout: options.timeoutMs,
      greetingTimeout: options.timeoutMs,
      socketTimeout: options.timeoutMs,
      ...(options.ca ? { tls: { ca: options.ca } } : {}),
    };
    return (this.mailer ??= Promise.all([import('nodemailer'), import('nodemailer/lib/mail-composer')]).then(([nodemailer, composer]) => ({
      transport: nodemailer.default.createTransport(settings),
      Composer: composer.default,
    })));
  }

  async send(m: OutgoingMessage, signal: AbortSignal): Promise<{ id: string }> {
    const messageId = m.id ? messageIdFor(m.id, this.options.from) : undefined;
    const { transport, Composer } = await this.nodemailer();
    const raw = await new Composer({
      from: this.options.from,
      to: m.to,
      subject: m.subject,
      text: m.text,
      ...(m.html ? { html: m.html } : {}),
      ...(m.headers ? { headers: m.headers } : {}),
      ...(messageId ? { messageId } : {}),
    })
      .compile()
      .build();
    let handedOver = false;
    const body = Readable.from([raw]);
    body.once('end', () => (handedOver = true));
    const sending = transport.sendMail({ from: this.options.from, to: m.to, raw: body });
    const aborted = new Promise<never>((_, reject) => {
      const stop = () => reject(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' }));
      if (signal.aborted) stop();
      else signal.addEventListener('abort', stop, { once: true });
    });
    try {
      const info = await Promise.race([sending, aborted]);
      if (info.rejected.length > 0) {
        throw new DeliveryFailure('invalid_recipient', `smtp: recipient refused: ${info.response}`);
      }
      return { id: messageId ?? info.messageId };
    } catch (e) {
      if (e instanceof DeliveryFailure) throw e;
      const failure = smtpFailure(e);
      // No answer after the whole message went out: the relay may have it (not a refusal, which has a reply code).
      if (handedOver && failure.kind === 'unavailable' && !(e as { responseCode?: number }).responseCode) {
        throw new DeliveryFailure('unconfirmed', `${failure.detail} (after the whole message was sent)`);
      }
      throw failure;
    } finally {
      sending.catch(() => undefined);
    }
  }

  close(): void {
    void this.mailer?.then(({ transport }) => transport.close());
  }
}
