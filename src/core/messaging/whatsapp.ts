// WhatsApp beside e-mail (issue 56, DESIGN.md §11): who agreed to get messages on which number,
// the messages queued for them, and what Meta's webhook tells of both. The sending itself (the
// Cloud API, its retries) is the adapter's: the server's persisted outbox (server/whatsapp/).
// A family gets WhatsApp only with its consent recorded, while it has not written 'BAJA' and while
// Meta can reach the number; e-mail goes to every family as before, whatever happens here.
import type { Store } from '../store/port.ts';
import type { CoreDeps, WhatsAppMessage } from '../deps.ts';

export type { Messenger, WhatsAppMessage } from '../deps.ts';
import { ApiError } from '../errors.ts';
import type { FiscalSettings } from '../../domain/receipts.ts';
import type { Enrolment, UserRecord } from '../../domain/records.ts';
import { fullName } from '../../domain/family.ts';
import { formatDop } from '../../domain/pricing.ts';
import {
  isOptOut,
  UNREACHABLE_CODES,
  whatsappNumber,
  WHATSAPP_MESSAGES as M,
  type WhatsAppTemplateName,
} from '../../domain/whatsapp.ts';
import type {
  InboundMessage as InboundView,
  WhatsAppChoice,
  WhatsAppPreference,
} from '../../domain/schemas/whatsapp.ts';

export const CONTACTS = 'whatsapp_contactos';
export const WHATSAPP_OUTBOX = 'whatsapp_salida';
export const INBOX = 'whatsapp_entrantes';

/** A family's WhatsApp: one per account (its latest number), with when it agreed and stopped. */
export interface WhatsAppContact {
  /** The account's id. */
  _id: string;
  /** International form, digits only ('18095550101'). */
  number: string;
  consent_at: Date | null;
  opted_out_at: Date | null;
  /** Meta said the number cannot get WhatsApp messages (UNREACHABLE_CODES): e-mail only. */
  unreachable_at: Date | null;
  unreachable_code?: number;
  /** The family last wrote: free text may answer it for 24 hours. */
  last_inbound_at?: Date | null;
  last_reply_at?: Date | null;
}

/** Statuses in the order Meta reports them; a late 'sent' never undoes a 'read'. */
export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'delivered' | 'read' | 'failed';
const RANK: Record<DeliveryStatus, number> = {
  pending: 0,
  sending: 1,
  sent: 2,
  delivered: 3,
  read: 4,
  failed: 5,
};

export interface OutboxMessage extends Omit<WhatsAppMessage, 'key'> {
  _id: string;
  status: DeliveryStatus;
  /** Meta's id of the message ('wamid.…'), once accepted. */
  wamid: string | null;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  /** Meta's error code of a failure (sending or delivering). */
  error_code: number | null;
  created_at: Date;
  sent_at: Date | null;
  status_at: Date | null;
}

/**
 * Meta refuses a parameter with a line break, a tab or more than four spaces in a row: each is
 * written on one line.
 */
const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** 'inscripcion_confirmada' of a paid order: the parent, order, program, children with weeks, total. */
export function confirmationParameters(
  enrolment: Pick<Enrolment, 'order_number' | 'camp_name' | 'amount' | 'participants' | 'lines' | 'contact'>,
  weekName: (line: Enrolment['lines'][number]) => string,
): string[] {
  const parent = enrolment.contact.mother_name?.trim() || enrolment.contact.father_name?.trim() || '';
  const children = enrolment.participants.map((participant) => {
    const weeks = enrolment.lines.filter((line) => line.cupo === participant.id).map(weekName);
    return `${fullName(participant)}${weeks.length ? ` (${weeks.join(', ')})` : ''}`;
  });
  return [
    parent || 'familia',
    enrolment.order_number,
    enrolment.camp_name,
    children.join('; '),
    formatDop(enrolment.amount),
  ].map(oneLine);
}

const contactsOf = (store: Store) => store.collection<WhatsAppContact>(CONTACTS);

/** A refusal of the request's `whatsapp` before anything is charged or stored; null when fine. */
export const whatsappRefusal = (choice: WhatsAppChoice | undefined): string | null =>
  choice?.consent && !whatsappNumber(choice.phone) ? M.badNumber : null;

/**
 * What the parent chose at checkout or in 'Mi familia': consent on a number (recorded with its
 * time), or no WhatsApp (consent false withdraws it). Absent: nothing changes.
 */
