import { readFileSync } from 'node:fs';
import type { ProjectConfig } from '../../config.ts';
import { SmtpTransport } from './smtp.ts';
import { TwilioTransport } from './twilio.ts';
import type { Transport } from './types.ts';
import type { OutboundFetch } from '../outbound.ts';
import { WhatsAppCloudTransport } from './whatsapp-cloud.ts';

export type { Channel } from '../../context.ts';
import type { Channel } from '../../context.ts';
export type Transports = Partial<Record<Channel, Transport>>;

/** The From header: the configured sender, named after the project unless it names itself. */
export function fromHeader(config: ProjectConfig): string {
  const from = config.delivery.from;
  if (from.includes('<')) return from;
  return `"${config.name.replace(/["\\\r\n]/g, '')}" <${from}>`;
}

/** One transport per channel from the project's delivery settings; a channel without one only reaches the outbox. */
export function transportsFor(config: ProjectConfig, fetch: OutboundFetch): Transports {
  const d = config.delivery;
  const out: Transports = {};
  if (d.smtpUrl) {
    out.email = new SmtpTransport({
      url: d.smtpUrl,
      from: fromHeader(config),
      ca: d.smtpCaFile ? readFileSync(d.smtpCaFile, 'utf8') : undefined,
      timeoutMs: d.retry.timeoutMs,
    });
  }
  if (d.twilio) {
    const t = d.twilio;
    out.sms = new TwilioTransport({ accountSid: t.accountSid, authToken: t.authToken, from: t.from, messagingServiceSid: t.messagingServiceSid, baseUrl: t.baseUrl, fetch });
    if (t.whatsappFrom) {
      // A Messaging Service SID as the WhatsApp sender picks the WhatsApp sender itself.
      const viaService = /^MG/.test(t.whatsappFrom);
      out.whatsapp = new TwilioTransport(
        { accountSid: t.accountSid, authToken: t.authToken, baseUrl: t.baseUrl, fetch, ...(viaService ? { messagingServiceSid: t.whatsappFrom } : { from: t.whatsappFrom }) },
        { contentSid: t.whatsappContentSid },
      );
    }
  }
  if (d.whatsappCloud) out.whatsapp = new WhatsAppCloudTransport({ ...d.whatsappCloud, fetch });
  return out;
}
