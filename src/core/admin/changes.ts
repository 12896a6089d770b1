// Partial changes of a paid camp order (issue 24): staff (or the family, within the camp's window)
// drop one child, drop one week, or move a child to another week (over 500 lines on purpose: one
// concern, carrying a change out in its crash-safe order, read best in one place). The rules are
// src/domain/changes.ts and src/domain/pricing.ts repriceOrder; this carries a change out:
//   1. the target week's place is taken first (its waiting list offered first, as at the checkout),
//      so a move that finds no place changes nothing;
//   2. the order is rewritten (lines, children, price, the change) while it is not cancelled;
//   3. the places it no longer uses go back and are offered to the waiting list;
//   4. the difference: refunded to the card through the payment port, a credit coupon, nothing, or
//      owed as a new line of the order's ledger ('Mis pagos', or recorded by the office);
//   5. memberships of a child who left are voided, the admin records follow, the credit note is
//      issued, the family gets one e-mail with the order as it is now, and the audit says who.
// Changes of one order are serialised by the ledger's lease (payments of the order wait too).
import { ApiError } from '../errors.ts';
import { nowOf, type CoreDeps } from '../deps.ts';
import type { Store } from '../store/port.ts';
import type { Camp, Coupon, Enrolment, Membership, UserRecord, Week } from '../../domain/records.ts';
import { isAnnualProgram } from '../../domain/records.ts';
import {
  CHANGE_MESSAGES as M,
  changeDescription,
  changeMoneySentence,
  changedOrder,
  settleDifference,
  weekChangeDeadline,
  type ChangeRefund,
  type ChangeRequest,
  type ChangePreview,
  type OrderChange,
} from '../../domain/changes.ts';
import { repriceOrder, type PriceBreakdown } from '../../domain/pricing.ts';
import { couponTerms, keptCouponRefusal } from '../../domain/coupons.ts';
import { familyChildCount, fullName, sameChildSlots } from '../../domain/family.ts';
import { lastCancelDay } from '../../domain/cancellation.ts';
import { santoDomingoDay } from '../../domain/days.ts';
import type { Instalment } from '../../domain/ledger.ts';
import { STAFF_MESSAGES } from '../../domain/staff.ts';
import { placesOfLines } from '../checkout/steps.ts';
import { childrenOf } from '../checkout/pipeline.ts';
import { checkChildren, claimChildren, releaseChildClaims } from '../checkout/children.ts';
import { heldBy, PLACES } from '../checkout/holds.ts';
import { withOrderHold } from '../checkout/order-places.ts';
import { refundWhereTaken } from '../checkout/gateway.ts';
import { offerFreedPlaces } from '../checkout/waitlist.ts';
import { familyRecipients, orderChangedMail, refundParameters } from '../checkout/mails.ts';
import { sendTemplate } from '../messaging/whatsapp.ts';
import { addChangeRefund, cardCharges, ensureLedger, INSTALMENTS, instalmentId } from '../payments/ledger.ts';
import { withLedgerLock } from '../payments/ledger-lock.ts';
import { issueChangeCreditNote } from '../receipts/service.ts';
import { markMailed, receiptAttachment } from '../receipts/delivery.ts';
import { issueCredit } from './enrolments.ts';
import { giveBackState } from '../payments/give-back.ts';
import { boundChangeBack } from '../../domain/give-back.ts';
import { recordAudit, type Actor } from './audit.ts';
import { enrolmentsOf } from '../collections.ts';

export interface ChangeOptions {
  actor: Actor;
  refund: ChangeRefund;
  reason: string;
  /** Only the figures: nothing is changed. */
  preview: boolean;
  /** A parent's own change: only within the camp's window for the weeks it touches. */
  byParent?: boolean;
}

interface Plan {
  order: Enrolment;
  camp: Camp;
  target: Week | null;
  lines: Enrolment['lines'];
  participants: Enrolment['participants'];
  removed: Enrolment['participants'];
  price: PriceBreakdown;
  preview: ChangePreview;
  child: string;
  weekName?: string;
  /** move_week: the order with only the child's new line, as the one-place-per-child rule reads it. */
  moved: Enrolment | null;
}

