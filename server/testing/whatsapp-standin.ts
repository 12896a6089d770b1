// A local stand-in for Meta's WhatsApp Cloud API (issue 56), written from Meta's public
// documentation of the Cloud API, not from our adapter:
// - POST /{version}/{phone-number-id}/messages with `Authorization: Bearer {token}`: a template
//   message (name, language, body parameters) or a text message; answered
//   {messaging_product, contacts: [{input, wa_id}], messages: [{id: 'wamid.…'}]}, or
//   {error: {message, type, code, fbtrace_id}} (HTTP 400/401/404).
// - Template messages must name an approved template, in its approved language, with exactly its
//   number of body parameters (#132000 otherwise; #132001 for an unknown template).
// - Free text reaches a family only within 24 hours of its last message (else the status
//   notification fails with #131047, re-engagement required).
// - Throughput: beyond `ratePerSecond` messages a second, #130429 'Rate limit hit'.
// - Status notifications (sent, delivered, read; failed with its error) and families' messages come
//   to the app's webhook as Meta sends them: {object: 'whatsapp_business_account', entry: [{id,
//   changes: [{field: 'messages', value: {messaging_product, metadata, statuses | contacts +
//   messages}}]}]}, signed `X-Hub-Signature-256: sha256=HMAC-SHA256(app secret, raw body)`.
//   Statuses carry the `biz_opaque_callback_data` the message was sent with.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ApprovedTemplate {
  name: string;
  language: string;
  /** How many body parameters ({{1}}, {{2}}, …) it takes. */
  parameters: number;
}

export interface StandinOptions {
  token?: string;
  phoneNumberId?: string;
  appSecret?: string;
  templates: readonly ApprovedTemplate[];
  /** Delivers a notification to the app's webhook: its raw body and headers; answers the HTTP status. */
  deliver: (body: string, headers: Record<string, string>) => Promise<number>;
  /** Numbers that are not on WhatsApp: accepted, then failed with #131026. */
  unreachable?: readonly string[];
  /** Statuses sent after acceptance, in order (default: sent, delivered). */
  statuses?: ReadonlyArray<'sent' | 'delivered' | 'read'>;
  /** Messages a second this number may send (Meta's throughput); unlimited when absent. */
  ratePerSecond?: number;
  /** Answer time of each call, to play a slow Meta. */
  latencyMs?: number;
}

export interface StandinRequest {
  phoneNumberId: string;
  body: Record<string, unknown> & {
    to?: string;
    type?: string;
    biz_opaque_callback_data?: string;
    template?: { name?: string; language?: { code?: string }; components?: unknown[] };
    text?: { body?: string };
  };
}

export interface WhatsAppStandin {
  /** WHATSAPP_API_URL for the app: the base with its version. */
  url: string;
  token: string;
  phoneNumberId: string;
  appSecret: string;
  /** Every message request accepted, in order. */
  accepted: StandinRequest[];
  /** Every message request refused, with its error code. */
  refused: Array<StandinRequest & { code: number }>;
  /** A family writes to the school's number (a message notification to the webhook). */
  familyWrites(from: string, text: string): Promise<number>;
  /** Sends a status notification for an accepted message (e.g. 'read' later). */
  notify(wamid: string, status: 'sent' | 'delivered' | 'read'): Promise<number>;
  /** Waits until every scheduled notification went out. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const DAY_MS = 24 * 3600_000;
const WABA_ID = '102290129340398';
const DISPLAY_NUMBER = '18095550000';

/**
 * A webhook notification as Meta sends it: `value` (statuses, or contacts and messages) about the
 * number `phoneNumberId`, in its envelope; the raw JSON body.
 */
export function metaNotification(phoneNumberId: string, value: Record<string, unknown>): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: WABA_ID,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: DISPLAY_NUMBER, phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  });
}

