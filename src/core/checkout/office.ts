// A family enrolled by the office at the counter or on the phone (issue 54): the family's account
// found by e-mail or created (with an e-mail to choose its password), then the wizard's checkout
// (./pipeline.ts enrol: the same rules and prices) with how the office takes the payment: a card
// typed by staff, cash, a transfer with its reference, or nothing yet until a due day. The order,
// its ledger, its receipts, its e-mail and the audit name the staff member who took it.
import { ApiError } from '../errors.ts';
import { nowOf, type CoreDeps } from '../deps.ts';
import { randomToken } from '../crypto.ts';
import { DuplicateKeyError } from '../store/port.ts';
import { recordAudit, type Actor } from '../admin/audit.ts';
import { INVITE_TTL_MS, sendPasswordLink } from '../admin/staff-accounts.ts';
import { newUser } from '../../domain/accounts.ts';
import { isAdmin } from '../../domain/roles.ts';
import { santoDomingoDay } from '../../domain/days.ts';
import type { Enrolment, UserRecord } from '../../domain/records.ts';
import type { CreateEnrolmentBody } from '../../domain/schemas/enrolment.ts';
import type { OfficeEnrolmentBody } from '../../domain/schemas/office-sales.ts';
import {
  MAX_PENDING_DAYS,
  OFFICE_SALE_LABELS,
  OFFICE_SALE_MESSAGES as M,
  type OfficeSale,
} from '../../domain/office-sales.ts';
import { enrol } from './pipeline.ts';
import { cancelEnrolment } from '../admin/enrolments.ts';
import { readLedger } from '../payments/ledger.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DAY_MS = 86_400_000;

const usersOf = (deps: CoreDeps) => deps.store.collection<UserRecord>('usuarios');

/** How the office takes the payment, checked before anything is stored. */
function saleOf(deps: CoreDeps, body: OfficeEnrolmentBody, staff: UserRecord): OfficeSale {
  const bank = body.bank?.trim() ?? '';
  const document = body.document?.trim() ?? '';
  const note = body.note?.trim() ?? '';
  const sale: OfficeSale = {
    method: body.method,
    taken_by: staff.email,
    taken_by_name: staff.name.trim() || staff.email,
    ...(note ? { note } : {}),
  };
  if (body.method === 'transferencia') {
    if (!document) throw new ApiError(400, M.reference);
    return { ...sale, document, ...(bank ? { bank } : {}) };
  }
  if (body.method === 'tarjeta' && !(body.cardNumber && body.cardHolder && body.expDate && body.cvv))
    throw new ApiError(400, M.card);
  if (body.method !== 'pendiente') return sale;
  const now = nowOf(deps);
  if (!body.due) throw new ApiError(400, M.due);
  if (body.due < santoDomingoDay(now)) throw new ApiError(400, M.duePast);
  if (body.due > santoDomingoDay(new Date(now.getTime() + MAX_PENDING_DAYS * DAY_MS)))
    throw new ApiError(400, M.dueTooFar);
  return { ...sale, due: body.due };
}

/**
 * The family's account by its e-mail, or a new one with a password nobody knows until the family
 * chooses one through its link (sent once the enrolment is taken). Never a staff account.
 */
async function familyAccount(deps: CoreDeps, email: string, name: string): Promise<UserRecord> {
  const users = usersOf(deps);
  const found = await users.findOne({ email }, { withDeleted: true });
  const known = async (user: UserRecord) => {
    if (isAdmin(user)) throw new ApiError(409, M.staffEmail);
    if (user.status !== 'active') throw new ApiError(409, M.inactiveAccount);
    return user;
  };
  if (found) return known(found);
  try {
    return await users.insertOne(
      newUser(email, await deps.passwords.hash(randomToken(32)), {
        name,
        created_at: nowOf(deps),
        password_link_owed: true,
      }),
    );
  } catch (error) {
    // Created at this moment by another request (the family registering, a second tab).
    if (!(error instanceof DuplicateKeyError)) throw error;
    const raced = await users.findOne({ email });
    if (!raced) throw error;
    return known(raced);
  }
}

/** The order the checkout reads: the card typed by staff, or none for a payment at the counter. */
const checkoutBody = (body: OfficeEnrolmentBody): CreateEnrolmentBody => {
  const {
    account_email: _email,
    account_name: _name,
    method,
    bank: _b,
    document: _d,
    note: _n,
    due: _due,
    ...order
  } = body;
  const card = method === 'tarjeta';
  return {
    ...order,
    amount: body.amount ?? 0,
    discount: body.discount ?? 0,
    cardHolder: card ? (body.cardHolder ?? '') : '',
    cardNumber: card ? (body.cardNumber ?? '') : '',
    expDate: card ? (body.expDate ?? '') : '',
    cvv: card ? (body.cvv ?? '') : '',
    // Autopay needs the family's own consent to keep its card: never taken at the counter.
    autopay: false,
  };
};