export async function recordChoice(
  store: Store,
  userId: string,
  choice: WhatsAppChoice | undefined,
  now: Date,
): Promise<void> {
  if (!choice) return;
  const refusal = whatsappRefusal(choice);
  if (refusal) throw new ApiError(400, refusal);
  const contacts = contactsOf(store);
  const current = await contacts.findById(userId);
  if (!choice.consent) {
    if (current && !current.opted_out_at)
      await contacts.updateOne({ _id: userId }, { set: { opted_out_at: now } });
    return;
  }
  const number = whatsappNumber(choice.phone)!;
  const fields = { number, consent_at: now, opted_out_at: null, unreachable_at: null };
  // The same number kept as unreachable stays so: Meta said it cannot get messages.
  if (current?.number === number && current.unreachable_at && !current.opted_out_at) return;
  if (current) await contacts.updateOne({ _id: userId }, { set: fields });
  else await contacts.insertOne({ _id: userId, ...fields });
}

/** The family's choice as 'Mi familia' shows it; `available` says whether the school sends any. */
export async function preferenceOf(
  deps: Pick<CoreDeps, 'store' | 'whatsapp'>,
  userId: string,
): Promise<WhatsAppPreference> {
  const contact = await contactsOf(deps.store).findById(userId);
  const consent = Boolean(contact?.consent_at && !contact.opted_out_at);
  return {
    available: Boolean(deps.whatsapp),
    phone: contact?.number ?? '',
    consent,
    consent_at: consent ? new Date(contact!.consent_at!).toISOString() : null,
    unreachable: Boolean(consent && contact?.unreachable_at),
  };
}

/** The latest messages families wrote to the school's number, newest first, with whose number it is. */
export async function inboundMessages(store: Store, limit = 100): Promise<InboundView[]> {
  const messages = await store
    .collection<{ _id: string; from: string; text: string; at: Date }>(INBOX)
    .find({}, { sort: { at: -1 }, limit });
  const numbers = [...new Set(messages.map((message) => message.from))];
  const contacts = numbers.length ? await contactsOf(store).find({ number: { $in: numbers } }) : [];
  const users = contacts.length
    ? await store
        .collection<UserRecord>('usuarios')
        .find({ _id: { $in: contacts.map((contact) => contact._id) } }, { withDeleted: true })
    : [];
  const familiesOf = (number: string) =>
    contacts
      .filter((contact) => contact.number === number)
      .map((contact) => users.find((user) => user._id === contact._id))
      .filter((user): user is UserRecord => Boolean(user))
      .map((user) => ({ name: user.name ?? '', email: user.email }));
  return messages.map((message) => ({
    id: message._id,
    from: message.from,
    text: message.text,
    at: new Date(message.at).toISOString(),
    families: familiesOf(message.from),
    opt_out: isOptOut(message.text),
  }));
}

/** The number a family gets WhatsApp on now, or null (no consent, stopped, unreachable). */
export async function reachableNumber(store: Store, userId: string): Promise<string | null> {
  const contact = await contactsOf(store).findById(userId);
  if (!contact?.consent_at || contact.opted_out_at || contact.unreachable_at) return null;
  return contact.number;
}

/**
 * Queues template `name` for the family of `userId`, where WhatsApp is set up and the family gets
 * it; true when queued. Never throws: a message beside the e-mail never fails what triggered it.
 */
export async function sendTemplate(
  deps: Pick<CoreDeps, 'store' | 'whatsapp' | 'log'>,
  userId: string,
  name: WhatsAppTemplateName,
  parameters: string[],
  message: { kind: string; key?: string; notice_id?: string },
): Promise<boolean> {
  if (!deps.whatsapp) return false;
  try {
    const to = await reachableNumber(deps.store, userId);
    if (!to) return false;
    await deps.whatsapp.enqueue({ to, template: { name, parameters }, user_id: userId, ...message });
    return true;
  } catch (error) {
    deps.log.error({ err: error, kind: message.kind }, 'a WhatsApp message could not be queued');
    return false;
  }
}

// --- Meta's webhook (https://developers.facebook.com/docs/whatsapp/cloud-api/webhooks) ---------

interface StatusNotification {
  id: string;
  status: string;
  timestamp?: string;
  recipient_id?: string;
  biz_opaque_callback_data?: string;
  errors?: Array<{ code?: number; title?: string; message?: string }>;
}
interface InboundMessage {
  id: string;
  from: string;
  timestamp?: string;
  type?: string;
  text?: { body?: string };
  button?: { text?: string };
}
export interface WebhookPayload {
  object?: string;
  entry?: Array<{
    id?: string;
    changes?: Array<{
      field?: string;
      value?: {
        metadata?: { phone_number_id?: string };
        statuses?: StatusNotification[];
        messages?: InboundMessage[];
      };
    }>;
  }>;
}

/** The phone number ids a notification is for (a school is known by its own number). */
export const webhookNumbers = (payload: WebhookPayload): string[] => [
  ...new Set(
    (payload.entry ?? []).flatMap((entry) =>
      (entry.changes ?? []).map((change) => change.value?.metadata?.phone_number_id ?? '').filter(Boolean),
    ),
  ),
];

const DAY_MS = 24 * 3600_000;

