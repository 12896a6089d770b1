// Autopay (issue 20): a background pass charges each due instalment of a family that authorised it
// to the card it keeps on file (the gateway's token, ./cards.ts), on its date. Each instalment is
// claimed with a lease in the store and charged under its enrolment's payment lease (./ledger-lock.ts),
// one gateway reference per attempt, the payment written before the charge: several instances
// charge each instalment once, and a crash leaves a 'charging' payment that the settler resolves by
// asking the gateway (`lookup`) before anything is charged again. Three days before, a notice; after
// a charge, the receipt; after a decline, an e-mail with a link to pay or change the card, and
// retries on the school's schedule (after 1, 3 and 7 days by default), never on a card the gateway
// declared lost, stolen, expired or invalid. After the last try the instalment stays 'vencida'.
import { ApiError } from '../errors.ts';
import { nowOf, type CoreDeps } from '../deps.ts';
import type { Store } from '../store/port.ts';
import type { Enrolment } from '../../domain/records.ts';
import { santoDomingoDay } from '../../domain/days.ts';
import { addDays, formatDueDay } from '../../domain/plans.ts';
import { formatDop } from '../../domain/pricing.ts';
import { WHATSAPP_MESSAGES } from '../../domain/whatsapp.ts';
import { sendTemplate } from '../messaging/whatsapp.ts';
import { HARD_REFUSALS } from '../../domain/cards.ts';
import {
  AUTOPAY_DEFAULTS,
  instalmentLabel,
  PAYING_STATUSES,
  type Instalment,
  type LedgerPayment,
} from '../../domain/ledger.ts';
import type { ChargeResult } from '../checkout/gateway.ts';
import { paymentLeaseMs } from '../checkout/idempotency.ts';
import { activeCard } from './cards.ts';
import { INSTALMENTS, readLedger } from './ledger.ts';
import { withLedgerLock } from './ledger-lock.ts';
import { chargeInstalmentLine } from './card-payment.ts';
import { settleCardPayments, settleCharge } from './card-settler.ts';
import { mailFamily } from './family-mail.ts';
import { autopayDeclinedMail, autopayNoticeMail, myPaymentsLink } from './mails.ts';

export interface AutopayReport {
  notices: number;
  charged: number;
  declined: number;
  unknown: number;
}

const instalmentsOf = (store: Store) => store.collection<Instalment>(INSTALMENTS);

const autopaySettings = (deps: Pick<CoreDeps, 'settings'>) => ({
  retryDays: deps.settings.autopay?.retryDays ?? AUTOPAY_DEFAULTS.retryDays,
  noticeDays: deps.settings.autopay?.noticeDays ?? AUTOPAY_DEFAULTS.noticeDays,
});

/** One pass: settle what a crash left, send the notices, charge what is due today. */
export async function runAutopay(deps: CoreDeps): Promise<AutopayReport> {
  const { store } = deps;
  const report: AutopayReport = { notices: 0, charged: 0, declined: 0, unknown: 0 };
  await settleCardPayments(deps);
  const today = santoDomingoDay(nowOf(deps));
  const { retryDays, noticeDays } = autopaySettings(deps);
  const enrolments = store.collection<Enrolment>('inscripciones');

  // Only enrolments with autopay on (and not cancelled) are read, for the notices and the charges:
  // the families who pay by hand cost the pass nothing. Asked by the consent's text, which every
  // authorisation has beside its date: its sparse index finds them (src/core/indexes.ts).
  const withAutopay = new Map(
    (await enrolments.find({ 'autopay.text': { $exists: true }, status: { $ne: 'cancelled' } })).map(
      (enrolment) => [enrolment._id, enrolment],
    ),
  );
  if (withAutopay.size === 0) return report;
  const ids = [...withAutopay.keys()];

  // Notices, once per instalment (the outbox keeps one message per key).
  const soon = await instalmentsOf(store).find({
    enrolment_id: { $in: ids },
    kind: 'cuota',
    cancelled_at: null,
    due: { $gt: today, $lte: addDays(today, noticeDays) },
    autopay_noticed: { $exists: false },
  });
  for (const instalment of soon) {
    const enrolment = withAutopay.get(instalment.enrolment_id)!;
    const card = await activeCard(store, enrolment.user_id);
    if (!card) continue;
    const ledger = await readLedger(store, enrolment, today);
    const line = ledger.lines.find((candidate) => candidate._id === instalment._id);
    if (!line || line.owed <= 0) continue;
    await mailFamily(
      deps,
      enrolment,
      autopayNoticeMail(ledger, line, card, deps.settings.publicUrl),
      `autopay-notice-${instalment._id}`,
    );
    await sendTemplate(
      deps,
      enrolment.user_id,
      'cuota_aviso_cobro',
      [
        formatDueDay(line.due),
        formatDop(line.owed),
        `${card.brand} terminada en ${card.last4}`,
        `${instalmentLabel(line)}${line.child ? ` de ${line.child}` : ''}`,
        `${enrolment.camp_name} (orden ${enrolment.order_number})`,
        myPaymentsLink(deps.settings.publicUrl),
      ],
      { kind: 'autopay-notice', key: `autopay-notice-${instalment._id}` },
    );
    // Marked so that the passes of the next days do not read it again (the key already dedups).
    await instalmentsOf(store).updateOne({ _id: instalment._id }, { set: { autopay_noticed: true } });
    report.notices += 1;
  }

  // Charges: every instalment due by today, not stopped and not known settled. `autopay_settled`
  // is only a hint that keeps paid instalments out of later passes: the ledger is read again
  // before any charge.
  const due = await instalmentsOf(store).find(
    {
      enrolment_id: { $in: ids },
      cancelled_at: null,
      due: { $lte: today },
      autopay_stopped: { $exists: false },
      autopay_settled: { $exists: false },
    },
    { sort: { due: 1, _id: 1 } },
  );
  const byEnrolment = new Map<string, Instalment[]>();
  for (const instalment of due)
    byEnrolment.set(instalment.enrolment_id, [
      ...(byEnrolment.get(instalment.enrolment_id) ?? []),
      instalment,
    ]);
  for (const [enrolmentId, instalments] of byEnrolment) {
    const enrolment = withAutopay.get(enrolmentId)!;
    for (const instalment of instalments) {
      if (instalment.autopay_next && instalment.autopay_next > today) continue;
      const outcome = await chargeInstalment(deps, enrolment, instalment, today, retryDays).catch(
        (error: unknown) => {
          if (error instanceof ApiError) return 'busy' as const; // a parent paying now: next pass
          throw error;
        },
      );
      if (outcome === 'approved') report.charged += 1;
      else if (outcome === 'declined') report.declined += 1;
      else if (outcome === 'unknown') report.unknown += 1;
      // After anything but an approval, the later instalments of this family wait for the next pass.
      if (outcome !== 'approved' && outcome !== 'nothing') break;
    }
  }
  return report;
}