/** Everything the change needs, read and checked; nothing written. */
async function planChange(
  deps: CoreDeps,
  order: Enrolment,
  request: ChangeRequest,
  options: Pick<ChangeOptions, 'refund' | 'byParent'>,
): Promise<Plan> {
  const { store } = deps;
  if (order.status === 'cancelled') throw new ApiError(409, M.cancelled);
  if (order.payment_status !== 'paid') throw new ApiError(409, M.notPaid);
  if (isAnnualProgram(order.camp_type)) throw new ApiError(409, M.annual);
  const camp = await store.collection<Camp>('campamentos').findById(order.campament, { withDeleted: true });
  if (!camp) throw new ApiError(404, STAFF_MESSAGES.enrolmentNotFound);
  let target: Week | null = null;
  if (request.action === 'move_week') {
    if (!request.to_week) throw new ApiError(400, M.weekNotFound);
    target = await store.collection<Week>('semanas').findById(request.to_week, { withDeleted: true });
    if (!target || target.campament !== order.campament) throw new ApiError(404, M.weekNotFound);
    if (target.status !== 'active' || target.isChecked === false) throw new ApiError(409, M.weekClosed);
  }
  const changed = changedOrder(
    order.lines,
    order.participants,
    request,
    target ? { id: target._id, name: target.name, date: target.date, value: target.value } : undefined,
  );
  if (!changed.ok) throw new ApiError(409, changed.message);
  const line = order.lines.find(
    (candidate) => candidate.cupo === request.cupo && candidate.id === request.week,
  );
  if (target && line) {
    const offered = target.categories ?? [];
    if (offered.length > 0 && !offered.includes(line.time)) throw new ApiError(409, M.categoryNotInWeek);
  }
  // One place per child (issue 53): the week moved to may not be one the child already has in
  // another of the family's orders, by the checkout's own rule and message.
  const moved = target
    ? {
        ...order,
        lines: changed.lines.filter((kept) => kept.cupo === request.cupo && kept.id === target._id),
        participants: changed.participants,
      }
    : null;
  if (moved) await checkChildren(store, moved, camp);
  // A child dropped leaves every week of theirs: each one's deadline must still be open.
  if (options.byParent)
    checkWindow(
      camp,
      request.action === 'drop_child'
        ? order.lines.filter((own) => own.cupo === request.cupo).map((own) => own.date)
        : [line?.date, target?.date],
      nowOf(deps),
    );

  const removed = order.participants.filter(
    (child) => !changed.participants.some((kept) => kept.id === child.id),
  );
  if (removed.length > 0) {
    // Later orders whose family discount counted this order's children (issue 43's rule).
    const relying = await enrolmentsOf(store).count({
      family_orders: order._id,
      payment_status: { $in: ['paid', 'pending', 'unknown'] },
      status: { $ne: 'cancelled' },
    });
    if (relying > 0) throw new ApiError(409, M.familyDiscount);
  }

  const [coupon, basis] = await Promise.all([
    order.coupon_id
      ? store.collection<Coupon>('cupones').findById(order.coupon_id, { withDeleted: true })
      : Promise.resolve(null),
    order.family_orders?.length
      ? enrolmentsOf(store).find({
          _id: { $in: order.family_orders },
          payment_status: 'paid',
          status: { $ne: 'cancelled' },
        })
      : Promise.resolve([]),
  ]);
  const childSlot = sameChildSlots(changed.participants);
  // The coupon's conditions on the order's shape, asked again of the order as it would stand, by
  // the checkout's own rule (issue 53): a change that would lose the coupon is refused, not repriced
  // without it (the family would pay more for less) nor kept with it (a discount it no longer earns).
  if (coupon) {
    const refusal = keptCouponRefusal(coupon, {
      paidAt: new Date(order.paid_at ?? order.created_at),
      campId: order.campament,
      children: new Set(childSlot.values()).size,
      userId: order.user_id,
    });
    if (refusal) throw new ApiError(409, M.couponLost(coupon.code, refusal, coupon.min_children ?? 0));
  }
  const { price, difference } = repriceOrder(
    {
      campType: order.camp_type,
      lines: changed.lines.map((kept) => ({
        cupo: childSlot.get(kept.cupo) ?? kept.cupo,
        value: kept.value,
        quantity: kept.quantity,
      })),
      membershipFee: camp.membership,
      coupon: coupon ? couponTerms(coupon) : null,
      familyChildren: camp.family_across_orders
        ? familyChildCount(childrenOf(basis), changed.participants)
        : 0,
    },
    order.amount,
  );
  // What the change gives back is bounded by what the order may still give back (issue 53): what
  // it collected less what its earlier changes refunded or credited.
  const wanted = settleDifference(difference, options.refund);
  const { collected, given } = await giveBackState(store, order);
  const settlement = { ...wanted, ...boundChangeBack(wanted, collected, given) };
  const child = order.participants.find((candidate) => candidate.id === request.cupo);
  const childName = child ? fullName(child) : '';
  const description = changeDescription(request.action, childName, line?.name, target?.name);
  return {
    order,
    camp,
    target,
    lines: changed.lines,
    participants: changed.participants,
    removed,
    price,
    child: childName,
    ...(line ? { weekName: line.name } : {}),
    moved,
    preview: {
      description,
      before_total: order.amount,
      after_total: price.total,
      difference,
      ...settlement,
      sentence: changeMoneySentence(settlement, difference),
    },
  };
}