/**
 * The price the school asks for this order (the wizard's rules, the family's earlier orders
 * counted), with every check of the checkout and nothing written: what the dialog shows before
 * the office takes the money. A family without an account yet is priced as a new one.
 */
export async function priceAtCounter(deps: CoreDeps, staff: UserRecord, body: OfficeEnrolmentBody) {
  const email = body.account_email.trim().toLowerCase();
  if (!EMAIL.test(email)) throw new ApiError(400, M.email);
  const found = await usersOf(deps).findOne({ email });
  if (found && isAdmin(found)) throw new ApiError(409, M.staffEmail);
  const family = found ?? ({ _id: 'nueva-familia', email } as UserRecord);
  const sale = { method: body.method, taken_by: staff.email, taken_by_name: staff.name };
  const { body: answer } = await enrol(deps, family, checkoutBody(body), '', {
    ...sale,
    staff_id: staff._id,
    server_price: true,
    preview: true,
  });
  return answer as { status: 'SUCCESS'; data: { amount: number; discount: number } };
}

/** The office enrols a family; answers {statusCode, body} for the idempotency store. */
export async function enrolAtCounter(
  deps: CoreDeps,
  actor: Actor,
  staff: UserRecord,
  body: OfficeEnrolmentBody,
  key: string,
) {
  const email = body.account_email.trim().toLowerCase();
  if (!EMAIL.test(email)) throw new ApiError(400, M.email);
  const sale = saleOf(deps, body, staff);
  const name =
    body.account_name?.trim() || body.emergencyContact.mother_name || body.emergencyContact.father_name || '';
  const family = await familyAccount(deps, email, name.trim());
  const answer = await enrol(deps, family, checkoutBody(body), key, {
    ...sale,
    staff_id: staff._id,
    server_price: body.amount === undefined || body.discount === undefined,
  });
  const order = await deps.store
    .collection<Enrolment>('inscripciones')
    .findOne({ user_id: family._id, idempotency_key: key });
  if (order && answer.statusCode < 300) {
    await recordAudit(deps.store, actor, {
      action: 'create',
      kind: 'inscripciones',
      record_id: order._id,
      after: {
        orden: order.order_number,
        familia: family.email,
        forma_de_pago: OFFICE_SALE_LABELS[sale.method],
        monto: order.amount,
        ...(sale.document ? { referencia: sale.document } : {}),
        ...(sale.bank ? { banco: sale.bank } : {}),
        ...(sale.due ? { fecha_limite: sale.due } : {}),
        ...(sale.note ? { nota: sale.note } : {}),
        tomada_por: sale.taken_by_name,
      },
    });
    if (family.password_link_owed) await sendFamilyLink(deps, family);
  }
  return answer;
}

/** The family's link to choose its password, once; a failure leaves it owed for the next order. */
async function sendFamilyLink(deps: CoreDeps, family: UserRecord): Promise<void> {
  try {
    await sendPasswordLink(deps, family, M.passwordSubject, M.passwordIntro(family.name), INVITE_TTL_MS, {
      panel: false,
    });
    await usersOf(deps).updateOne({ _id: family._id }, { unset: ['password_link_owed'] });
  } catch (error) {
    deps.log.error({ err: error }, 'the family password link could not be sent');
  }
}

/** Who gives back an unpaid order's places in the audit and on the order. */
const DUE_DAY_PASS: Actor = { user: { _id: 'sistema', email: 'sistema (fecha límite de pago)' }, ip: '' };

/**
 * Orders the office took 'pendiente de pago' whose due day has passed with nothing paid: cancelled,
 * their places given back (and offered to the waiting list), the family told. One paid in part
 * stays: the office decides what to do with it. Answers how many were given back.
 */
export async function releaseUnpaidOfficeOrders(deps: CoreDeps): Promise<number> {
  const today = santoDomingoDay(nowOf(deps));
  const overdue = await deps.store.collection<Enrolment>('inscripciones').find({
    'office.method': 'pendiente',
    payment_status: 'paid',
    status: 'active',
    'office.due': { $lt: today },
  });
  let released = 0;
  for (const order of overdue) {
    if ((await readLedger(deps.store, order, today)).paid > 0) continue;
    const { cancelledNow } = await cancelEnrolment(deps, order._id, M.unpaidReason, DUE_DAY_PASS);
    if (cancelledNow) released += 1;
  }
  return released;
}
