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
import { LEDGER_MESSAGES as M } from '../../domain/ledger.ts';
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
import { familyLedgers, readLedger } from '../payments/ledger.ts';
import { ledgerAnswer, paymentAnswer } from '../payments/ledger-answer.ts';
import { payInstalment } from '../payments/card-payment.ts';
import { authenticationAnswer } from '../checkout/authentication.ts';
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

const cardAnswer = (card: SavedCard | null, gateway: Core['deps']['gateway']) =>
  card
    ? {
        brand: card.brand,
        last4: card.last4,
        expiry: card.expiry,
        ...(gateway.savedCardCvv ? { cvv_required: true } : {}),
      }
    : null;

export const PAYMENT_ROUTES: ApiRoute[] = [
  userCall('GET', '/tarjetas', {
    schema: { response: { 200: CardAnswer } },
    handle: async (call, core) => ({
      status: 'SUCCESS',
      data: cardAnswer(await activeCard(core.deps.store, accountOf(call)._id), core.deps.gateway),
    }),
  }),
  userCall('POST', '/tarjetas', {
    schema: { body: SaveCardBody, response: { 200: CardMessageAnswer } },
    // As tight as a payment: each try asks the bank about a card.
    rateLimit: perAccount(10),
    handle: async (call, core) => {
      const card = await saveFamilyCard(core.deps, accountOf(call)._id, cardOfForm(call.body));
      return { status: 'SUCCESS', message: M.cardSaved, data: cardAnswer(card, core.deps.gateway) };
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
        work: async (key) => {
          const outcome = await payInstalment(core.deps, accountOf(call), call.params.id, call.body, key);
          if (outcome.kind === 'unknown') return { statusCode: 202, body: errorEnvelope(M.verifying) };
          // The card's bank asks first (3-D Secure): the page does its step, as the wizard's does.
          if (outcome.kind === 'authenticate') return authenticationAnswer(outcome.session, outcome.step);
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
