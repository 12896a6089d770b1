// Payment plans and ledgers (issue 20, ../payments/):
//   GET  /pagos                        the family's ledgers ('Mis pagos')
//   POST /pagos/cuota/{enrolmentId}    pays the instalment it names by card (Idempotency-Key)
//   GET  /cuentas/lista                staff: receivables per family and child, aging buckets, totals
//   GET  /cuentas/export               staff: the same as .xlsx or CSV
//   GET  /cuentas/detalle/{id}         staff: one enrolment's ledger
//   POST /pagos/manual                 staff: a transfer, cash or a cheque
//   POST /cuotas/update                staff: move or cancel a future instalment
//   POST /cuentas/recordatorio/{id}    staff: e-mail the family what it owes
import { ApiError } from '../errors.ts';
import { IdParams } from '../../domain/schemas/fields.ts';
import { LEDGER_MESSAGES as M, type LedgerPayment } from '../../domain/ledger.ts';
import {
  AlreadyPaidAnswer,
  InstalmentUpdateBody,
  LedgerAnswer,
  LedgerMessageAnswer,
  LedgersAnswer,
  ManualPaymentBody,
  PAY_CARD_FIELDS,
  PayInstalmentBody,
  ReceivablesAnswer,
  ReceivablesExportQuery,
  ReceivablesQuery,
  CardAnswer,
  CardMessageAnswer,
  SaveCardBody,
  type EnrolmentLedgerAnswer,
} from '../../domain/schemas/ledger.ts';
import { santoDomingoDay } from '../../domain/days.ts';
import type { Enrolment } from '../../domain/records.ts';
import { exportCampCode, exportFileName } from '../admin/export.ts';
import { MessageAnswer } from '../../domain/schemas/answers.ts';
import { errorEnvelope } from '../errors.ts';
import { nowOf } from '../deps.ts';
import { answerOncePerKey } from './once-per-key.ts';
import { recordExport } from '../admin/audit.ts';
import { familyLedgers, readLedger, type EnrolmentLedger } from '../payments/ledger.ts';
import { payInstalment } from '../payments/card-payment.ts';
import { recordManualPayment } from '../payments/manual-payment.ts';
import { updateInstalment } from '../payments/instalment-updates.ts';
import { sendBalanceReminder } from '../payments/family-mail.ts';
import type { AlreadyPaid } from '../payments/already-paid.ts';
import { RECEIVABLE_COLUMNS, receivableExportRows, receivables } from '../payments/receivables.ts';
import {
  accountOf,
  actorOf,
  Answer,
  FileAnswer,
  FileDownload,
  type ApiRoute,
  adminCall,
  perAccount,
  userCall,
} from './route.ts';
import { activeCard, removeFamilyCard, saveFamilyCard } from '../payments/cards.ts';
import { cardOfForm } from '../../domain/cards.ts';
import type { SavedCard } from '../../domain/ledger.ts';
import type { Core } from '../services.ts';

const paymentAnswer = (payment: LedgerPayment) => ({
  _id: payment._id,
  method: payment.method,
  amount: payment.amount,
  status: payment.status,
  created_at: new Date(payment.created_at).toISOString(),
  auth_code: payment.auth_code ?? null,
  card: payment.card ?? null,
  bank: payment.bank ?? '',
  document: payment.document ?? '',
  message: payment.message ?? '',
  recorded_by: payment.recorded_by,
  cuotas: payment.allocations.map((allocation) => allocation.cuota),
});

/** A ledger as answered: plain JSON, no stored bookkeeping. */
export const ledgerAnswer = (ledger: EnrolmentLedger): EnrolmentLedgerAnswer => ({
  enrolment: {
    _id: ledger.enrolment._id,
    order_number: ledger.enrolment.order_number,
    campament: ledger.enrolment.campament,
    camp_name: ledger.enrolment.camp_name,
    camp_type: ledger.enrolment.camp_type,
    status: ledger.enrolment.status,
    parent_email: ledger.enrolment.parent_email,
    parent_name: ledger.enrolment.parent_name,
    children: ledger.enrolment.children,
  },
  lines: ledger.lines.map((line) => ({
    _id: line._id,
    cupo: line.cupo,
    child: line.child,
    kind: line.kind,
    seq: line.seq,
    of: line.of,
    ...(line.label ? { label: line.label } : {}),
    due: line.due,
    amount: line.amount,
    paid: line.paid,
    owed: line.owed,
    state: line.state,
    days_overdue: line.days_overdue,
    retry: line.owed > 0 && !line.autopay_stopped ? (line.autopay_next ?? null) : null,
    stopped: line.owed > 0 ? (line.autopay_stopped ?? null) : null,
  })),
  autopay: ledger.autopay,
  returned: ledger.returned,
  // Declined and failed card attempts are the family's history too; a charge under way shows as such.
  payments: ledger.payments.map(paymentAnswer),
  balance: ledger.balance,
  overdue: ledger.overdue,
  paid: ledger.paid,
  credit: ledger.credit,
  next_due: ledger.next_due,
  next_amount: ledger.next_amount,
  days_overdue: ledger.days_overdue,
});

/** A payment of a line already paid (issue 53): the message, the ledger and the paying payment. */
const alreadyPaidBody = (outcome: AlreadyPaid) => ({
  message: M.alreadyPaid,
  data: ledgerAnswer(outcome.ledger),
  receipt: outcome.receipt ? paymentAnswer(outcome.receipt) : null,
});

const today = (core: Core) => santoDomingoDay(nowOf(core.deps));