/**
 * Applies one notification: each status moves its message forward (never back) and a failure that
 * says the number cannot be reached marks the family e-mail only; each inbound message is kept for
 * the office, 'BAJA' stops the messages at once and is answered once, anything else gets the
 * school's phone and e-mail (at most once a day). Repeats of a notification change nothing.
 */
export async function applyWebhook(
  deps: Pick<CoreDeps, 'store' | 'whatsapp' | 'log'>,
  payload: WebhookPayload,
  now: Date,
): Promise<{ statuses: number; messages: number }> {
  const changes = (payload.entry ?? []).flatMap((entry) => entry.changes ?? []);
  const statuses = changes.flatMap((change) => change.value?.statuses ?? []);
  const messages = changes.flatMap((change) => change.value?.messages ?? []);
  for (const status of statuses) await applyStatus(deps.store, status, now);
  for (const message of messages) await applyInbound(deps, message, now);
  return { statuses: statuses.length, messages: messages.length };
}

async function applyStatus(store: Store, notification: StatusNotification, now: Date): Promise<void> {
  const status = notification.status as DeliveryStatus;
  if (!['sent', 'delivered', 'read', 'failed'].includes(status)) return;
  const outbox = store.collection<OutboxMessage>(WHATSAPP_OUTBOX);
  // Ours by the id we gave Meta (it comes back even when our own write of 'wamid' was lost).
  const item =
    (notification.biz_opaque_callback_data
      ? await outbox.findById(notification.biz_opaque_callback_data)
      : null) ?? (await outbox.findOne({ wamid: notification.id }));
  if (!item) return;
  const code = notification.errors?.[0]?.code ?? null;
  if (RANK[status] > RANK[item.status]) {
    await outbox.updateOne(
      { _id: item._id, status: item.status },
      {
        set: {
          status,
          wamid: item.wamid ?? notification.id,
          status_at: now,
          ...(item.sent_at ? {} : { sent_at: now }),
          ...(status === 'failed'
            ? { error_code: code, last_error: notification.errors?.[0]?.title ?? 'failed' }
            : {}),
        },
      },
    );
  }
  if (status === 'failed' && code !== null && UNREACHABLE_CODES.includes(code) && item.user_id)
    await contactsOf(store).updateOne(
      { _id: item.user_id, number: item.to },
      { set: { unreachable_at: now, unreachable_code: code } },
    );
}

async function applyInbound(
  deps: Pick<CoreDeps, 'store' | 'whatsapp' | 'log'>,
  message: InboundMessage,
  now: Date,
): Promise<void> {
  const { store } = deps;
  const text = message.text?.body ?? message.button?.text ?? '';
  const inbox = store.collection<{ _id: string; from: string; text: string; type: string; at: Date }>(INBOX);
  if (await inbox.findById(message.id)) return;
  await inbox.insertOne({ _id: message.id, from: message.from, text, type: message.type ?? 'text', at: now });
  const contacts = await contactsOf(store).find({ number: message.from });
  const optOut = isOptOut(text);
  for (const contact of contacts)
    await contactsOf(store).updateOne(
      { _id: contact._id },
      { set: { last_inbound_at: now, ...(optOut && !contact.opted_out_at ? { opted_out_at: now } : {}) } },
    );
  if (!deps.whatsapp) return;
  const school = await schoolContact(store);
  if (optOut) {
    await deps.whatsapp.enqueue({
      to: message.from,
      text: M.optedOut(school.name),
      kind: 'whatsapp-baja',
      user_id: contacts[0]?._id ?? null,
      key: `baja-${message.id}`,
    });
    return;
  }
  // One answer a day: a family that writes ten lines gets one reply, the office reads them all.
  const answeredToday = contacts.some(
    (contact) => contact.last_reply_at && now.getTime() - contact.last_reply_at.getTime() < DAY_MS,
  );
  if (answeredToday) return;
  await deps.whatsapp.enqueue({
    to: message.from,
    text: M.autoReply(school.name, school.phone, school.email),
    kind: 'whatsapp-respuesta',
    user_id: contacts[0]?._id ?? null,
    key: `respuesta-${message.id}`,
  });
  for (const contact of contacts)
    await contactsOf(store).updateOne({ _id: contact._id }, { set: { last_reply_at: now } });
}

/** The school's name, phone and e-mail as its fiscal settings and its own settings give them. */
export async function schoolContact(store: Store): Promise<{ name: string; phone: string; email: string }> {
  const settings = store.collection<
    Partial<FiscalSettings> & { _id: string; name?: string; reply_to?: string }
  >('ajustes');
  const [fiscal, own] = await Promise.all([settings.findById('fiscal'), settings.findById('escuela')]);
  return {
    name: own?.name || fiscal?.school_name || 'la escuela',
    phone: fiscal?.phone ?? '',
    email: own?.reply_to || fiscal?.email || '',
  };
}
