import type { OutboundFetch } from '../outbound.ts';
import { defaultFetch, request, statusFailure } from './http.ts';
import { retryAfterMs } from './retry.ts';
import { DeliveryFailure, type OutgoingMessage, type Transport } from './types.ts';

export interface WhatsAppCloudOptions {
  token: string;
  phoneId: string;
  apiVersion: string;
  baseUrl: string;
  /** An approved authentication template (body {{1}} = the code, copy-code button). Free text without one. */
  template?: string;
  /** Languages the template is approved in; a message in another locale uses the first. */
  templateLanguages: string[];
  /** The provider's outbound fetch (its address policy, deadline and cap). */
  fetch?: OutboundFetch;
}

// Graph API error codes (WhatsApp Cloud API error reference).
const RATE_LIMITED = new Set([4, 80007, 130429, 131056]);
const TEMPORARY = new Set([1, 2, 131000, 131016]);
const INVALID_RECIPIENT = new Set([131026, 131030]);

/** Meta's language codes use an underscore: pt_BR, zh_CN. */
export function whatsappLanguage(locale: string): string {
  return locale.replace('-', '_');
}

/**
 * Meta's WhatsApp Cloud API: POST /{version}/{phone-number-id}/messages with a bearer token.
 * Passcodes go out as an authentication template when one is configured (required outside a
 * 24-hour conversation), otherwise as a text message.
 */
export class WhatsAppCloudTransport implements Transport {
  readonly name = 'whatsapp_cloud';

  constructor(private readonly options: WhatsAppCloudOptions) {}

  async send(m: OutgoingMessage, signal: AbortSignal): Promise<{ id: string }> {
    const o = this.options;
    const to = m.to.replace(/^\+/, '');
    let payload: Record<string, unknown>;
    if (o.template && m.code) {
      const wanted = whatsappLanguage(m.locale);
      const language = o.templateLanguages.includes(wanted) ? wanted : (o.templateLanguages[0] ?? 'en');
      payload = {
        messaging_product: 'whatsapp',
        to,
        type: 'template',
        template: {
          name: o.template,
          language: { code: language },
          components: [
            { type: 'body', parameters: [{ type: 'text', text: m.code }] },
            { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: m.code }] },
          ],
        },
      };
    } else {
      payload = { messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'text', text: { preview_url: false, body: m.text } };
    }
    const answer = await request(
      o.fetch ?? defaultFetch,
      `${o.baseUrl.replace(/\/$/, '')}/${o.apiVersion}/${encodeURIComponent(o.phoneId)}/messages`,
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${o.token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(payload),
      },
      signal,
      'whatsapp_cloud',
    );
    const body = (answer.body ?? {}) as { messages?: Array<{ id?: unknown }>; error?: { code?: unknown; message?: unknown; error_data?: { details?: unknown } } };
    const id = body.messages?.[0]?.id;
    if (answer.status >= 200 && answer.status < 300 && typeof id === 'string') return { id };
    const err = body.error ?? {};
    const code = typeof err.code === 'number' ? err.code : undefined;
    const words = [err.message, err.error_data?.details].filter((x) => typeof x === 'string').join(' — ') || JSON.stringify(answer.body);
    const detail = `whatsapp_cloud: HTTP ${answer.status}${code !== undefined ? ` error ${code}` : ''}: ${words}`;
    if (code !== undefined && INVALID_RECIPIENT.has(code)) throw new DeliveryFailure('invalid_recipient', detail);
    if (code !== undefined && (RATE_LIMITED.has(code) || TEMPORARY.has(code))) {
      throw new DeliveryFailure('unavailable', detail, retryAfterMs(answer.headers.get('retry-after')));
    }
    throw statusFailure('whatsapp_cloud', answer, detail.replace(/^whatsapp_cloud: HTTP \d+ ?/, ''));
  }
}
