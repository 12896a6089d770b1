// Meta's WhatsApp Cloud API (issue 56): one call sends a message,
// POST {WHATSAPP_API_URL}/{WHATSAPP_PHONE_NUMBER_ID}/messages with the system user's token.
// Requests as Meta documents them (developers.facebook.com/docs/whatsapp/cloud-api/reference/messages):
// a template by name, language 'es' and its body parameters in order; free text only to answer a
// family inside the 24-hour window. Each carries our outbox id as `biz_opaque_callback_data`, which
// Meta returns in every status notification: a message whose send was cut off is known by it.
import type { WhatsAppConfig } from '../config.ts';
import type { OutboxMessage } from '../../src/core/messaging/whatsapp.ts';
import { TEMPLATE_LANGUAGE } from '../../src/domain/whatsapp.ts';

/** Meta refused the message, with its error code (null: no answer we could read). */
export class MetaError extends Error {
  readonly code: number | null;
  readonly httpStatus: number;
  constructor(message: string, code: number | null, httpStatus: number) {
    super(message);
    this.name = 'MetaError';
    this.code = code;
    this.httpStatus = httpStatus;
  }
}

export interface WhatsAppTransport {
  /** Meta's id of the accepted message; rejects with MetaError, or a network error. */
  send(message: OutboxMessage): Promise<{ wamid: string }>;
}

/** The body of the request for one outbox message. */
export function messageRequest(message: Pick<OutboxMessage, '_id' | 'to' | 'template' | 'text'>) {
  const common = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to,
    biz_opaque_callback_data: message._id,
  };
  if (message.template)
    return {
      ...common,
      type: 'template',
      template: {
        name: message.template.name,
        language: { code: TEMPLATE_LANGUAGE },
        components: [
          {
            type: 'body',
            parameters: message.template.parameters.map((text) => ({ type: 'text', text })),
          },
        ],
      },
    };
  return { ...common, type: 'text', text: { preview_url: false, body: message.text ?? '' } };
}

/** How long one call may take: a slow Meta is retried later, never waited on for long. */
const CALL_TIMEOUT_MS = 15_000;

export function cloudApiTransport(config: WhatsAppConfig): WhatsAppTransport {
  const url = `${config.apiUrl}/${config.phoneNumberId}/messages`;
  return {
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(messageRequest(message)),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      const answer = (await response.json().catch(() => null)) as {
        messages?: Array<{ id?: string }>;
        error?: { code?: number; message?: string };
      } | null;
      const wamid = answer?.messages?.[0]?.id;
      if (response.ok && wamid) return { wamid };
      throw new MetaError(
        answer?.error?.message ?? `HTTP ${response.status}`,
        answer?.error?.code ?? null,
        response.status,
      );
    },
  };
}
