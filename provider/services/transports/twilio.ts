import type { OutboundFetch } from '../outbound.ts';
import { defaultFetch, request, statusFailure } from './http.ts';
import { retryAfterMs } from './retry.ts';
import { DeliveryFailure, type OutgoingMessage, type Transport } from './types.ts';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** A sender number (E.164) ... */
  from?: string;
  /** ... or a Messaging Service SID (MG…), which picks the sender itself. */
  messagingServiceSid?: string;
  baseUrl: string;
  /** The provider's outbound fetch (its address policy, deadline and cap). */
  fetch?: OutboundFetch;
}

// Twilio error codes (https://www.twilio.com/docs/api/errors) that say something about the recipient.
const INVALID_RECIPIENT = new Set([21211, 21214, 21401, 21407, 21421, 21614, 63003, 63024]);
const UNSUBSCRIBED = new Set([21610]);
const RATE_LIMITED = new Set([20429, 14107]);

/**
 * Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, Basic
 * auth). SMS go to the number; WhatsApp messages go to `whatsapp:<number>` from
 * `whatsapp:<sender>`, with an approved Content template when one is configured (WhatsApp
 * refuses free text outside a 24-hour conversation).
 */
export class TwilioTransport implements Transport {
  readonly name = 'twilio';

  constructor(
    private readonly options: TwilioOptions,
    private readonly whatsapp?: { contentSid?: string },
  ) {}

  async send(m: OutgoingMessage, signal: AbortSignal): Promise<{ id: string }> {
    const o = this.options;
    const form = new URLSearchParams();
    const wa = m.channel === 'whatsapp';
    form.set('To', wa ? `whatsapp:${m.to}` : m.to);
    if (o.messagingServiceSid) form.set('MessagingServiceSid', o.messagingServiceSid);
    else form.set('From', wa ? `whatsapp:${o.from}` : o.from!);
    if (wa && this.whatsapp?.contentSid && m.code) {
      form.set('ContentSid', this.whatsapp.contentSid);
      form.set('ContentVariables', JSON.stringify({ 1: m.code }));
    } else {
      form.set('Body', m.text);
    }
    const answer = await request(
      o.fetch ?? defaultFetch,
      `${o.baseUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(o.accountSid)}/Messages.json`,
      {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${o.accountSid}:${o.authToken}`).toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: form.toString(),
      },
      signal,
      'twilio',
    );
    const body = (answer.body ?? {}) as { sid?: unknown; code?: unknown; message?: unknown };
    if (answer.status >= 200 && answer.status < 300 && typeof body.sid === 'string') return { id: body.sid };
    const code = typeof body.code === 'number' ? body.code : undefined;
    const detail = `twilio: HTTP ${answer.status}${code ? ` error ${code}` : ''}: ${typeof body.message === 'string' ? body.message : JSON.stringify(answer.body)}`;
    if (code !== undefined && INVALID_RECIPIENT.has(code)) throw new DeliveryFailure('invalid_recipient', detail);
    if (code !== undefined && UNSUBSCRIBED.has(code)) throw new DeliveryFailure('unsubscribed', detail);
    if (code !== undefined && RATE_LIMITED.has(code)) throw new DeliveryFailure('unavailable', detail, retryAfterMs(answer.headers.get('retry-after')));
    throw statusFailure('twilio', answer, detail.replace(/^twilio: HTTP \d+ ?/, ''));
  }
}
