// The usuarios calls of the profile page: the parent's activity and their own changes
// (src/core/api/accounts.ts). The profile itself comes from src/api/accounts.ts.
import { request } from '../api/http.ts';
import type { PublicUser } from '../domain/accounts.ts';
import type { WaitlistView } from '../domain/waitlist.ts';
import type { ChangePreview, ChangeRequest, ChangeTargetWeek } from '../domain/changes.ts';
import type { EnrolmentLedgerAnswer, SavedCardAnswer } from '../domain/schemas/ledger.ts';
import type { SavedFamily } from '../domain/saved-family.ts';
import type { AdditionalData, ParticipantFields } from '../domain/enrolment.ts';
import type { WhatsAppChoice, WhatsAppPreference } from '../domain/schemas/whatsapp.ts';
import type { OrderData, OrderDataBody } from '../domain/order-data.ts';

export type PaymentStatus = 'paid' | 'declined' | 'pending' | 'error' | 'unknown';

export interface EnrolmentSummary {
  _id?: string;
  order_number: number | string;
  camp_name: string;
  weeks: string[];
  children: string[];
  amount: number;
  payment_status: PaymentStatus;
  /** 'cancelled' once cancelled (by staff or the family). */
  status?: string;
  /** While the parent may cancel it: the last day, and what they get back. */
  cancel?: { last_day: string; refund: string } | null;
  /** The family may correct its contacts, pick-up people and notes through this day (issue 54). */
  data_until?: string | null;
  /** A cancellation's refund to the card, and whether the bank confirmed it. */
  refund?: { amount: number; status: 'refunded' | 'pending' } | null;
  /** A cancellation's credit coupon, for the next enrolment. */
  credit?: { code: string; amount: number } | null;
  campament?: string;
  /** Each child's weeks, and whether the family may change them now (issue 24). */
  lines?: Array<{ cupo: number; week: string; label: string; child: string }>;
  changeable?: boolean;
  /** Its changes since it was paid (issue 24): what changed, the new total, what happened to the money. */
  changes?: Array<{ at: string; description: string; total: number; money: string }>;
  /** Its fiscal receipts (invoice, credit notes, instalments' e-CF), each a PDF at /comprobantes/{order}/{ref}. */
  receipts?: Array<{ type: string; ncf: string; ref: string }>;
  /** Paid, its invoice not issued yet: it comes by e-mail. */
  receipt_pending?: boolean;
  created_at: string;
  paid_at: string | null;
}

export interface TimelineEvent {
  at: string;
  kind: string;
  text: string;
}

export interface Activity {
  enrolments: EnrolmentSummary[];
  timeline: TimelineEvent[];
  /** The family's active membership codes, newest first. */
  memberships: Array<{ code: string; participant: string; issued_at: string }>;
}

export interface ProfileChanges {
  name?: string;
  phone?: string;
  address?: string;
  currentPassword?: string;
  newPassword?: string;
}

export interface UpdateAnswer {
  status: string;
  message: string;
  data: PublicUser;
  /** After a new password: this session's new token (every other session of the account ended). */
  token?: string;
}

export async function fetchActivity(signal?: AbortSignal): Promise<Activity> {
  const answer = await request<{ status: string; data: Activity }>('/usuarios/activity', { signal });
  return answer.data;
}

export function updateAccount(userId: string, changes: ProfileChanges): Promise<UpdateAnswer> {
  return request<UpdateAnswer>('/usuarios/update', { method: 'POST', body: { _id: userId, ...changes } });
}

/** POST /inscripciones/cancelar/:id: the parent cancels their own paid enrolment. */
export function cancelOwnEnrolment(id: string): Promise<{ status: string; message: string }> {
  return request<{ status: string; message: string }>(`/inscripciones/cancelar/${id}`, {
    method: 'POST',
    body: {},
  });
}

/** POST /inscripciones/cambiar/:id: the parent drops or moves a week of their own order (issue 24). */
export function changeOwnEnrolment(
  id: string,
  body: ChangeRequest & { preview?: boolean },
): Promise<{ status: string; message: string; data: { preview: ChangePreview } }> {
  return request(`/inscripciones/cambiar/${id}`, { method: 'POST', body });
}

/** The weeks a child of the order could be moved to, each with its state (issue 53). */
export async function fetchChangeTargets(id: string, cupo: number): Promise<ChangeTargetWeek[]> {
  const answer = await request<{ data: ChangeTargetWeek[] }>(
    `/inscripciones/cambiar/${encodeURIComponent(id)}/semanas?cupo=${cupo}`,
  );
  return answer.data;
}

/** GET /esperas: the family's waiting-list requests (issue 18). */
export async function fetchWaitlist(signal?: AbortSignal): Promise<WaitlistView[]> {
  const answer = await request<{ status: string; data: WaitlistView[] }>('/esperas', { signal });
  return answer.data;
}

