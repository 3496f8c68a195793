import nodemailer from 'nodemailer';
import type { Queryable } from '../db/index.ts';
import { newId } from './ids.ts';

export interface Message {
  to: string;
  channel: 'email' | 'sms' | 'whatsapp';
  subject: string;
  text: string;
  code?: string;
  link?: string;
}

export interface OutboxEntry {
  id: string;
  to: string;
  channel: string;
  subject: string;
  text: string;
  code: string | null;
  link: string | null;
  created_at: string;
}

/** Sends messages: always recorded in the outbox table (inside the caller's transaction), and by SMTP when configured. */
export class Delivery {
  private readonly mailer;

  constructor(
    private readonly options: { outbox: boolean; smtpUrl?: string; from: string },
    private readonly now: () => Date,
  ) {
    this.mailer = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  }

  /** Queues `m`; the outbox row commits with the operation that produced it. */
  async send(tx: Queryable, m: Message): Promise<void> {
    if (this.options.outbox || !this.mailer) {
      await tx.query(
        'INSERT INTO outbox (id, recipient, channel, subject, body, code, link, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
        [newId('message', 'test'), m.to, m.channel, m.subject, m.text, m.code ?? null, m.link ?? null, this.now()],
      );
    }
    if (this.mailer && m.channel === 'email') {
      // Sent after the response path; a mail server outage must not fail the sign-in call.
      this.mailer.sendMail({ from: this.options.from, to: m.to, subject: m.subject, text: m.text }).catch((e: unknown) => {
        console.error('provider: SMTP delivery failed', e);
      });
    }
  }

  /** Newest first, optionally for one address or number. */
  async list(db: Queryable, to?: string, limit = 50): Promise<OutboxEntry[]> {
    const { rows } = await db.query<OutboxEntry & { created_at: Date }>(
      `SELECT id, recipient AS "to", channel, subject, body AS text, code, link, created_at FROM outbox
       WHERE ($1::text IS NULL OR recipient = $1) ORDER BY seq DESC LIMIT $2`,
      [to ?? null, limit],
    );
    return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
  }
}