/** A parent changes a week only until the camp's cancellation deadline of that week (and of the new one). */
function checkWindow(camp: Camp, dates: ReadonlyArray<string | undefined>, now: Date): void {
  if (camp.self_cancel === false) throw new ApiError(409, M.notOffered);
  for (const date of dates) {
    if (!date) continue;
    const deadline = weekChangeDeadline(camp, date);
    if (now.getTime() >= deadline.getTime()) throw new ApiError(409, M.closed(lastCancelDay(deadline)));
  }
}

/**
 * Moves an order's hold on a week by `delta` places in one single-document update (a rise bounded
 * by the week's capacity). False when a rise finds no place; retried when the hold moved meanwhile.
 */
async function shiftOrderHold(
  store: Store,
  weekId: string,
  orderId: string,
  delta: number,
): Promise<boolean> {
  const weeks = store.collection<Week>('semanas');
  for (let attempt = 0; attempt < 8; attempt += 1) {
    // Its places back in the week when they had left it for the order's record (issue 55).
    const week = await withOrderHold(store, weekId, orderId);
    if (!week) return delta < 0;
    const held = heldBy(week, orderId);
    const next = Math.max(held + delta, 0);
    const moved = await weeks.moveHold(weekId, {
      ...PLACES,
      ...(week.holds?.[orderId] !== undefined ? { from: { hold: orderId, amount: held } } : {}),
      // A week given up keeps the mark, so the order's record never counts it again.
      to: { hold: orderId, amount: next, mark: true },
    });
    if (moved) return true;
    // Refused: no place for a rise (the week is full), or the hold changed since it was read.
    const again = await weeks.findById(weekId, { withDeleted: true });
    if (again && heldBy(again, orderId) === held && delta > 0) return false;
  }
  return false;
}

export interface ChangeOutcome {
  preview: ChangePreview;
  enrolment: Enrolment;
  change?: OrderChange;
}

/** Carries out (or, with `preview`, only prices) a partial change of a paid camp order. */
export async function changeEnrolment(
  deps: CoreDeps,
  id: string,
  request: ChangeRequest,
  options: ChangeOptions,
): Promise<ChangeOutcome> {
  const { store } = deps;
  const found = await enrolmentsOf(store).findById(id);
  if (!found) throw new ApiError(404, STAFF_MESSAGES.enrolmentNotFound);
  if (options.preview) {
    const plan = await planChange(deps, found, request, options);
    return { preview: plan.preview, enrolment: found };
  }
  return withLedgerLock(deps, id, (locked) => applyChange(deps, locked, request, options), M.busy);
}