export async function startWhatsAppStandin(options: StandinOptions): Promise<WhatsAppStandin> {
  const token = options.token ?? 'EAAG-prueba-token';
  const phoneNumberId = options.phoneNumberId ?? '106540352242922';
  const appSecret = options.appSecret ?? 'secreto-de-la-app-de-prueba';
  const accepted: StandinRequest[] = [];
  const refused: WhatsAppStandin['refused'] = [];
  const lastWrote = new Map<string, number>();
  const byWamid = new Map<string, StandinRequest>();
  const pending = new Set<Promise<unknown>>();
  let windowStart = 0;
  let inWindow = 0;

  const sign = (body: string) =>
    `sha256=${crypto.createHmac('sha256', appSecret).update(body).digest('hex')}`;
  const post = (value: Record<string, unknown>) => {
    const body = metaNotification(phoneNumberId, value);
    const sent = options.deliver(body, {
      'content-type': 'application/json',
      'x-hub-signature-256': sign(body),
    });
    pending.add(sent);
    void sent.finally(() => pending.delete(sent)).catch(() => undefined);
    return sent;
  };
  const timestamp = () => String(Math.floor(Date.now() / 1000));
  const statusOf = (
    wamid: string,
    status: string,
    request: StandinRequest,
    errors?: Array<{ code: number; title: string; message: string }>,
  ) =>
    post({
      statuses: [
        {
          id: wamid,
          status,
          timestamp: timestamp(),
          recipient_id: request.body.to,
          ...(request.body.biz_opaque_callback_data
            ? { biz_opaque_callback_data: request.body.biz_opaque_callback_data }
            : {}),
          ...(errors ? { errors } : {}),
        },
      ],
    });

  const error = (code: number, message: string, status = 400) => ({
    status,
    answer: {
      error: { message, type: 'OAuthException', code, fbtrace_id: crypto.randomBytes(8).toString('hex') },
    },
  });

  /** Meta's checks of a message request, in the order its documentation gives them. */
  function check(request: StandinRequest, authorization: string | undefined) {
    if (authorization !== `Bearer ${token}`) return error(190, 'Invalid OAuth access token.', 401);
    if (request.phoneNumberId !== phoneNumberId)
      return error(100, `Unsupported post request. Object with ID '${request.phoneNumberId}' does not exist`);
    const { body } = request;
    if (body.messaging_product !== 'whatsapp')
      return error(100, '(#100) Invalid parameter messaging_product');
    if (typeof body.to !== 'string' || !/^\d{8,15}$/.test(body.to))
      return error(100, '(#100) Invalid parameter: to');
    if (options.ratePerSecond !== undefined) {
      const now = Date.now();
      if (now - windowStart >= 1000) {
        windowStart = now;
        inWindow = 0;
      }
      if (inWindow >= options.ratePerSecond) return error(130429, '(#130429) Rate limit hit');
      inWindow += 1;
    }
    if (body.type === 'template') {
      const template = options.templates.find((candidate) => candidate.name === body.template?.name);
      if (!template || template.language !== body.template?.language?.code)
        return error(132001, '(#132001) Template name does not exist in the translation', 404);
      const bodyComponent = (body.template?.components ?? []).find(
        (component) => (component as { type?: string }).type === 'body',
      ) as { parameters?: Array<{ type?: string; text?: string }> } | undefined;
      const parameters = bodyComponent?.parameters ?? [];
      if (
        parameters.length !== template.parameters ||
        parameters.some(
          (parameter) =>
            parameter.type !== 'text' ||
            typeof parameter.text !== 'string' ||
            /[\n\t]|\s{5,}/.test(parameter.text),
        )
      )
        return error(132000, '(#132000) Number of parameters does not match the expected number of params');
      return null;
    }
    if (body.type === 'text') {
      if (typeof body.text?.body !== 'string' || body.text.body === '')
        return error(100, '(#100) Invalid parameter: text.body');
      return null;
    }
    return error(100, `(#100) Unsupported message type: ${String(body.type)}`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const match = /^\/v\d+\.\d+\/(\d+)\/messages$/.exec(req.url ?? '');
        if (req.method !== 'POST' || !match) {
          res.writeHead(404, { 'content-type': 'application/json' });
          res.end(JSON.stringify(error(100, 'Unknown path').answer));
          return;
        }
        let body: StandinRequest['body'];
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as StandinRequest['body'];
        } catch {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify(error(100, '(#100) Invalid JSON').answer));
          return;
        }
        const request: StandinRequest = { phoneNumberId: match[1]!, body };
        if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
        const refusal = check(request, req.headers.authorization);
        if (refusal) {
          refused.push({ ...request, code: refusal.answer.error.code });
          res.writeHead(refusal.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(refusal.answer));
          return;
        }
        const wamid = `wamid.${crypto.randomBytes(18).toString('base64url')}`;
        accepted.push(request);
        byWamid.set(wamid, request);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            messaging_product: 'whatsapp',
            contacts: [{ input: body.to, wa_id: body.to }],
            messages: [{ id: wamid, ...(body.type === 'template' ? { message_status: 'accepted' } : {}) }],
          }),
        );
        // What happens to it next, as Meta notifies it.
        const to = body.to!;
        setImmediate(() => {
          if (options.unreachable?.includes(to)) {
            void statusOf(wamid, 'failed', request, [
              { code: 131026, title: 'Message undeliverable', message: 'Message undeliverable' },
            ]).catch(() => undefined);
            return;
          }
          if (body.type === 'text' && Date.now() - (lastWrote.get(to) ?? 0) > DAY_MS) {
            void statusOf(wamid, 'failed', request, [
              {
                code: 131047,
                title: 'Re-engagement message',
                message:
                  'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
              },
            ]).catch(() => undefined);
            return;
          }
          void (async () => {
            for (const status of options.statuses ?? ['sent', 'delivered'])
              await statusOf(wamid, status, request);
          })().catch(() => undefined);
        });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v23.0`,
    token,
    phoneNumberId,
    appSecret,
    accepted,
    refused,
    familyWrites(from, text) {
      lastWrote.set(from, Date.now());
      return post({
        contacts: [{ profile: { name: 'Familia' }, wa_id: from }],
        messages: [
          {
            from,
            id: `wamid.${crypto.randomBytes(18).toString('base64url')}`,
            timestamp: timestamp(),
            type: 'text',
            text: { body: text },
          },
        ],
      });
    },
    notify(wamid, status) {
      const request = byWamid.get(wamid);
      if (!request) throw new Error(`no message ${wamid}`);
      return statusOf(wamid, status, request);
    },
    async settled() {
      for (let round = 0; round < 50; round += 1) {
        await new Promise((resolve) => setImmediate(resolve));
        if (pending.size === 0) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          if (pending.size === 0) return;
        }
        await Promise.allSettled([...pending]);
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