async function staffLedger(core: Core, id: string): Promise<EnrolmentLedgerAnswer> {
  const enrolment = await core.deps.store.collection<Enrolment>('inscripciones').findById(id);
  if (!enrolment || enrolment.payment_status !== 'paid') throw new ApiError(404, M.notFound);
  return ledgerAnswer(await readLedger(core.deps.store, enrolment, today(core)));
}

const cardAnswer = (card: SavedCard | null) =>
  card ? { brand: card.brand, last4: card.last4, expiry: card.expiry } : null;

export const PAYMENT_ROUTES: ApiRoute[] = [
  userCall('GET', '/tarjetas', {
    schema: { response: { 200: CardAnswer } },
    handle: async (call, core) => ({
      status: 'SUCCESS',
      data: cardAnswer(await activeCard(core.deps.store, accountOf(call)._id)),
    }),
  }),
  userCall('POST', '/tarjetas', {
    schema: { body: SaveCardBody, response: { 200: CardMessageAnswer } },
    // As tight as a payment: each try asks the bank about a card.
    rateLimit: perAccount(10),
    handle: async (call, core) => {
      const card = await saveFamilyCard(core.deps, accountOf(call)._id, cardOfForm(call.body));
      return { status: 'SUCCESS', message: M.cardSaved, data: cardAnswer(card) };
    },
  }),
  userCall('POST', '/tarjetas/eliminar', {
    schema: { response: { 200: CardMessageAnswer } },
    handle: async (call, core) => {
      await removeFamilyCard(core.deps, accountOf(call)._id);
      return { status: 'SUCCESS', message: M.cardRemoved, data: null };
    },
  }),
  userCall('GET', '/pagos', {
    schema: { response: { 200: LedgersAnswer } },
    handle: async (call, core) => ({
      status: 'SUCCESS',
      data: (await familyLedgers(core.deps, accountOf(call)._id)).map(ledgerAnswer),
    }),
  }),
  userCall('POST', '/pagos/cuota/:id', {
    // 200: the line was paid already (nothing charged); the parent's page shows it paid.
    schema: {
      params: IdParams,
      body: PayInstalmentBody,
      response: { 200: AlreadyPaidAnswer, 201: LedgerMessageAnswer },
    },
    rateLimit: perAccount(20),
    handle: (call, core) =>
      answerOncePerKey(call, core, {
        request: { ...call.body, enrolment: call.params.id },
        cardFields: PAY_CARD_FIELDS,
        what: 'instalment payment',
        work: async () => {
          const outcome = await payInstalment(core.deps, accountOf(call), call.params.id, call.body);
          if (outcome.kind === 'unknown') return { statusCode: 202, body: errorEnvelope(M.verifying) };
          if (outcome.kind === 'already-paid')
            return { statusCode: 200, body: { status: 'SUCCESS', ...alreadyPaidBody(outcome) } };
          return {
            statusCode: 201,
            body: { status: 'SUCCESS', message: M.paid, data: ledgerAnswer(outcome.ledger) },
          };
        },
      }),
  }),
  adminCall('GET', '/cuentas/lista', {
    schema: { querystring: ReceivablesQuery, response: { 200: ReceivablesAnswer } },
    handle: async (call, core) => ({
      status: 'SUCCESS',
      data: await receivables(core.deps.store, call.query, today(core)),
    }),
  }),
  adminCall('GET', '/cuentas/export', {
    schema: { querystring: ReceivablesExportQuery, response: FileDownload },
    handle: async (call, core) => {
      const { format, ...filters } = call.query;
      const store = core.deps.store;
      await recordExport(store, actorOf(call), 'cuentas', `${format}: ${JSON.stringify(filters)}`);
      const campCode = await exportCampCode(store, filters.campament);
      return new FileAnswer(
        exportFileName(campCode, format, nowOf(core.deps), 'cuentas-por-cobrar'),
        format,
        receivableExportRows(store, filters, today(core)),
        RECEIVABLE_COLUMNS,
        'Cuentas por cobrar',
      );
    },
  }),
  adminCall('GET', '/cuentas/detalle/:id', {
    schema: { params: IdParams, response: { 200: LedgerAnswer } },
    handle: async (call, core) => ({ status: 'SUCCESS', data: await staffLedger(core, call.params.id) }),
  }),
  adminCall('POST', '/pagos/manual', {
    schema: { body: ManualPaymentBody, response: { 200: LedgerMessageAnswer } },
    handle: async (call, core) => {
      const outcome = await recordManualPayment(core.deps, actorOf(call), call.body);
      // Nothing recorded: a refusal the form shows, with the ledger (and what paid the line).
      if (outcome.kind === 'already-paid')
        return new Answer(409, { ...errorEnvelope(M.alreadyPaid), ...alreadyPaidBody(outcome) });
      return { status: 'SUCCESS', message: M.recorded, data: ledgerAnswer(outcome.ledger) };
    },
  }),
  adminCall('POST', '/cuotas/update', {
    schema: { body: InstalmentUpdateBody, response: { 200: LedgerMessageAnswer } },
    handle: async (call, core) => {
      const ledger = await updateInstalment(core.deps, actorOf(call), call.body);
      return {
        status: 'SUCCESS',
        message: call.body.cancel ? M.instalmentCancelled : M.instalmentMoved,
        data: ledgerAnswer(ledger),
      };
    },
  }),
  adminCall('POST', '/cuentas/recordatorio/:id', {
    schema: { params: IdParams, response: { 200: MessageAnswer } },
    handle: async (call, core) => {
      await sendBalanceReminder(core.deps, actorOf(call), call.params.id);
      return { status: 'SUCCESS', message: M.reminderSent };
    },
  }),
];
