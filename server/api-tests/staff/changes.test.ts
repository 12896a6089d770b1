// Partial changes of a paid order (issue 24): staff drop one child or one week, or move a child to
// another week; the order is priced again by the one pricing module (figures written out below to
// the peso), places go back or are taken atomically, the difference is refunded through the
// payment port, given as a credit or owed, the family gets one e-mail, and the office's figures
// follow. A parent may ask the same from the profile within the camp's window.
import { describe, expect, it } from 'vitest';
import { recordingStaffKit, staffKitPerTest } from './testing.ts';

import type { Camp, Coupon, Enrolment, Membership, Week } from '../../../src/domain/records.ts';
import { CHANGE_MESSAGES, PARENT_CHANGE_REASON } from '../../../src/domain/changes.ts';
import { CHILD_MESSAGES } from '../../../src/domain/children.ts';
import type { Instalment, LedgerPayment } from '../../../src/domain/ledger.ts';
import {
  cancelAsStaff,
  enrolmentRequest,
  joinWaitlist,
  participant,
  type DemoCart,
} from '../checkout/testing.ts';

const { kit, setup } = staffKitPerTest(recordingStaffKit);

const orders = () => kit.t.store.collection<Enrolment>('inscripciones');
const taken = async (cart: DemoCart, index: number) =>
  (await kit.t.store.collection<Week>('semanas').findById(cart.weeks[index]!._id))!.quota_f;

async function payFor(token: string, body = enrolmentRequest(kit.cart, [[0]])): Promise<Enrolment> {
  const res = await kit.pay(token, body);
  expect(res.statusCode, res.body).toBe(201);
  return (await orders().findOne({ order_number: res.json().result.orderId }))!;
}

const change = (id: string, body: Record<string, unknown>, token = kit.admin) =>
  kit.t.api({
    method: 'POST',
    url: `/api/inscripciones/cambios/${id}`,
    token,
    payload: { refund: 'card', reason: 'Pedido por la madre por teléfono', ...body },
  });

/** The parent asks for a change from the profile. */
const parentChange = (id: string, body: Record<string, unknown>, token = kit.parent) =>
  kit.t.api({ method: 'POST', url: `/api/inscripciones/cambiar/${id}`, token, payload: body });

/** Child 1 of the order moved from `cart`'s week `from` to its week `to` (indexes). */
const moveWeek = (cart: DemoCart, from: number, to: number) => ({
  action: 'move_week',
  cupo: 1,
  week: cart.weeks[from]!._id,
  to_week: cart.weeks[to]!._id,
});

const money = async () =>
  (await kit.t.api({ method: 'GET', url: '/api/dashboard', token: kit.admin })).json().data.money;