/** POST /esperas/salir/:id: the family leaves a waiting list. */
export function leaveWaitlist(id: string): Promise<{ status: string; message: string }> {
  return request<{ status: string; message: string }>(`/esperas/salir/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: {},
  });
}

/** GET /pagos: the family's ledgers ('Mis pagos', issue 20). */
export async function fetchLedgers(signal?: AbortSignal): Promise<EnrolmentLedgerAnswer[]> {
  const answer = await request<{ status: string; data: EnrolmentLedgerAnswer[] }>('/pagos', { signal });
  return answer.data;
}

export interface CardFields {
  cardHolder: string;
  cardNumber: string;
  expDate: string;
  cvv: string;
}

/** How an instalment is paid: with the card kept on file (its CVV where the gateway asks), or a card typed. */
export type InstalmentCard = { saved: true; cvv?: string } | CardFields;

/** What paying an instalment answered: paid (the ledger), being verified, or the bank's step first. */
export interface InstalmentPayment {
  message: string;
  ledger: EnrolmentLedgerAnswer | null;
  /** The card's bank asks first (3-D Secure): the session its step is watched by (../api/bankStep.ts). */
  authentication?: { session: string; kind: 'method' | 'challenge' };
}

/**
 * POST /pagos/cuota/:id: pays the instalment `cuota` (the line's `_id` as the ledger answers it) by
 * card, for `amount` (what the ledger says it owes). `key` names the attempt: the same key never
 * charges twice. Resolves with the updated ledger, or null while the payment is being verified (the
 * message says so) or waits for the bank's step (`authentication`). A line paid meanwhile (another
 * tab, autopay) is answered 'Esa cuota ya está pagada.' with the ledger: nothing was charged.
 */
export async function payInstalment(
  enrolmentId: string,
  line: { cuota: string; amount: number },
  card: InstalmentCard,
  key: string,
): Promise<InstalmentPayment> {
  const answer = await request<{
    status?: string;
    message: string;
    data?: EnrolmentLedgerAnswer;
    authentication?: InstalmentPayment['authentication'];
  }>(`/pagos/cuota/${encodeURIComponent(enrolmentId)}`, {
    method: 'POST',
    body: { cuota: line.cuota, amount: line.amount, ...card },
    headers: { 'Idempotency-Key': key },
  });
  return {
    message: answer.message,
    ledger: answer.status === 'SUCCESS' && answer.data ? answer.data : null,
    ...(answer.authentication ? { authentication: answer.authentication } : {}),
  };
}

/** GET /tarjetas: the family's card kept for automatic charges (brand, last 4, expiry), or null. */
export async function fetchSavedCard(signal?: AbortSignal): Promise<SavedCardAnswer | null> {
  const answer = await request<{ status: string; data: SavedCardAnswer | null }>('/tarjetas', { signal });
  return answer.data;
}

/** POST /tarjetas: keeps (or replaces) the family's card for the automatic charges. */
export function saveCard(card: CardFields): Promise<{ message: string; data: SavedCardAnswer | null }> {
  return request('/tarjetas', { method: 'POST', body: card });
}

/** POST /tarjetas/eliminar: removes the family's card; autopay stops. */
export function removeCard(): Promise<{ message: string }> {
  return request('/tarjetas/eliminar', { method: 'POST', body: {} });
}

/** GET /familia/datos: the family's saved children and contacts (issue 26). */
export async function fetchSavedFamily(signal?: AbortSignal): Promise<SavedFamily> {
  return (await request<{ status: string; data: SavedFamily }>('/familia/datos', { signal })).data;
}

/** GET /whatsapp/preferencia: whether the school sends WhatsApp, and the family's number and consent. */
export async function fetchWhatsApp(signal?: AbortSignal): Promise<WhatsAppPreference> {
  return (await request<{ status: string; data: WhatsAppPreference }>('/whatsapp/preferencia', { signal }))
    .data;
}

/** POST /whatsapp/preferencia: agrees on a number, or stops the messages. */
export function saveWhatsApp(
  choice: WhatsAppChoice,
): Promise<{ status: string; message: string; data: WhatsAppPreference }> {
  return request('/whatsapp/preferencia', { method: 'POST', body: choice });
}

/** POST /familia/datos: the family's corrections (the children kept and the contacts). */
export function saveFamily(family: {
  children: ParticipantFields[];
  contact: AdditionalData | null;
}): Promise<{ status: string; message: string; data: SavedFamily }> {
  return request('/familia/datos', { method: 'POST', body: family });
}

/** A paid order's data as the family may correct it (issue 54), and whether it still may. */
export type FamilyOrderData = OrderData & {
  _id: string;
  order_number: string;
  camp_name: string;
  editable: boolean;
  last_day: string;
};

/** GET /familia/inscripciones/:id/datos. */
export async function fetchOrderData(id: string, signal?: AbortSignal): Promise<FamilyOrderData> {
  return (
    await request<{ data: FamilyOrderData }>(`/familia/inscripciones/${encodeURIComponent(id)}/datos`, {
      signal,
    })
  ).data;
}

/** POST /familia/inscripciones/:id/datos: the family's correction, refused after the camp's last day. */
export function saveOrderData(
  id: string,
  body: OrderDataBody,
): Promise<{ status: string; message: string; data: FamilyOrderData }> {
  return request(`/familia/inscripciones/${encodeURIComponent(id)}/datos`, { method: 'POST', body });
}