async function applyChange(
  deps: CoreDeps,
  order: Enrolment,
  request: ChangeRequest,
  options: ChangeOptions,
): Promise<ChangeOutcome> {
  const { store, log } = deps;
  const plan = await planChange(deps, order, request, options);
  const now = nowOf(deps);
  // The ledger as sold, before the order's amount changes (its first payment is the amount charged).
  await ensureLedger(store, order);

  const before = new Map(placesOfLines(order.lines).map(({ id, count }) => [id, count]));
  const after = new Map(placesOfLines(plan.lines).map(({ id, count }) => [id, count]));
  const rises = [...after].filter(([week, count]) => count > (before.get(week) ?? 0));
  const falls = [...before].filter(([week, count]) => count > (after.get(week) ?? 0));
  // The waiting lists of the weeks whose places change get their turn; a failure there is logged,
  // never the change's.
  const offerToWaitingLists = async (weeks: ReadonlyArray<[string, number]>) => {
    if (weeks.length > 0)
      await offerFreedPlaces(
        deps,
        weeks.map(([week]) => week),
      ).catch((error: unknown) =>
        log.error({ err: error, order: order.order_number }, 'waiting list offers failed'),
      );
  };

  // 0. The child's new week claimed (the checkout's claim), so that two operations racing to give
  // the child that week cannot both win; given back below if the change does not go through.
  const claimed = plan.moved ? await claimChildren(store, plan.moved, plan.camp, { now, pending: true }) : [];

  // 1. The new week's place, after its waiting list had its turn (issue 43: the line goes first).
  const taken: Array<[string, number]> = [];
  await offerToWaitingLists(rises);
  for (const [week, count] of rises) {
    const delta = count - (before.get(week) ?? 0);
    if (!(await shiftOrderHold(store, week, order._id, delta))) {
      for (const [done, by] of taken) await shiftOrderHold(store, done, order._id, -by);
      await releaseChildClaims(store, claimed, order._id, false);
      throw new ApiError(409, M.full(plan.target?.name ?? 'esa semana'));
    }
    taken.push([week, delta]);
  }

  // 2. The order as it is now, with the change (its money steps marked as they are done).
  const changeId = `c${(order.changes?.length ?? 0) + 1}`;
  const change: OrderChange = {
    id: changeId,
    action: request.action,
    cupo: request.cupo,
    child: plan.child,
    ...(request.week ? { week: request.week } : {}),
    ...(plan.weekName ? { week_name: plan.weekName } : {}),
    ...(plan.target ? { to_week: plan.target._id, to_week_name: plan.target.name } : {}),
    description: plan.preview.description,
    before_total: plan.preview.before_total,
    after_total: plan.preview.after_total,
    difference: plan.preview.difference,
    refund: options.refund,
    card_amount: plan.preview.card,
    credit_amount: plan.preview.credit,
    owed_amount: plan.preview.owed,
    ...(plan.preview.card > 0 ? { refund_status: 'pending' as const } : {}),
    reason: options.reason,
    by: options.actor.user.email,
    at: now,
  };
  const changes = [...(order.changes ?? []), change];
  const written = await enrolmentsOf(store).updateOne(
    { _id: order._id, status: { $ne: 'cancelled' }, payment_status: 'paid' },
    {
      set: {
        lines: plan.lines,
        participants: plan.participants,
        price: plan.price,
        amount: plan.price.total,
        discount: plan.price.discount,
        changes,
        change_refunded: (order.change_refunded ?? 0) + plan.preview.card,
      },
    },
  );
  if (!written) {
    for (const [week, by] of taken) await shiftOrderHold(store, week, order._id, -by);
    await releaseChildClaims(store, claimed, order._id, false);
    throw new ApiError(409, M.cancelled);
  }
  await releaseChildClaims(store, claimed, order._id, true);

  // 3. Places it no longer uses, back and offered to the families waiting.
  for (const [week, count] of falls)
    await shiftOrderHold(store, week, order._id, -(count - (after.get(week) ?? 0)));
  await offerToWaitingLists(falls);

  // 4. The money.
  if (change.card_amount > 0) {
    const refunded = await refundPart(deps, written, change);
    change.refund_status = refunded ? 'refunded' : 'pending';
  }
  if (change.credit_amount > 0)
    change.credit_code = (await issueCredit(store, written, change.credit_amount, now, changeId)).code;
  if (change.owed_amount > 0) await addOwedLine(store, written, change, now);

  // 5. Memberships, admin records, receipt, e-mail, audit.
  for (const child of plan.removed) {
    await store.collection<Membership>('membresias').updateOne(
      {
        order_number: order.order_number,
        first_name: child.first_name,
        birth_date: child.birth_date,
        status: 'active',
      },
      { set: { status: 'inactive' } },
    );
  }
  await followAdminRecords(store, order, request, plan);
  const final =
    (await enrolmentsOf(store).updateOne(
      { _id: order._id },
      { set: { changes: changes.map((one) => (one.id === changeId ? change : one)) } },
    )) ?? written;
  const creditNote = await issueChangeCreditNote(
    deps,
    final,
    changeId,
    change.card_amount + change.credit_amount,
  ).catch((error: unknown) => {
    log.error({ err: error, order: order.order_number }, 'the credit note of a change could not be issued');
    return null;
  });
  const parent = await store
    .collection<UserRecord>('usuarios')
    .findById(final.user_id, { withDeleted: true });
  const recipients = familyRecipients(parent?.email, final);
  if (recipients.length > 0) {
    await deps.mailer.enqueue({
      ...orderChangedMail(final, change, deps.settings.publicUrl, creditNote),
      ...(creditNote ? { attachments: [await receiptAttachment(deps, creditNote)] } : {}),
      to: recipients,
      user_id: final.user_id,
      key: `changed-${final._id}-${changeId}`,
    });
    if (creditNote) await markMailed(store, [creditNote]);
  }
  if (change.refund_status === 'refunded')
    await sendTemplate(
      deps,
      final.user_id,
      'reembolso_realizado',
      refundParameters(final, change.card_amount),
      {
        kind: 'refund',
        key: `refund-${final._id}-${changeId}`,
      },
    );
  await recordAudit(store, options.actor, {
    action: 'update',
    kind: 'inscripciones',
    record_id: order._id,
    before: { amount: order.amount, lines: order.lines.length, participants: order.participants.length },
    after: { amount: final.amount, lines: final.lines.length, participants: final.participants.length },
    note: `${change.description}. ${options.reason}`.trim(),
  });
  return { preview: plan.preview, enrolment: final, change };
}

