// The follow-ups of a paid enrolment (DESIGN.md §2.9): memberships, the admin area's records, the
// confirmation e-mail with its invoice, its ledger, the waiting list; each safe to run again.
import { rememberOrder } from '../family/saved.ts';
import { childKey } from '../../domain/family.ts';
import { closeWaitlistFor } from './waitlist.ts';
import { settleOrderPlaces } from './order-places.ts';
import { ensureLedger } from '../payments/ledger.ts';
import type { CoreDeps } from '../deps.ts';
import type { Store } from '../store/port.ts';
import type { Category, Enrolment, Membership, UserRecord, Week } from '../../domain/records.ts';
import {
  calendarRecords,
  clientRecord,
  contactRecords,
  membershipRecord,
  insertWithNewCode,
  newMembershipCode,
  participantRecords,
  recordBase,
} from './records.ts';
import { confirmationMail, familyRecipients } from './mails.ts';
import { confirmationParameters, sendTemplate } from '../messaging/whatsapp.ts';
import { invoiceType, receiptsForMail, receiptOf } from '../receipts/service.ts';
import { markMailed, receiptAttachment } from '../receipts/delivery.ts';
import type { Receipt } from '../../domain/receipts.ts';
import { enrolmentsOf } from '../collections.ts';

/**
 * Memberships for the children without one, the admin records, the confirmation e-mail; then
 * `followups_done`. Each part checks what a previous run already did, so a retry never doubles it.
 */
export async function completeFollowUps(deps: CoreDeps, enrolmentId: string): Promise<void> {
  const { store, mailer, settings } = deps;
  const enrolments = enrolmentsOf(store);
  const enrolment = await enrolments.findById(enrolmentId);
  if (!enrolment || enrolment.payment_status !== 'paid' || enrolment.followups_done) return;
  // Paid: its holds leave the weeks for its own records, so the weeks stay small (issue 55).
  await settleOrderPlaces(store, enrolment);
  const user = await store
    .collection<UserRecord>('usuarios')
    .findById(enrolment.user_id, { withDeleted: true });
  if (!user) return;
  const issuedAt = enrolment.paid_at ?? new Date();

  const memberships = store.collection<Membership>('membresias');
  const participants: Enrolment['participants'] = [];
  for (const participant of enrolment.participants) {
    if (participant.membership_code) {
      participants.push(participant);
      continue;
    }
    const earlier = await memberships.findOne({
      order_number: enrolment.order_number,
      first_name: participant.first_name,
      birth_date: participant.birth_date,
    });
    // A child the family already has a code for keeps it (issue 26): one code per child, never two.
    const known =
      earlier ??
      (
        await memberships.find(
          { user_id: user._id, status: 'active', birth_date: participant.birth_date },
          { sort: { issued_at: 1 } },
        )
      ).find((membership) => childKey(membership) === childKey(participant));
    const membership =
      known ??
      (await insertWithNewCode(memberships, newMembershipCode, (code) =>
        membershipRecord(code, user._id, participant, enrolment, issuedAt),
      ));
    participants.push({ ...participant, membership_code: membership.code });
  }
  const paid = (await enrolments.updateOne({ _id: enrolment._id }, { set: { participants } })) ?? enrolment;
  // The family's saved children and contacts (issue 26): a convenience, never a reason to stop.
  await rememberOrder(deps, paid).catch((error: unknown) =>
    deps.log.error({ err: error, order: paid.order_number }, 'the family data could not be saved'),
  );

  const weekIds = [...new Set(paid.lines.map((line) => line.id))];
  const [weeks, categories] = await Promise.all([
    store.collection<Week>('semanas').find({ _id: { $in: weekIds } }, { withDeleted: true }),
    store.collection<Category>('categorias').find({ campament: paid.campament }, { withDeleted: true }),
  ]);
  const weekById = new Map(weeks.map((week) => [week._id, week]));
  if ((await store.collection('participantes').count({ inscription: paid._id })) === 0)
    await writeAdminRecords(store, user, paid, weekById, categories);

  const recipients = familyRecipients(user.email, paid);
  // The fiscal receipt goes with the confirmation; one that cannot be numbered yet (no sequence)
  // is owed and e-mailed by the pass once it can, and never holds the confirmation back.
  const receipt = await invoiceOf(deps, paid);
  await mailer.enqueue({
    ...confirmationMail(paid, weekById, settings.schoolWebsite, receipt),
    ...(receipt ? { attachments: [await receiptAttachment(deps, receipt)] } : {}),
    to: recipients,
    user_id: user._id,
    key: `confirmation-${paid._id}`,
  });
  // The same news on WhatsApp for a family that asked for it (issue 56), once per order.
  await sendTemplate(
    deps,
    user._id,
    'inscripcion_confirmada',
    confirmationParameters(paid, (line) => weekById.get(line.id)?.name ?? line.name),
    { kind: 'confirmation', key: `confirmation-${paid._id}` },
  );
  if (receipt) await markMailed(store, [receipt]);
  // Its ledger (issue 20): the instalments of its plan, the first of them paid by this charge.
  await ensureLedger(store, paid);
  // The family's waiting-list requests for the weeks it now has end (an offer taken).
  await closeWaitlistFor(store, paid.user_id, [...new Set(paid.lines.map((line) => line.id))]);
  await enrolments.updateOne({ _id: paid._id }, { set: { followups_done: true } });
}

/** The order's invoice (B01 or B02), issued now if it was not; null while it cannot be. */
const invoiceOf = (deps: CoreDeps, enrolment: Enrolment): Promise<Receipt | null> =>
  receiptsForMail(
    deps,
    enrolment,
    () => receiptOf(deps.store, enrolment._id, invoiceType(enrolment, deps.settings.ecf)),
    null,
  );

/** The participantes, contactos, calendarios and clientes records the admin area lists. */
async function writeAdminRecords(
  store: Store,
  user: UserRecord,
  enrolment: Enrolment,
  weekById: Map<string, Week>,
  categories: Category[],
): Promise<void> {
  const base = recordBase(enrolment, user._id);
  const participants = await store
    .collection('participantes')
    .insertMany(participantRecords(base, enrolment));
  const participantByCupo = new Map(participants.map((record) => [record.cupo as number, record._id]));
  await store
    .collection('calendarios')
    .insertMany(calendarRecords(base, enrolment, weekById, categories, participantByCupo));
  await store.collection('contactos').insertMany(contactRecords(base, enrolment.contact));
  const clients = store.collection('clientes');
  const client = clientRecord(user, enrolment);
  if (!(await clients.updateOne({ user_id: user._id }, { set: { ...client, updated_at: new Date() } }))) {
    await clients.insertOne({ ...client, created_at: new Date() });
  }
}
