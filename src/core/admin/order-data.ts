// Correcting a paid order's data (issue 54, item 2; ../../domain/order-data.ts): staff at any
// time, the family through the camp's last day. Checked with the wizard's own rules, written to the
// order (which the camp day's gate and the rosters read, so they show it at once), to its admin
// records and to the family's saved data, and audited field by field.
import { nowOf, type CoreDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { fullName } from '../../domain/family.ts';
import { ADDITIONAL_FIELDS, type AdditionalData } from '../../domain/enrolment.ts';
import { additionalErrors, participantErrors } from '../../domain/enrolment-rules.ts';
import {
  campLastDay,
  familyMayCorrect,
  MEDICAL_FIELDS,
  ORDER_DATA_MESSAGES as M,
  orderDataChanges,
  orderDataOf,
} from '../../domain/order-data.ts';
import type { Camp, Enrolment } from '../../domain/records.ts';
import { SAVED_FAMILY_MESSAGES } from '../../domain/saved-family.ts';
import { rememberOrder } from '../family/saved.ts';
import { recordAudit, type Actor } from './audit.ts';
import { contactRecords, recordBase } from '../checkout/records.ts';

type Deps = Pick<CoreDeps, 'store' | 'clock'>;

const ordersOf = (deps: Deps) => deps.store.collection<Enrolment>('inscripciones');

const campEndOf = async (deps: Deps, order: Enrolment): Promise<Date | null> =>
  (await deps.store.collection<Camp>('campamentos').findById(order.campament, { withDeleted: true }))
    ?.end_date ?? null;

/** The family's view of one of its orders: its data and whether it may still correct it. */
export async function familyOrderData(deps: Deps, userId: string, orderId: string) {
  const order = await ordersOf(deps).findById(orderId);
  if (!order || order.user_id !== userId) throw new ApiError(404, M.notFound);
  const end = await campEndOf(deps, order);
  return {
    _id: order._id,
    order_number: order.order_number,
    camp_name: order.camp_name,
    editable:
      order.payment_status === 'paid' && order.status !== 'cancelled' && familyMayCorrect(end, nowOf(deps)),
    last_day: end ? campLastDay(end) : '',
    ...orderDataOf(order),
  };
}

export interface OrderDataInput {
  contact: Partial<AdditionalData>;
  participants: ReadonlyArray<{ id: number } & Partial<Record<(typeof MEDICAL_FIELDS)[number], string>>>;
}

/**
 * Corrects an order's contacts, pick-up people and medical notes. `family` names the parent when
 * the family corrects its own order (refused after the camp's last day); staff otherwise. Bad input
 * is refused with the wizard's messages and changes nothing; nothing changed writes nothing.
 */
export async function correctOrderData(
  deps: Deps,
  orderId: string,
  input: OrderDataInput,
  actor: Actor,
  family?: { userId: string },
): Promise<{ changed: boolean; message: string }> {
  const order = await ordersOf(deps).findById(orderId);
  if (!order || (family && order.user_id !== family.userId)) throw new ApiError(404, M.notFound);
  if (order.status === 'cancelled') throw new ApiError(409, M.cancelled);
  if (order.payment_status !== 'paid') throw new ApiError(409, M.notPaid);
  const now = nowOf(deps);
  if (family) {
    const end = await campEndOf(deps, order);
    if (!familyMayCorrect(end, now)) throw new ApiError(409, M.closed(end ? campLastDay(end) : ''));
  }

  const contact = Object.fromEntries(
    ADDITIONAL_FIELDS.map((field) => [field, String(input.contact[field] ?? '').trim()]),
  ) as AdditionalData;
  const contactErrors = additionalErrors(contact);
  if (contactErrors.length > 0) throw new ApiError(400, `${contactErrors.join('. ')}.`);

  const participants = order.participants.map((child) => ({ ...child }));
  for (const given of input.participants) {
    const child = participants.find((participant) => participant.id === given.id);
    if (!child) throw new ApiError(400, M.unknownChild);
    for (const field of MEDICAL_FIELDS) if (given[field] !== undefined) child[field] = given[field].trim();
    // The wizard's rules (a note may be 'Ninguna', never empty); the other fields as they were.
    const errors = participantErrors(child, now);
    if (errors.length > 0)
      throw new ApiError(400, SAVED_FAMILY_MESSAGES.child(fullName(child) || 'Participante', errors));
  }

  const before = orderDataOf(order);
  const changes = orderDataChanges(before, orderDataOf({ ...order, contact, participants }));
  if (Object.keys(changes.after).length === 0) return { changed: false, message: M.unchanged };

  const updated = await ordersOf(deps).updateOne(
    { _id: order._id },
    { set: { contact, participants, data_corrected_at: now } },
  );
  if (!updated) throw new ApiError(404, M.notFound);
  await syncAdminRecords(deps, updated);
  await rememberOrder(deps, updated);
  await recordAudit(deps.store, actor, {
    action: 'update',
    kind: 'inscripciones',
    record_id: order._id,
    ...changes,
    note: family ? 'Datos corregidos por la familia' : 'Datos corregidos por el personal',
  });
  return { changed: true, message: M.saved };
}

/**
 * The admin area's records of the order (../checkout/records.ts contactRecords and
 * participantRecords) follow the correction, so 'Contactos' and 'Participantes' agree with it.
 */
async function syncAdminRecords(deps: Deps, order: Enrolment): Promise<void> {
  const { store } = deps;
  const contacts = store.collection('contactos');
  const ofOrder = { inscription: order._id };
  // The checkout's own shapes of these records, without their bookkeeping (kept as stored).
  const [parents, emergency, ...pickup] = contactRecords(recordBase(order, order.user_id), order.contact).map(
    ({
      inscription: _i,
      order_number: _o,
      campament: _c,
      user_id: _u,
      status: _s,
      created_at: _a,
      type: _t,
      ...fields
    }) => fields,
  );
  await contacts.updateOne({ ...ofOrder, type: 'padres' }, { set: parents! });
  await contacts.updateOne({ ...ofOrder, type: 'emergencia' }, { set: emergency! });
  const stored = await contacts.find({ ...ofOrder, type: 'autorizado' }, { sort: { _id: 1 } });
  for (const [index, record] of stored.slice(0, pickup.length).entries())
    await contacts.updateOne({ _id: record._id }, { set: pickup[index]! });
  const children = store.collection('participantes');
  for (const child of order.participants)
    await children.updateOne(
      { ...ofOrder, cupo: child.id },
      { set: Object.fromEntries(MEDICAL_FIELDS.map((field) => [field, child[field]])) },
    );
}

/**
 * For the family's profile: each order it may still correct now, with the camp's last day ('until
 * 06/08/2027'); the others are absent.
 */
export async function correctableUntil(
  deps: Deps,
  orders: ReadonlyArray<{ _id: string; campament: string; payment_status: string; status?: string }>,
): Promise<Map<string, string>> {
  const open = orders.filter((order) => order.payment_status === 'paid' && order.status !== 'cancelled');
  const camps = await deps.store
    .collection<Camp>('campamentos')
    .find({ _id: { $in: [...new Set(open.map((order) => order.campament))] } }, { withDeleted: true });
  const endOf = new Map(camps.map((camp) => [camp._id, camp.end_date]));
  const now = nowOf(deps);
  const until = new Map<string, string>();
  for (const order of open) {
    const end = endOf.get(order.campament);
    if (end && familyMayCorrect(end, now)) until.set(order._id, campLastDay(end));
  }
  return until;
}
