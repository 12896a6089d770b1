// Staff operations over HTTP (the staff issue): the enrolment list and detail, cancel, verify, the
// audit log; a parent is refused every one of them.
import { ageOn } from '../../../src/domain/staff.ts';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/build.ts';
import { staffKit, type StaffKit } from './testing.ts';
import { sandboxGateway, type PaymentGateway } from '../../../src/core/checkout/gateway.ts';
import type { Enrolment, Membership, Week } from '../../../src/domain/records.ts';
import { SANDBOX_CARDS } from '../../../src/domain/cards.ts';
import { STAFF_MESSAGES } from '../../../src/domain/staff.ts';
import type { CreateEnrolmentBody } from '../../../src/domain/enrolment.ts';
import { placesOfLines } from '../../../src/core/checkout/steps.ts';
import { enrolmentRequest, participant, type DemoCart } from '../checkout/testing.ts';

let t: TestApp;
afterEach(async () => t?.close());

let kit: StaffKit;
async function setup(gateway?: PaymentGateway) {
  kit = await staffKit(gateway);
  t = kit.t;
  return kit;
}

const pay = (token: string, body: CreateEnrolmentBody) => kit.pay(token, body);

const get = (token: string, url: string) => t.api({ method: 'GET', url, token });
const post = (token: string, url: string, payload?: Record<string, unknown>) =>
  t.api({ method: 'POST', url, token, ...(payload === undefined ? {} : { payload }) });

const taken = async (cart: DemoCart, index: number) =>
  (await t.store.collection<Week>('semanas').findById(cart.weeks[index]!._id))!.quota_f;

/** Paid places per week, from the stored enrolments that are paid and not cancelled. */
async function paidPlaces(): Promise<Map<string, number>> {
  const places = new Map<string, number>();
  const paid = await t.store
    .collection<Enrolment>('inscripciones')
    .find({ payment_status: 'paid', status: { $ne: 'cancelled' } });
  for (const enrolment of paid)
    for (const { id, count } of placesOfLines(enrolment.lines)) places.set(id, (places.get(id) ?? 0) + count);
  return places;
}