describe('staff change a paid order', () => {
  it('drop one week of a two-child order: repriced, the place back, the difference refunded, one e-mail', async () => {
    const { cart } = await setup();
    // Sofía weeks 1 and 2, Luis week 1: 14,100 - 5 % family (705) - 2-week rate on 9,400 (100) = 13,295.
    const order = await payFor(kit.parent, enrolmentRequest(cart, [[0, 1], [0]]));
    expect(order.amount).toBe(13_295);
    expect([await taken(cart, 0), await taken(cart, 1)]).toEqual([2, 1]);
    const week2 = { action: 'drop_week', cupo: 1, week: cart.weeks[1]!._id };

    // The preview says what would happen and changes nothing.
    const preview = await change(order._id, { ...week2, preview: true });
    expect(preview.statusCode, preview.body).toBe(200);
    // Left: two children one week each: 9,400 - 5 % (470) = 8,930, so 4,365 go back.
    expect(preview.json().data.preview).toMatchObject({
      before_total: 13_295,
      after_total: 8_930,
      difference: -4_365,
      card: 4_365,
      sentence: 'Se reembolsarán RD$4,365 a su tarjeta.',
    });
    expect((await orders().findById(order._id))!.amount).toBe(13_295);
    expect(kit.refunds).toHaveLength(0);

    const res = await change(order._id, week2);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(CHANGE_MESSAGES.done);
    const after = (await orders().findById(order._id))!;
    expect(after).toMatchObject({ amount: 8_930, discount: 470, change_refunded: 4_365 });
    expect(after.lines.map((line) => [line.cupo, line.name])).toEqual([
      [1, 'Semana 1'],
      [2, 'Semana 1'],
    ]);
    expect(after.changes).toMatchObject([
      {
        id: 'c1',
        description: `Se quitó Semana 2 de ${participant(1).first_name} Rodríguez`,
        refund_status: 'refunded',
        card_amount: 4_365,
        by: 'direccion@escuela.do',
      },
    ]);
    expect([await taken(cart, 0), await taken(cart, 1)]).toEqual([2, 0]);
    expect(kit.refunds).toEqual([
      { reference: order.order_number, amount: 4_365, key: `${order.order_number}:c1` },
    ]);
    const checkout = await kit.t.store.collection<LedgerPayment>('pagos').findById(`${order._id}:checkout`);
    expect(checkout).toMatchObject({ amount: 13_295, change_refunded_amount: 4_365 });

    await kit.t.app.outbox.flush();
    const mails = kit.t.mails.filter((mail) => mail.kind === 'enrolment-changed');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Inscripción modificada — orden ${order.order_number}`);
    expect(mails[0]!.text).toContain('Nuevo total: RD$8,930');
    expect(mails[0]!.text).toContain('Se reembolsarán RD$4,365 a su tarjeta.');
    expect(mails[0]!.text).not.toContain('Semana 2 (');

    // The office's figures: collected 13,295, refunded 4,365, kept 8,930.
    expect(await money()).toMatchObject({ collected: 13_295, refunded: 4_365, net: 8_930, owed: 0 });
    // The staff detail lists the e-mail and the change.
    const detail = (
      await kit.t.api({ method: 'GET', url: `/api/inscripciones/detalle/${order._id}`, token: kit.admin })
    ).json().data;
    expect(detail.mails.map((mail: { kind: string }) => mail.kind)).toContain('enrolment-changed');

    // The family's profile shows the new total and what happened, and its history says it.
    const activity = (
      await kit.t.api({ method: 'GET', url: '/api/usuarios/activity', token: kit.parent })
    ).json().data;
    expect(activity.enrolments[0]).toMatchObject({
      amount: 8_930,
      changes: [{ total: 8_930, money: 'Se reembolsarán RD$4,365 a su tarjeta.' }],
    });
    expect(activity.timeline.map((event: { text: string }) => event.text)).toContain(
      `Inscripción modificada: Se quitó Semana 2 de ${participant(1).first_name} Rodríguez, orden ${order.order_number}`,
    );

    // Cancelling afterwards gives back only what is left: 8,930, never the 4,365 again.
    await cancelAsStaff(kit.t, kit.admin, order._id);
    expect((await orders().findById(order._id))!).toMatchObject({
      refund_amount: 8_930,
      refund_status: 'refunded',
    });
    expect(await money()).toMatchObject({ collected: 13_295, refunded: 13_295, net: 0 });
  });

  it('drop a child: the family tier drops, the difference as a credit, the membership voided', async () => {
    const { cart } = await setup();
    // Three children one week each: 14,100 - 10 % (1,410) = 12,690.
    const order = await payFor(kit.parent, enrolmentRequest(cart, [[0], [0], [0]]));
    expect(order.amount).toBe(12_690);
    await kit.t.app.outbox.flush();
    const res = await change(order._id, { action: 'drop_child', cupo: 3, refund: 'credit' });
    expect(res.statusCode, res.body).toBe(200);
    // Two left: 9,400 - 5 % (470) = 8,930; 3,760 as a credit.
    const after = (await orders().findById(order._id))!;
    expect(after).toMatchObject({ amount: 8_930 });
    expect(after.participants.map((child) => child.id)).toEqual([1, 2]);
    expect(after.changes![0]).toMatchObject({ credit_amount: 3_760, card_amount: 0 });
    const credit = (await kit.t.store.collection<Coupon>('cupones').findById(`credit-${order._id}-c1`))!;
    expect(credit).toMatchObject({ amount: 3_760, max_uses: 1, code: after.changes![0]!.credit_code });
    expect(kit.refunds).toHaveLength(0);
    expect(await taken(cart, 0)).toBe(2);
    const memberships = await kit.t.store
      .collection<Membership>('membresias')
      .find({ order_number: order.order_number }, { sort: { first_name: 1 } });
    expect(memberships.filter((membership) => membership.status === 'inactive')).toHaveLength(1);
    const [child3] = await kit.t.store.collection('participantes').find({ inscription: order._id, cupo: 3 });
    expect(child3!.status).toBe('inactive');
    // A credit is money the school keeps: nothing refunded, the net unchanged.
    expect(await money()).toMatchObject({ collected: 12_690, refunded: 0, net: 12_690 });
    await kit.t.app.outbox.flush();
    const mail = kit.t.mails.find((one) => one.kind === 'enrolment-changed')!;
    expect(mail.text).toContain(`escriba el cupón ${credit.code} al pagar`);
  });

  it("'Sin reembolso': nothing goes back, and the freed place is offered to the week's waiting list", async () => {
    const { cart } = await setup();
    const week = cart.weeks[1]!;
    // One child, weeks 1 and 2 (9,300); then week 2 is full and another family waits for it.
    const order = await payFor(kit.parent, enrolmentRequest(cart, [[0, 1]]));
    await kit.t.store.collection<Week>('semanas').updateOne({ _id: week._id }, { set: { quota_q: 1 } });
    const other = await kit.t.createUser({ email: 'espera@correo.do' });
    await joinWaitlist(kit.t, other.token, week._id, 'Ana');
    const res = await change(order._id, { action: 'drop_week', cupo: 1, week: week._id, refund: 'none' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.preview).toMatchObject({ after_total: 4_700, difference: -4_600, card: 0 });
    expect((await orders().findById(order._id))!.changes![0]).toMatchObject({
      refund: 'none',
      card_amount: 0,
      credit_amount: 0,
    });
    expect(kit.refunds).toHaveLength(0);
    // The school keeps what it collected: nothing counts as refunded.
    expect(await money()).toMatchObject({ collected: 9_300, refunded: 0, net: 9_300 });
    expect(await kit.t.store.collection('lista_espera').findOne({ week: week._id })).toMatchObject({
      status: 'offered',
    });
  });

  it('move a week to a dearer one: places moved, the difference owed in the ledger', async () => {
    const { cart } = await setup();
    await kit.t.store
      .collection<Week>('semanas')
      .updateOne({ _id: cart.weeks[3]!._id }, { set: { value: 5_200 } });
    const order = await payFor(kit.parent);
    expect(order.amount).toBe(4_700);
    const res = await change(order._id, moveWeek(cart, 0, 3));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.preview).toMatchObject({ after_total: 5_200, difference: 500, owed: 500 });
    expect([await taken(cart, 0), await taken(cart, 3)]).toEqual([0, 1]);
    const after = (await orders().findById(order._id))!;
    expect(after.lines.map((line) => [line.name, line.value])).toEqual([['Semana 4', 5_200]]);
    const owed = await kit.t.store
      .collection<Instalment>('cuotas')
      .find({ enrolment_id: order._id, seq: 101 });
    expect(owed).toMatchObject([{ amount: 500, label: 'Diferencia por cambio (Semana 4)' }]);
    expect(await money()).toMatchObject({ collected: 4_700, net: 4_700, owed: 500 });
    const [calendar] = await kit.t.store.collection('calendarios').find({ inscription: order._id });
    expect(calendar).toMatchObject({ week: cart.weeks[3]!._id, name: 'Semana 4' });
    // The family sees it owed in 'Mis pagos'.
    const ledgers = (await kit.t.api({ method: 'GET', url: '/api/pagos', token: kit.parent })).json().data;
    const lines = ledgers.find(
      (ledger: { enrolment: { _id: string } }) => ledger.enrolment._id === order._id,
    ).lines;
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ label: 'Diferencia por cambio (Semana 4)', owed: 500 }),
      ]),
    );
  });

  it('a move racing another family for the last place: one of them gets it, nothing else changes', async () => {
    const { cart } = await setup();
    const other = await kit.t.createUser({ email: 'otra.familia@correo.do' });
    const order = await payFor(kit.parent);
    // Semana 3 with one place left.
    await kit.t.store
      .collection<Week>('semanas')
      .updateOne({ _id: cart.weeks[2]!._id }, { set: { quota_q: 28, quota_f: 27 } });
    const [moved, paid] = await Promise.all([
      change(order._id, moveWeek(cart, 0, 2)),
      kit.pay(other.token, enrolmentRequest(cart, [[2]])),
    ]);
    const won = [moved.statusCode === 200, paid.statusCode === 201];
    expect(won.filter(Boolean)).toHaveLength(1);
    expect(await taken(cart, 2)).toBe(28);
    const after = (await orders().findById(order._id))!;
    if (moved.statusCode === 200) {
      expect(after.lines[0]!.name).toBe('Semana 3');
      expect(await taken(cart, 0)).toBe(0);
    } else {
      expect(moved.statusCode).toBe(409);
      expect(moved.json().message).toBe(CHANGE_MESSAGES.full('Semana 3'));
      expect(after.lines[0]!.name).toBe('Semana 1');
      expect(after.changes).toBeUndefined();
      expect(await taken(cart, 0)).toBe(1);
    }
    // A full week refuses outright and changes nothing.
    const full = await change(order._id, {
      action: 'move_week',
      cupo: 1,
      week: after.lines[0]!.id,
      to_week: cart.weeks[7]!._id,
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(CHANGE_MESSAGES.full('Semana 8'));
  });

  it('refuses what is not a change: the last week, an unknown child, a cancelled order, a parent on the staff call', async () => {
    const { cart } = await setup();
    const order = await payFor(kit.parent);
    const last = await change(order._id, { action: 'drop_week', cupo: 1, week: cart.weeks[0]!._id });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(CHANGE_MESSAGES.lastLine);
    const nobody = await change(order._id, { action: 'drop_child', cupo: 5 });
    expect(nobody.json().message).toBe(CHANGE_MESSAGES.noChild);
    const noReason = await change(order._id, { action: 'drop_child', cupo: 1, reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(CHANGE_MESSAGES.reason);
    const bad = await change(order._id, { action: 'borrar' });
    expect(bad.statusCode).toBe(400);
    expect((await change(order._id, { action: 'drop_child', cupo: 1 }, kit.parent)).statusCode).toBe(403);
    expect((await orders().findById(order._id))!.changes).toBeUndefined();
  });
});

describe('a parent changes their own order from the profile', () => {
  it('within the window, by the camp rule; never another family’s; not after the deadline', async () => {
    const { cart } = await setup();
    const order = await payFor(kit.parent, enrolmentRequest(cart, [[0, 1]]));
    // One child, two weeks: 9,400 - 100 (2-week rate) = 9,300.
    expect(order.amount).toBe(9_300);
    const other = await kit.t.createUser({ email: 'otra.familia@correo.do' });
    const ask = (token: string, body: Record<string, unknown>) => parentChange(order._id, body, token);
    const dropWeek2 = { action: 'drop_week', cupo: 1, week: cart.weeks[1]!._id };
    expect((await ask(other.token, dropWeek2)).statusCode).toBe(404);

    const preview = await ask(kit.parent, { ...dropWeek2, preview: true });
    expect(preview.json().data.preview).toMatchObject({
      after_total: 4_700,
      difference: -4_600,
      card: 4_600,
    });
    const res = await ask(kit.parent, dropWeek2);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(CHANGE_MESSAGES.done);
    const after = (await orders().findById(order._id))!;
    expect(after.amount).toBe(4_700);
    expect(after.changes![0]).toMatchObject({ reason: PARENT_CHANGE_REASON, by: 'carmen@correo.do' });
    expect(kit.refunds.map((refund) => refund.amount)).toEqual([4_600]);

    // The camp gives credits: the parent's change follows it.
    await kit.t.store
      .collection<Camp>('campamentos')
      .updateOne({ _id: cart.camp._id }, { set: { refund_rule: 'credit' } });
    const moved = await ask(kit.parent, moveWeek(cart, 0, 4));
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await orders().findById(order._id))!.lines[0]!.name).toBe('Semana 5');

    // A week that starts within the camp's 7 days is past its deadline: no move into it.
    await kit.t.store
      .collection<Week>('semanas')
      .updateOne({ _id: cart.weeks[5]!._id }, { set: { date: '27/11/2026 - 01/12/2026' } });
    const late = await ask(kit.parent, moveWeek(cart, 4, 5));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/^El plazo para cambiar esa semana terminó el \d{2}\/\d{2}\/2026/);

    // A camp without self-service changes refuses.
    await kit.t.store
      .collection<Camp>('campamentos')
      .updateOne({ _id: cart.camp._id }, { set: { self_cancel: false } });
    const refused = await ask(kit.parent, moveWeek(cart, 4, 5));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CHANGE_MESSAGES.notOffered);
  });

  it('takes one child out of a two-child order, unless one of that child’s weeks is past its deadline', async () => {
    const { cart } = await setup();
    // Sofía week 1, Luis weeks 2 and 3: 14,100 - 5 % family (705) - 2-week rate on 9,400 (100) = 13,295.
    const order = await payFor(kit.parent, enrolmentRequest(cart, [[0], [1, 2]]));
    expect(order.amount).toBe(13_295);
    const ask = (body: Record<string, unknown>) => parentChange(order._id, body);
    // The profile offers it with the child's name on each line.
    const activity = (
      await kit.t.api({ method: 'GET', url: '/api/usuarios/activity', token: kit.parent })
    ).json();
    const summary = activity.data.enrolments.find((entry: { _id: string }) => entry._id === order._id);
    expect(summary.lines.map((line: { child: string }) => line.child)).toEqual([
      'Pedro Rodríguez',
      'María Rodríguez',
      'María Rodríguez',
    ]);

    // Luis's third week starts within the camp's 7 days: his weeks can no longer be dropped.
    await kit.t.store
      .collection<Week>('semanas')
      .updateOne({ _id: cart.weeks[2]!._id }, { set: { date: '27/11/2026 - 01/12/2026' } });
    await orders().updateOne(
      { _id: order._id },
      {
        set: {
          lines: order.lines.map((line) =>
            line.id === cart.weeks[2]!._id ? { ...line, date: '27/11/2026 - 01/12/2026' } : line,
          ),
        },
      },
    );
    const late = await ask({ action: 'drop_child', cupo: 2 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/^El plazo para cambiar esa semana terminó/);
    expect((await orders().findById(order._id))!.participants).toHaveLength(2);

    // Sofía's only week is still open: she leaves, Luis's two weeks stay (9,400 - 100 = 9,300).
    const res = await ask({ action: 'drop_child', cupo: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await orders().findById(order._id))!;
    expect(after.participants.map((child) => child.first_name)).toEqual(['María']);
    expect(after.amount).toBe(9_300);
    expect(kit.refunds.map((refund) => refund.amount)).toEqual([3_995]);
    expect(await taken(cart, 0)).toBe(0);
  });
});

describe('a change that would lose the order’s coupon (issue 53, item 2)', () => {
  const DESC50 = { code: 'DESC50', type: 'percent' as const, percent: 50, amount: 0 };
  const lost =
    'El cupón DESC50 requiere inscribir al menos 2 participantes: sin este participante dejaría de aplicar. Para quitarlo, cancele la inscripción o contacte a la escuela.';

  /** Two children, one week each, with a 50 % coupon that needs at least two children. */
  async function paidWithCoupon(weeks: number[][] = [[0], [0]]) {
    const { cart } = await setup();
    await kit.t.store.collection<Coupon>('cupones').insertOne({
      code: 'DESC50',
      label: '50 % por dos niños',
      type: 'percent',
      percent: 50,
      amount: 0,
      date: null,
      status: 'active',
      min_children: 2,
    });
    const order = await payFor(kit.parent, enrolmentRequest(cart, weeks, { coupon: DESC50 }));
    await kit.t.app.outbox.flush();
    return { cart, order };
  }

  async function unchanged(order: Enrolment, cart: DemoCart) {
    const after = (await orders().findById(order._id))!;
    expect(after).toMatchObject({ amount: order.amount, discount: order.discount });
    expect(after.participants).toHaveLength(order.participants.length);
    expect(after.changes).toBeUndefined();
    expect(kit.refunds).toHaveLength(0);
    expect(await taken(cart, 0)).toBe(2);
    await kit.t.app.outbox.flush();
    expect(kit.t.mails.filter((mail) => mail.kind === 'enrolment-changed')).toHaveLength(0);
  }

  it('staff dropping one of the two children: refused with the reason, in the preview too', async () => {
    const { cart, order } = await paidWithCoupon();
    // 9,400 - 5 % family (470) = 8,930, half of it with DESC50.
    expect(order.amount).toBe(4_465);
    const preview = await change(order._id, { action: 'drop_child', cupo: 2, preview: true });
    expect(preview.statusCode).toBe(409);
    expect(preview.json().message).toBe(lost);
    const res = await change(order._id, { action: 'drop_child', cupo: 2 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(lost);
    // Dropping the child's only week takes the child out too: the same refusal.
    const week = await change(order._id, { action: 'drop_week', cupo: 1, week: cart.weeks[0]!._id });
    expect(week.statusCode).toBe(409);
    expect(week.json().message).toBe(lost);
    await unchanged(order, cart);
  });

  it('the parent dropping one of the two children from the profile: refused the same way', async () => {
    const { cart, order } = await paidWithCoupon();
    const ask = (body: Record<string, unknown>) => parentChange(order._id, body);
    const preview = await ask({ action: 'drop_child', cupo: 2, preview: true });
    expect(preview.statusCode).toBe(409);
    expect(preview.json().message).toBe(lost);
    const res = await ask({ action: 'drop_child', cupo: 2 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(lost);
    await unchanged(order, cart);
  });

  it('a change that keeps the condition still works, with the coupon; its expiry and uses since do not count', async () => {
    const { cart, order } = await paidWithCoupon([[0, 1], [0]]);
    // 14,100 - 5 % family (705) - 2-week rate (100) = 13,295, half with DESC50: 6,647.5 -> 6,648.
    const before = order.amount;
    // Since the checkout the coupon expired and reached its uses: the order keeps its discount.
    await kit.t.store
      .collection<Coupon>('cupones')
      .updateOne({ code: 'DESC50' }, { set: { date: new Date('2020-01-01T00:00:00Z'), max_uses: 1 } });
    const res = await change(order._id, { action: 'drop_week', cupo: 1, week: cart.weeks[1]!._id });
    expect(res.statusCode, res.body).toBe(200);
    // Two children one week each, still with DESC50: 4,465.
    expect(res.json().data.preview).toMatchObject({ before_total: before, after_total: 4_465 });
    expect((await orders().findById(order._id))!.amount).toBe(4_465);
  });
});

describe('a week change that would book a child twice (issue 53, item 9)', () => {
  /** Order A: the child in weeks 1-3; order B: the same child in week 4. */
  async function twoOrders() {
    const { cart } = await setup();
    const a = await payFor(kit.parent, enrolmentRequest(cart, [[0, 1, 2]]));
    const b = await payFor(kit.parent, enrolmentRequest(cart, [[3]]));
    await kit.t.app.outbox.flush();
    const name = `${participant(1).first_name} Rodríguez`;
    const move = moveWeek(cart, 2, 3);
    return { cart, a, b, move, twice: CHILD_MESSAGES.inWeek(name, 'Semana 4', b.order_number) };
  }

  /** Week 4's roster: the children listed, once each. */
  async function week4Roster(cart: DemoCart): Promise<number> {
    const res = await kit.t.api({
      method: 'GET',
      url: `/api/inscripciones/listas?campament=${cart.camp._id}`,
      token: kit.admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const week = res.json().data.find((one: { week_id: string }) => one.week_id === cart.weeks[3]!._id);
    return week.categories.flatMap((category: { children: unknown[] }) => category.children).length;
  }

  async function nothingChanged(cart: DemoCart, a: Enrolment, places: number[]) {
    const after = (await orders().findById(a._id))!;
    expect(after.lines.map((line) => line.name)).toEqual(['Semana 1', 'Semana 2', 'Semana 3']);
    expect(after.changes).toBeUndefined();
    expect([await taken(cart, 2), await taken(cart, 3)]).toEqual(places);
    expect(await week4Roster(cart)).toBe(1);
    await kit.t.app.outbox.flush();
    expect(kit.t.mails.filter((mail) => mail.kind === 'enrolment-changed')).toHaveLength(0);
  }

  it('the parent moving week 3 of order A to week 4, which order B holds: refused, preview too', async () => {
    const { cart, a, move, twice } = await twoOrders();
    const places = [await taken(cart, 2), await taken(cart, 3)];
    const ask = (body: Record<string, unknown>) => parentChange(a._id, body);
    const preview = await ask({ ...move, preview: true });
    expect(preview.statusCode).toBe(409);
    expect(preview.json().message).toBe(twice);
    const res = await ask(move);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(twice);
    await nothingChanged(cart, a, places);
  });

  it('staff making the same move: refused the same way', async () => {
    const { cart, a, move, twice } = await twoOrders();
    const places = [await taken(cart, 2), await taken(cart, 3)];
    const preview = await change(a._id, { ...move, preview: true });
    expect(preview.statusCode).toBe(409);
    expect(preview.json().message).toBe(twice);
    const res = await change(a._id, move);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(twice);
    await nothingChanged(cart, a, places);
    // A week the child has nowhere else is still fine, and the moved week is the child's own now:
    // a new order for the child in that week is refused by the checkout.
    const ok = await change(a._id, { ...move, to_week: cart.weeks[4]!._id });
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await kit.pay(kit.parent, enrolmentRequest(cart, [[4]]));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      CHILD_MESSAGES.inWeek(`${participant(1).first_name} Rodríguez`, 'Semana 5', a.order_number),
    );
  });

  it('the lists of weeks mark, before any move, the full weeks and the weeks the child has elsewhere', async () => {
    const { cart, a, b } = await twoOrders();
    const states = (res: Awaited<ReturnType<typeof change>>) => {
      expect(res.statusCode, res.body).toBe(200);
      return Object.fromEntries(
        res
          .json()
          .data.map((week: { name: string; state: string; order_number?: string }) => [
            week.name,
            week.order_number ? `${week.state} ${week.order_number}` : week.state,
          ]),
      );
    };
    const expected = {
      'Semana 4': `taken ${b.order_number}`,
      'Semana 5': 'available',
      'Semana 6': 'available',
      'Semana 7': 'available',
      // The demo's week 8 has no place left.
      'Semana 8': 'full',
    };
    const staff = await kit.t.api({
      method: 'GET',
      url: `/api/inscripciones/cambios/${a._id}/semanas?cupo=1`,
      token: kit.admin,
    });
    // The child's own weeks of this order are not offered.
    expect(states(staff)).toEqual(expected);
    const parent = await kit.t.api({
      method: 'GET',
      url: `/api/inscripciones/cambiar/${a._id}/semanas?cupo=1`,
      token: kit.parent,
    });
    expect(states(parent)).toEqual(expected);
    // Another family's order, an unknown child: refused.
    const other = await kit.t.createUser({ email: 'otra.familia@correo.do' });
    const foreign = await kit.t.api({
      method: 'GET',
      url: `/api/inscripciones/cambiar/${a._id}/semanas?cupo=1`,
      token: other.token,
    });
    expect(foreign.statusCode).toBe(404);
    const nobody = await kit.t.api({
      method: 'GET',
      url: `/api/inscripciones/cambios/${a._id}/semanas?cupo=5`,
      token: kit.admin,
    });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe(CHANGE_MESSAGES.noChild);
    const bad = await kit.t.api({
      method: 'GET',
      url: `/api/inscripciones/cambios/${a._id}/semanas?cupo=uno`,
      token: kit.admin,
    });
    expect(bad.statusCode).toBe(400);
    expect(cart.weeks).toHaveLength(8);
  });

  it('a move into a week the child holds in an order still being paid: refused by its claim', async () => {
    const { cart, a } = await twoOrders();
    // Order C takes the child's week 5 at the checkout and is, as far as the move can tell, still
    // being paid: only its claim says the child holds that week.
    const c = await payFor(kit.parent, enrolmentRequest(cart, [[4]]));
    await orders().updateOne({ _id: c._id }, { set: { payment_status: 'pending' } });
    const places = await taken(cart, 4);
    const res = await change(a._id, moveWeek(cart, 2, 4));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      CHILD_MESSAGES.inWeek(`${participant(1).first_name} Rodríguez`, 'Semana 5', c.order_number),
    );
    expect(await taken(cart, 4)).toBe(places);
    expect((await orders().findById(a._id))!.changes).toBeUndefined();
  });

  it('a move and a new order racing for the same child and week: one wins', async () => {
    const { cart, a } = await twoOrders();
    const to5 = moveWeek(cart, 2, 4);
    const [moved, paid] = await Promise.all([
      change(a._id, to5),
      kit.pay(kit.parent, enrolmentRequest(cart, [[4]])),
    ]);
    expect([moved.statusCode === 200, paid.statusCode === 201].filter(Boolean)).toHaveLength(1);
    const loser = moved.statusCode === 200 ? paid : moved;
    expect(loser.statusCode).toBe(409);
    expect(loser.json().message).toMatch(/ya está inscrito\(a\) en Semana 5 \(orden \d+\)/);
    expect(await taken(cart, 4)).toBe(1);
  });
});