type ChargeOutcome = 'approved' | 'declined' | 'unknown' | 'nothing' | 'claimed' | 'busy';

/** Claims one instalment, charges what it still owes to the family's card, and records the answer. */
async function chargeInstalment(
  deps: CoreDeps,
  enrolment: Enrolment,
  instalment: Instalment,
  today: string,
  retryDays: readonly number[],
): Promise<ChargeOutcome> {
  const { store } = deps;
  const now = new Date();
  const claimed = await instalmentsOf(store).updateOne(
    {
      _id: instalment._id,
      $or: [
        { autopay_lease_until: { $exists: false } },
        { autopay_lease_until: null },
        { autopay_lease_until: { $lt: now } },
      ],
    },
    { set: { autopay_lease_until: new Date(now.getTime() + paymentLeaseMs(deps)) } },
  );
  if (!claimed) return 'claimed';
  try {
    return await withLedgerLock(deps, enrolment._id, async (locked) => {
      const card = await activeCard(store, locked.user_id);
      if (!card) return 'nothing';
      // What it still owes, a charge under way counted as paying (never charged twice).
      const ledger = await readLedger(store, locked, today, [...PAYING_STATUSES, 'charging']);
      const line = ledger.lines.find((candidate) => candidate._id === instalment._id);
      if (!line || line.owed <= 0) {
        // Paid some other way (the family, the office): later passes skip it.
        if (line && !ledger.payments.some((payment) => payment.status === 'charging'))
          await instalmentsOf(store).updateOne({ _id: instalment._id }, { set: { autopay_settled: true } });
        return 'nothing';
      }
      const { payment, charge } = await chargeInstalmentLine(deps, locked, line, {
        method: 'tarjeta_guardada',
        prefix: 'A',
        card: { brand: card.brand, last4: card.last4 },
        recordedBy: 'cobro automático',
        send: (request) => deps.gateway.chargeSaved({ ...request, token: card.token }),
      });
      if (!charge) return 'unknown';
      const settled = await settleCharge(deps, payment, charge);
      if (charge.approved) {
        await instalmentsOf(store).updateOne(
          { _id: instalment._id },
          { set: { autopay_settled: true }, unset: ['autopay_next'] },
        );
        return 'approved';
      }
      if (!settled) return 'nothing';
      await recordDecline(deps, locked, instalment, settled, charge, today, retryDays);
      return 'declined';
    });
  } finally {
    await instalmentsOf(store)
      .updateOne({ _id: instalment._id }, { set: { autopay_lease_until: null } })
      .catch(() => undefined);
  }
}

/** A declined try: the next one on the school's schedule, or none (a hard refusal, the last try). */
async function recordDecline(
  deps: CoreDeps,
  enrolment: Enrolment,
  instalment: Instalment,
  payment: LedgerPayment,
  charge: Extract<ChargeResult, { approved: false }>,
  today: string,
  retryDays: readonly number[],
): Promise<void> {
  const { store } = deps;
  const attempts = (instalment.autopay_attempts ?? 0) + 1;
  const firstFailure = instalment.autopay_first_failure ?? today;
  const hard = HARD_REFUSALS.includes(charge.reason);
  const next = !hard && attempts <= retryDays.length ? addDays(firstFailure, retryDays[attempts - 1]!) : null;
  await instalmentsOf(store).updateOne(
    { _id: instalment._id },
    next
      ? { set: { autopay_attempts: attempts, autopay_first_failure: firstFailure, autopay_next: next } }
      : {
          set: {
            autopay_attempts: attempts,
            autopay_first_failure: firstFailure,
            autopay_stopped: charge.message,
          },
          unset: ['autopay_next'],
        },
  );
  const ledger = await readLedger(store, enrolment, today);
  await mailFamily(
    deps,
    enrolment,
    autopayDeclinedMail(ledger, payment, charge.message, next, deps.settings.publicUrl),
    `autopay-declined-${payment._id}`,
  );
  await sendTemplate(
    deps,
    enrolment.user_id,
    'cuota_no_cobrada',
    [
      formatDop(payment.amount),
      `${payment.card?.brand ?? ''} terminada en ${payment.card?.last4 ?? ''}`,
      `${enrolment.camp_name} (orden ${enrolment.order_number})`,
      charge.message,
      next ? WHATSAPP_MESSAGES.nextTry(formatDueDay(next)) : WHATSAPP_MESSAGES.stopped,
      myPaymentsLink(deps.settings.publicUrl),
    ],
    { kind: 'autopay-declined', key: `autopay-declined-${payment._id}` },
  );
}