describe('the enrolment list', () => {
  it("finds an order by a child's name, filters by state, week and day, and pages", async () => {
    const { admin, parent, cart } = await setup();
    const valentina = enrolmentRequest(cart, [[0], [1]]);
    valentina.listParticipants[0] = participant(1, { first_name: 'Valentina' });
    expect((await pay(parent, valentina)).statusCode).toBe(201);
    expect((await pay(parent, enrolmentRequest(cart, [[2]]))).statusCode).toBe(201);
    expect(
      (await pay(parent, enrolmentRequest(cart, [[2]], { card: SANDBOX_CARDS.declined, children: 'B' })))
        .statusCode,
    ).toBe(402);

    const found = await get(admin, '/api/inscripciones/lista?q=valent');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ total: 1, page: 1 });
    expect(found.json().data[0]).toMatchObject({
      children: ['Valentina Rodríguez', 'María Rodríguez'],
      state: 'paid',
      parent_email: 'familia.rodriguez@correo.do',
    });

    // Any case and accent (issue 24): 'maria' finds 'María', 'VALENTÍNA' finds 'Valentina'.
    expect((await get(admin, '/api/inscripciones/lista?q=maria')).json().total).toBe(1);
    expect(
      (await get(admin, `/api/inscripciones/lista?q=${encodeURIComponent('VALENTÍNA')}`)).json().total,
    ).toBe(1);
    expect((await get(admin, '/api/inscripciones/lista?state=paid')).json().total).toBe(2);
    expect((await get(admin, '/api/inscripciones/lista?state=failed')).json().total).toBe(1);
    expect((await get(admin, `/api/inscripciones/lista?week=${cart.weeks[2]!._id}`)).json().total).toBe(2);
    expect(
      (await get(admin, `/api/inscripciones/lista?week=${cart.weeks[2]!._id}&state=paid`)).json().total,
    ).toBe(1);
    expect((await get(admin, '/api/inscripciones/lista?from=2000-01-01&to=2000-01-31')).json().total).toBe(0);
    const page = await get(admin, '/api/inscripciones/lista?limit=2&page=2');
    expect(page.json()).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page.json().data).toHaveLength(1);

    const backwards = await get(admin, '/api/inscripciones/lista?from=2027-02-01&to=2027-01-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(STAFF_MESSAGES.invalidRange);
  });

  it('shows one order whole: weeks and categories named, the card as brand and last 4, its e-mails', async () => {
    const { admin, parent, cart } = await setup();
    expect((await pay(parent, enrolmentRequest(cart, [[0]]))).statusCode).toBe(201);
    await t.app.outbox.flush();
    const [enrolment] = await t.store.collection<Enrolment>('inscripciones').find({});
    const res = await get(admin, `/api/inscripciones/detalle/${enrolment!._id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json().data;
    expect(detail).toMatchObject({
      order_number: enrolment!.order_number,
      state: 'paid',
      card: { brand: 'Visa', last4: '4242' },
      contact: { authorized_name_1: 'Rosa Martínez', authorized_id_1: '001-1111111-8' },
      lines: [{ week_name: cart.weeks[0]!.name, category_name: cart.categories[1]!.name }],
      mails: [{ kind: 'enrolment', status: 'sent' }],
    });
    expect(JSON.stringify(detail)).not.toContain('4242424242424242');
    expect((await get(admin, '/api/inscripciones/detalle/aaaaaaaaaaaaaaaaaaaaaaaa')).statusCode).toBe(404);
  });
});

describe('cancelling an enrolment', () => {
  it('gives its places back, voids its memberships, refunds, e-mails, logs; twice is harmless', async () => {
    const { admin, parent, cart } = await setup();
    expect((await pay(parent, enrolmentRequest(cart, [[0, 1], [1]]))).statusCode).toBe(201);
    expect((await pay(parent, enrolmentRequest(cart, [[1]], { children: 'B' }))).statusCode).toBe(201);
    await t.app.outbox.flush();
    const [first] = await t.store
      .collection<Enrolment>('inscripciones')
      .find({}, { sort: { created_at: 1 } });
    expect([await taken(cart, 0), await taken(cart, 1)]).toEqual([1, 3]);
    // The dialog is told which memberships cancelling voids: this order's own, not the second's.
    const issued = await t.store
      .collection<Membership>('membresias')
      .find({ order_number: first!.order_number }, { sort: { code: 1 } });
    const detail = (await get(admin, `/api/inscripciones/detalle/${first!._id}`)).json().data;
    expect([...detail.voided_by_cancel].sort()).toEqual(issued.map((membership) => membership.code));
    expect(issued).toHaveLength(2);

    const res = await post(admin, `/api/inscripciones/cancel/${first!._id}`, {
      reason: 'Mudanza de la familia',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: STAFF_MESSAGES.cancelled,
      data: { state: 'cancelled', refund_status: 'refunded', cancel_reason: 'Mudanza de la familia' },
    });
    expect([await taken(cart, 0), await taken(cart, 1)]).toEqual([0, 1]);
    const memberships = await t.store
      .collection<Membership>('membresias')
      .find({ order_number: first!.order_number });
    expect(memberships.map((membership) => membership.status)).toEqual(['inactive', 'inactive']);
    expect(res.json().data.refund_reference).toMatch(/^SBX-R-/);
    await t.app.outbox.flush();
    const cancelMails = t.mails.filter((mail) => mail.kind === 'enrolment-cancelled');
    expect(cancelMails).toHaveLength(1);
    expect(cancelMails[0]!.text).toContain('Motivo: Mudanza de la familia');

    const again = await post(admin, `/api/inscripciones/cancel/${first!._id}`, { reason: 'Otra vez' });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(STAFF_MESSAGES.alreadyCancelled);
    expect([await taken(cart, 0), await taken(cart, 1)]).toEqual([0, 1]);
    await t.app.outbox.flush();
    expect(t.mails.filter((mail) => mail.kind === 'enrolment-cancelled')).toHaveLength(1);

    const audit = await get(admin, `/api/auditoria/listpop?record=${first!._id}`);
    expect(audit.json().data).toEqual([
      expect.objectContaining({
        action: 'cancel',
        user_email: 'direccion@escuela.do',
        before: { status: 'active' },
        after: { status: 'cancelled' },
        note: 'Mudanza de la familia',
      }),
    ]);
    // An admin update cannot bring it back.
    const revive = await post(admin, '/api/inscripciones/update', { _id: first!._id, status: 'active' });
    expect(revive.statusCode).toBe(400);
    expect(revive.json().message).toBe(STAFF_MESSAGES.cancelledStatus);
  });

  it('stays cancelled and flags the refund as pending when the gateway does not refund', async () => {
    const inner = sandboxGateway();
    const { admin, parent, cart } = await setup({
      ...inner,
      refund: async () => {
        throw new Error('ECONNRESET');
      },
    });
    expect((await pay(parent, enrolmentRequest(cart, [[0]]))).statusCode).toBe(201);
    const [enrolment] = await t.store.collection<Enrolment>('inscripciones').find({});
    const res = await post(admin, `/api/inscripciones/cancel/${enrolment!._id}`, { reason: 'Lesión' });
    expect(res.json()).toMatchObject({
      message: STAFF_MESSAGES.refundPending,
      data: { state: 'cancelled', refund_status: 'pending' },
    });
    expect(await taken(cart, 0)).toBe(0);
  });

  it('refuses what is not paid, and a reason that is blank', async () => {
    const { admin, parent, cart } = await setup();
    expect(
      (await pay(parent, enrolmentRequest(cart, [[0]], { card: SANDBOX_CARDS.declined }))).statusCode,
    ).toBe(402);
    const [declined] = await t.store.collection<Enrolment>('inscripciones').find({});
    const res = await post(admin, `/api/inscripciones/cancel/${declined!._id}`, { reason: 'Prueba' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(STAFF_MESSAGES.cancelNotPaid);
    const blank = await post(admin, `/api/inscripciones/cancel/${declined!._id}`, { reason: '     ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Escriba el motivo de la cancelación.');
  });

  it('gives back exactly its places while new parents buy the same week', async () => {
    const { admin, cart } = await setup();
    const week = cart.weeks[3]!;
    await t.store
      .collection<Week>('semanas')
      .updateOne({ _id: week._id }, { set: { quota_q: 3, quota_f: 0 } });
    const families = await Promise.all(Array.from({ length: 9 }, () => t.createUser()));
    for (const family of families.slice(0, 3))
      expect((await pay(family.token, enrolmentRequest(cart, [[3]]))).statusCode).toBe(201);
    const [first] = await t.store
      .collection<Enrolment>('inscripciones')
      .find({}, { sort: { created_at: 1 } });

    const [cancel, ...buyers] = await Promise.all([
      post(admin, `/api/inscripciones/cancel/${first!._id}`, { reason: 'Cambio de fechas' }),
      ...families.slice(3).map((family) => pay(family.token, enrolmentRequest(cart, [[3]]))),
    ]);
    expect(cancel.statusCode).toBe(200);
    expect(buyers.filter((res) => res.statusCode === 201).length).toBeLessThanOrEqual(1);
    expect(buyers.every((res) => res.statusCode === 201 || res.statusCode === 409)).toBe(true);
    const stored = (await t.store.collection<Week>('semanas').findById(week._id))!;
    expect(stored.quota_f).toBe((await paidPlaces()).get(week._id) ?? 0);
    expect(stored.quota_f).toBeLessThanOrEqual(3);
  });
});

describe('verifying a pending payment', () => {
  it('settles it once however often it is clicked, and logs it', async () => {
    const bank = sandboxGateway();
    const { admin, parent, cart } = await setup({
      ...bank,
      charge: async (request) => {
        await bank.charge(request);
        throw new Error('ETIMEDOUT');
      },
    });
    expect((await pay(parent, enrolmentRequest(cart, [[0]]))).statusCode).toBe(202);
    const pending = await get(admin, '/api/inscripciones/lista?state=pending');
    expect(pending.json().total).toBe(1);
    const id = pending.json().data[0]._id as string;

    const clicks = await Promise.all([
      post(admin, `/api/inscripciones/verify/${id}`),
      post(admin, `/api/inscripciones/verify/${id}`),
    ]);
    for (const res of clicks) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: STAFF_MESSAGES.verifiedPaid, data: { state: 'paid' } });
    }
    await t.app.outbox.flush();
    expect(t.mails.filter((mail) => mail.kind === 'enrolment')).toHaveLength(1);
    expect(await taken(cart, 0)).toBe(1);
    const audit = (await get(admin, `/api/auditoria/listpop?action=verify`)).json();
    expect(audit.total).toBe(1);
    expect(audit.data[0]).toMatchObject({
      before: { payment_status: 'unknown' },
      after: { payment_status: 'paid' },
    });
  });

  it('marks it failed and frees its places when the gateway never got the charge', async () => {
    const { admin, parent, cart } = await setup({
      ...sandboxGateway(),
      charge: async () => {
        throw new Error('ECONNREFUSED');
      },
    });
    expect((await pay(parent, enrolmentRequest(cart, [[0]]))).statusCode).toBe(202);
    const [enrolment] = await t.store.collection<Enrolment>('inscripciones').find({});
    const res = await post(admin, `/api/inscripciones/verify/${enrolment!._id}`);
    expect(res.json()).toMatchObject({ message: STAFF_MESSAGES.verifiedFailed, data: { state: 'failed' } });
    expect(await taken(cart, 0)).toBe(0);
  });
});

describe('the audit log', () => {
  it('holds who changed which fields of a week, before and after, and filters by kind', async () => {
    const { admin, cart } = await setup();
    const week = cart.weeks[0]!;
    const res = await post(admin, '/api/semanas/update', { _id: week._id, value: 9900, quota_q: 40 });
    expect(res.statusCode).toBe(200);
    const log = (await get(admin, '/api/auditoria/listpop?kind=semanas')).json();
    expect(log.total).toBe(1);
    expect(log.data[0]).toMatchObject({
      action: 'update',
      kind: 'semanas',
      record_id: week._id,
      user_email: 'direccion@escuela.do',
      before: { value: week.value, quota_q: week.quota_q },
      after: { value: 9900, quota_q: 40 },
    });
    expect(log.data[0].ip).toBeTruthy();
    // Named as staff call it (issue 24): the week with its camp.
    expect(log.data[0].record_label).toBe(`${week.name} · ${cart.camp.name}`);
    const removed = await t.api({ method: 'DELETE', url: `/api/semanas/delete/${week._id}`, token: admin });
    expect(removed.statusCode).toBe(200);
    const trail = (await get(admin, `/api/auditoria/listpop?record=${week._id}`)).json();
    expect(trail.data.map((entry: { action: string }) => entry.action)).toEqual(['delete', 'update']);
    expect((await get(admin, '/api/auditoria/listpop?kind=cupones')).json().total).toBe(0);
  });

  it("names a coupon and an order as staff say them: 'cupón CODE', 'Orden N' (issue 24)", async () => {
    const { admin, parent, cart } = await setup();
    const [coupon] = await t.store.collection<{ _id: string; code: string }>('cupones').find({});
    expect(
      (await post(admin, '/api/cupones/update', { _id: coupon!._id, label: 'Hermanos' })).statusCode,
    ).toBe(200);
    const paid = await pay(parent, enrolmentRequest(cart, [[0]]));
    const [order] = await t.store.collection<Enrolment>('inscripciones').find({});
    const cancel = await post(admin, `/api/inscripciones/cancel/${order!._id}`, {
      reason: 'La familia se muda',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const labels = (await get(admin, '/api/auditoria/listpop'))
      .json()
      .data.map((entry: { kind: string; record_label: string }) => [entry.kind, entry.record_label]);
    expect(labels).toContainEqual(['cupones', `cupón ${coupon!.code}`]);
    expect(labels).toContainEqual(['inscripciones', `Orden ${paid.json().result.orderId}`]);
  });
});

describe('a parent', () => {
  it('is refused every staff call (403)', async () => {
    const { parent } = await setup();
    const id = 'aaaaaaaaaaaaaaaaaaaaaaaa';
    const calls = [
      get(parent, '/api/inscripciones/lista'),
      get(parent, `/api/inscripciones/detalle/${id}`),
      post(parent, `/api/inscripciones/cancel/${id}`, { reason: 'Quiero cancelar' }),
      post(parent, `/api/inscripciones/verify/${id}`),
      get(parent, '/api/auditoria/listpop'),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(403);
  });
});

describe('the rosters', () => {
  it('list the paid children of a week by category, with medical notes, pick-up persons and sizes', async () => {
    const { admin, parent, cart } = await setup();
    const body = enrolmentRequest(cart, [[0], [0]]);
    body.listParticipants[0] = participant(1, { alergies: 'Maní', size: 'S' });
    body.listParticipants[1] = participant(2, { size: 'M' });
    expect((await pay(parent, body)).statusCode).toBe(201);
    expect((await pay(parent, enrolmentRequest(cart, [[0]], { children: 'B' }))).statusCode).toBe(201);
    expect(
      (await pay(parent, enrolmentRequest(cart, [[0]], { card: SANDBOX_CARDS.declined, children: 'C' })))
        .statusCode,
    ).toBe(402);
    const week = cart.weeks[0]!;

    const res = await get(admin, `/api/inscripciones/listas?campament=${cart.camp._id}&week=${week._id}`);
    expect(res.statusCode).toBe(200);
    const [roster] = res.json().data;
    expect(roster).toMatchObject({
      week_name: week.name,
      sizes: [
        { size: 'S', count: 1 },
        { size: 'M', count: 2 },
      ],
    });
    const category = roster.categories.find(
      (entry: { category_id: string }) => entry.category_id === cart.categories[1]!._id,
    );
    expect(category.children.map((child: { name: string }) => child.name)).toEqual([
      'María Rodríguez',
      'Pedro B Rodríguez',
      'Pedro Rodríguez',
    ]);
    expect(
      category.children.filter((child: { allergies: string }) => child.allergies === 'Maní'),
    ).toHaveLength(1);
    expect(
      category.children.find((child: { allergies: string }) => child.allergies === 'Maní'),
    ).toMatchObject({
      emergency: { name: 'Rosa Martínez', phones: ['849-555-1111', '809-555-0000', '809-555-2222'] },
      pickup: [
        { name: 'Rosa Martínez', id: '001-1111111-8' },
        { name: 'Juan Pérez', id: '001-2222222-7' },
      ],
      // The parents' phones, and the age on the week's first day from the birth date (issue 25).
      parents: [
        { name: 'Carmen Rodríguez', phone: '809-555-1234' },
        { name: 'José Rodríguez', phone: '829-555-4321' },
      ],
      age_at_week: ageOn('15/03/2016', week.date),
    });
    expect(ageOn('15/03/2016', week.date)).toBe(11);
    expect((await get(parent, `/api/inscripciones/listas?campament=${cart.camp._id}`)).statusCode).toBe(403);
  });
});