/**
 * Gives `change.card_amount` back through the payment port, from the order's card charges in turn
 * (each refund keyed by the change, so a repeat never refunds twice). True when all was confirmed.
 */
async function refundPart(deps: CoreDeps, order: Enrolment, change: OrderChange): Promise<boolean> {
  const { store, gateway, log } = deps;
  let left = change.card_amount;
  for (const charge of await cardCharges(store, order)) {
    if (left <= 0) break;
    const amount = Math.min(charge.amount - charge.refunded - charge.changeRefunded, left);
    if (amount <= 0) continue;
    try {
      const result = await refundWhereTaken(gateway, charge, {
        reference: charge.reference,
        amount,
        key: `${charge.reference}:${change.id}`,
      });
      if (!result.refunded) {
        log.warn({ order: order.order_number, message: result.message }, 'partial refund refused');
        return false;
      }
      if (charge.payment) await addChangeRefund(store, charge.payment, amount);
      left -= amount;
    } catch (error) {
      log.error({ err: error, order: order.order_number }, 'partial refund could not be asked');
      return false;
    }
  }
  return left <= 0;
}

/** The difference a family owes after a change: a line of its ledger, due today. */
async function addOwedLine(store: Store, order: Enrolment, change: OrderChange, now: Date): Promise<void> {
  const seq = 100 + Number(change.id.slice(1));
  const line: Instalment = {
    _id: instalmentId(order._id, { cupo: 0, seq }),
    enrolment_id: order._id,
    user_id: order.user_id,
    order_number: order.order_number,
    campament: order.campament,
    camp_name: order.camp_name,
    cupo: 0,
    child: change.child,
    kind: 'cuota',
    seq,
    of: 1,
    label: `Diferencia por cambio (${change.to_week_name ?? change.week_name ?? ''})`,
    due: santoDomingoDay(now),
    amount: change.owed_amount,
    cancelled_at: null,
    created_at: now,
  };
  await store.collection<Instalment>(INSTALMENTS).insertOne(line);
}

/** The admin area's records (participantes, calendarios) follow the order: what left it is inactive. */
async function followAdminRecords(store: Store, order: Enrolment, request: ChangeRequest, plan: Plan) {
  const calendars = store.collection('calendarios');
  const own = { inscription: order._id, cupo: request.cupo, status: 'active' };
  const leaving = request.action === 'drop_child' ? own : { ...own, week: request.week };
  if (request.action === 'move_week' && plan.target)
    await calendars.updateOne(leaving, {
      set: {
        week: plan.target._id,
        name: plan.target.name,
        date: plan.target.date,
        value: plan.target.value,
      },
    });
  else while (await calendars.updateOne(leaving, { set: { status: 'inactive' } }));
  for (const child of plan.removed)
    await store
      .collection('participantes')
      .updateOne({ inscription: order._id, cupo: child.id }, { set: { status: 'inactive' } });
}
