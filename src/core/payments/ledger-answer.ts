// A ledger as the family's and the office's pages read it (plain JSON, no stored bookkeeping): the
// answer of GET /pagos and of a card payment, whether it settled at once or after the bank's step.
import type { LedgerPayment } from '../../domain/ledger.ts';
import type { EnrolmentLedgerAnswer } from '../../domain/schemas/ledger.ts';
import type { EnrolmentLedger } from './ledger.ts';

export const paymentAnswer = (payment: LedgerPayment) => ({
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
