// The ledger's e-mails to a family (issue 20): queued to the account's and the wizard's addresses;
// and the office's reminder of what is owed ('Enviar recordatorio').
import { activeCard } from './cards.ts';
import { ApiError } from '../errors.ts';
import { nowOf, type CoreDeps, type MailMessage } from '../deps.ts';
import type { Enrolment, UserRecord } from '../../domain/records.ts';
import { santoDomingoDay } from '../../domain/days.ts';
import { LEDGER_MESSAGES as M } from '../../domain/ledger.ts';
import { recordAudit, type Actor } from '../admin/audit.ts';
import { familyRecipients } from '../checkout/mails.ts';
import { balanceReminderMail } from './mails.ts';
import { readLedger } from './ledger.ts';
import { enrolmentsOf } from '../collections.ts';

/** Queues a message of the ledger to the family of an enrolment (the account's and the wizard's e-mail). */
export async function mailFamily(
  deps: Pick<CoreDeps, 'store' | 'mailer'>,
  enrolment: Enrolment,
  message: Omit<MailMessage, 'to'>,
  key: string,
): Promise<void> {
  const user = await deps.store
    .collection<UserRecord>('usuarios')
    .findById(enrolment.user_id, { withDeleted: true });
  await deps.mailer.enqueue({
    ...message,
    to: familyRecipients(user?.email, enrolment),
    user_id: enrolment.user_id,
    key,
  });
}

/** E-mails the family what it owes (the office's 'Enviar recordatorio'). */
export async function sendBalanceReminder(deps: CoreDeps, actor: Actor, enrolmentId: string): Promise<void> {
  const { store } = deps;
  const enrolment = await enrolmentsOf(store).findById(enrolmentId);
  if (!enrolment || enrolment.payment_status !== 'paid') throw new ApiError(404, M.notFound);
  const ledger = await readLedger(store, enrolment, santoDomingoDay(nowOf(deps)));
  if (ledger.balance <= 0) throw new ApiError(400, M.nothingOwed);
  // On autopay with a card kept: its coming instalments are charged, not asked for (issue 54).
  const card = enrolment.autopay?.authorised_at ? await activeCard(store, enrolment.user_id) : null;
  await mailFamily(
    deps,
    enrolment,
    balanceReminderMail(ledger, deps.settings.publicUrl, card),
    // Each reminder the office sends is a message of its own.
    `balance-reminder-${enrolment._id}-${nowOf(deps).getTime()}`,
  );
  await recordAudit(store, actor, {
    action: 'create',
    kind: 'recordatorios',
    record_id: enrolment._id,
    after: { balance: ledger.balance, next_due: ledger.next_due },
    note: 'Recordatorio de saldo enviado',
  });
}
