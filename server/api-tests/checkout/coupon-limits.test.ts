// Coupon limits (issue 18): uses in all and per family counted atomically at payment and given
// back on a decline or a cancellation; first valid day, camps and least children refused with a
// Spanish message at validation and again at payment; the admin edits them and sees the uses.
import { describe, expect, it } from 'vitest';
import { staffKit, staffKitPerTest } from '../staff/testing.ts';
import { COUPON_MESSAGES, minChildrenMessage } from '../../../src/domain/coupons.ts';
import { ADMIN_MESSAGES } from '../../../src/domain/admin-areas.ts';
import type { Coupon, Enrolment, Week } from '../../../src/domain/records.ts';
import { SANDBOX_CARDS } from '../../../src/domain/cards.ts';
import { cancelAsStaff, enrolmentRequest } from './testing.ts';

const { kit, setup } = staffKitPerTest(staffKit);

const VERANO10 = { code: 'VERANO10', type: 'percent' as const, percent: 10, amount: 0 };
const coupon = async () => (await kit.t.store.collection<Coupon>('cupones').findOne({ code: 'VERANO10' }))!;

/** The admin sets VERANO10's limits through the API, as the coupon screen does. */
async function limitVerano(admin: string, limits: Record<string, unknown>) {
  const res = await kit.t.api({
    method: 'POST',
    url: '/api/cupones/update',
    token: admin,
    payload: { _id: (await coupon())._id, ...limits },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const validate = (token: string, payload: Record<string, unknown>) =>
  kit.t.api({ method: 'POST', url: '/api/cupones/validate', token, payload });

/** The same order for another child (not the fixture's first). */
function otherChild<T extends ReturnType<typeof enrolmentRequest>>(body: T): T {
  body.listParticipants[0] = { ...body.listParticipants[0]!, first_name: 'Lucía', birth_date: '02/02/2018' };
  return body;
}

const withCoupon = (weeksPerChild: number[][], card?: string) =>
  enrolmentRequest(kit.cart, weeksPerChild, { coupon: VERANO10, ...(card ? { card } : {}) });

describe('coupon limits at payment', () => {
  it('20 parents racing for 5 uses: exactly 5 pay with it, the rest are refused and keep no place', async () => {
    const { admin, cart } = await setup();
    await limitVerano(admin, { max_uses: 5 });
    const parents = await Promise.all(Array.from({ length: 20 }, () => kit.t.createUser()));
    const answers = await Promise.all(parents.map(({ token }) => kit.pay(token, withCoupon([[0]]))));

    const paid = answers.filter((res) => res.statusCode === 201);
    const refused = answers.filter((res) => res.statusCode !== 201);
    expect(paid).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const res of refused) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('El cupón ingresado ya alcanzó su límite de usos.');
    }
    expect((await coupon()).uses).toBe(5);
    const orders = await kit.t.store
      .collection<Enrolment>('inscripciones')
      .find({ coupon: 'VERANO10', payment_status: 'paid' });
    expect(orders).toHaveLength(5);
    // Only the paid orders hold places of week 1.
    const week = await kit.t.store.collection<Week>('semanas').findById(cart.weeks[0]!._id);
    expect(week!.quota_f).toBe(5);

    const listed = await kit.t.api({ method: 'GET', url: '/api/cupones/listpop', token: admin });
    const verano = listed.json().data.find((row: Coupon) => row.code === 'VERANO10');
    expect(verano).toMatchObject({ uses: 5, max_uses: 5 });
    // Once exhausted, the wizard's check says so before the parent reaches 'Pagar'.
    const late = await validate(parents[0]!.token, { coupon: 'VERANO10' });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(COUPON_MESSAGES.exhausted);
  });

  it('a declined card gives its use back', async () => {
    const { admin, parent } = await setup();
    await limitVerano(admin, { max_uses: 1 });
    const declined = await kit.pay(parent, withCoupon([[0]], SANDBOX_CARDS.declined));
    expect(declined.statusCode).toBe(402);
    expect((await coupon()).uses).toBe(0);
    const other = await kit.t.createUser();
    expect((await kit.pay(other.token, withCoupon([[0]]))).statusCode).toBe(201);
    expect((await coupon()).uses).toBe(1);
  });

  it('per family: the second use is refused; a cancellation gives the use back', async () => {
    const { admin, parent } = await setup();
    await limitVerano(admin, { max_per_family: 1 });
    const first = await kit.pay(parent, withCoupon([[0]]));
    expect(first.statusCode).toBe(201);

    const again = await validate(parent, { coupon: 'VERANO10' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Su familia ya usó este cupón el máximo de veces permitido.');
    const second = await kit.pay(parent, withCoupon([[1]]));
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe(COUPON_MESSAGES.familyLimit);
    expect(await kit.t.store.collection<Enrolment>('inscripciones').count({ payment_status: 'paid' })).toBe(
      1,
    );
    // Another family (other children) is not limited by this one.
    const other = await kit.t.createUser();
    expect((await kit.pay(other.token, otherChild(withCoupon([[1]])))).statusCode).toBe(201);
    expect((await coupon()).uses).toBe(2);

    const order = await kit.t.store
      .collection<Enrolment>('inscripciones')
      .findOne({ order_number: first.json().result.orderId });
    await cancelAsStaff(kit.t, admin, order!._id);
    expect((await coupon()).uses).toBe(1);
    expect((await validate(parent, { coupon: 'VERANO10' })).statusCode).toBe(200);
    expect((await kit.pay(parent, withCoupon([[1]]))).statusCode).toBe(201);
  });

  it('per family: the same child from a second account is the same family (issue 43)', async () => {
    const { admin, parent } = await setup();
    await limitVerano(admin, { max_per_family: 1 });
    expect((await kit.pay(parent, withCoupon([[0]]))).statusCode).toBe(201);
    // The same family opens a second account and enrols the same child again, spelled otherwise.
    const second = await kit.t.createUser({ email: 'otra.cuenta@correo.do' });
    const same = withCoupon([[1]]);
    same.listParticipants[0]!.first_name = same.listParticipants[0]!.first_name.toUpperCase() + ' ';
    const refused = await kit.pay(second.token, same);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(COUPON_MESSAGES.familyLimit);
    expect((await coupon()).uses).toBe(1);
    // With that child among others: still refused, and no counter is left taken.
    const withSibling = withCoupon([[1], [1]]);
    expect((await kit.pay(second.token, withSibling)).statusCode).toBe(400);
    // Only the first order's counters (its account's and its child's) hold a use.
    expect(await kit.t.store.collection('cupones_familias').count({ uses: { $gt: 0 } })).toBe(2);
    // What is not caught (docs/decisions.md): other children from another account.
    expect((await kit.pay(second.token, otherChild(withCoupon([[1]])))).statusCode).toBe(201);
    expect((await coupon()).uses).toBe(2);
  });

  it('a per-family limit set later counts the uses before it', async () => {
    const { admin, parent } = await setup();
    expect((await kit.pay(parent, withCoupon([[0]]))).statusCode).toBe(201);
    await limitVerano(admin, { max_per_family: 1 });
    const second = await kit.pay(parent, withCoupon([[1]]));
    expect(second.json().message).toBe(COUPON_MESSAGES.familyLimit);
  });
});

describe('coupon terms: first day, camps, children', () => {
  it('is refused before its first valid day', async () => {
    const { admin, parent } = await setup();
    const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
    await limitVerano(admin, { valid_from: tomorrow });
    const early = await validate(parent, { coupon: 'VERANO10' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('El cupón ingresado aún no está vigente.');
    const paying = await kit.pay(parent, withCoupon([[0]]));
    expect(paying.json().message).toBe(COUPON_MESSAGES.notYet);
    await limitVerano(admin, { valid_from: '2026-01-01' });
    expect((await validate(parent, { coupon: 'VERANO10' })).statusCode).toBe(200);
  });

  it('applies only to the camps chosen', async () => {
    const { admin, parent, cart } = await setup();
    const annual = await kit.t.store.collection('campamentos').findOne({ code: 'PA2027' });
    await limitVerano(admin, { camps: [annual!._id] });
    const elsewhere = await validate(parent, {
      coupon: 'VERANO10',
      campament: cart.camp._id,
      participants: 1,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe('El cupón ingresado no aplica a este campamento.');
    expect((await kit.pay(parent, withCoupon([[0]]))).json().message).toBe(COUPON_MESSAGES.otherCamp);
    await limitVerano(admin, { camps: [annual!._id, cart.camp._id] });
    expect((await validate(parent, { coupon: 'VERANO10', campament: cart.camp._id })).statusCode).toBe(200);
    expect((await kit.pay(parent, withCoupon([[0]]))).statusCode).toBe(201);
  });

  it('needs the least number of children, at validation and at payment', async () => {
    const { admin, parent } = await setup();
    await limitVerano(admin, { min_children: 2 });
    const one = await validate(parent, { coupon: 'VERANO10', participants: 1 });
    expect(one.statusCode).toBe(400);
    expect(one.json().message).toBe('El cupón ingresado requiere inscribir al menos 2 participantes.');
    expect((await kit.pay(parent, withCoupon([[0]]))).json().message).toBe(minChildrenMessage(2));
    expect((await validate(parent, { coupon: 'VERANO10', participants: 2 })).statusCode).toBe(200);
    expect((await kit.pay(parent, withCoupon([[0], [1]]))).statusCode).toBe(201);
  });
});

describe('the admin edits the limits', () => {
  it('creates a coupon with limits; the uses are not the admin’s to set', async () => {
    const { admin, cart } = await setup();
    const res = await kit.t.api({
      method: 'POST',
      url: '/api/cupones/create',
      token: admin,
      payload: {
        code: 'hermanos',
        label: 'Hermanos 15%',
        type: 'percent',
        percent: 15,
        valid_from: '2027-01-01',
        date: '2027-06-30',
        max_uses: 50,
        max_per_family: 1,
        camps: [cart.camp._id],
        min_children: 2,
        uses: 40,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const stored = await kit.t.store.collection<Coupon>('cupones').findOne({ code: 'HERMANOS' });
    expect(stored).toMatchObject({
      max_uses: 50,
      max_per_family: 1,
      camps: [cart.camp._id],
      min_children: 2,
      uses: 0,
    });
    expect(stored!.valid_from!.toISOString()).toBe('2027-01-01T04:00:00.000Z');
  });

  it('refuses a first day after the expiry, and camps that do not exist; nothing is stored', async () => {
    const { admin } = await setup();
    const before = await coupon();
    const backwards = await kit.t.api({
      method: 'POST',
      url: '/api/cupones/update',
      token: admin,
      payload: { _id: before._id, valid_from: '2027-09-01', date: '2027-08-31' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(ADMIN_MESSAGES.couponDatesOrder);
    const unknown = await kit.t.api({
      method: 'POST',
      url: '/api/cupones/update',
      token: admin,
      payload: { _id: before._id, camps: ['0123456789abcdef01234567'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Alguno de los campamentos seleccionados no existe.');
    const after = await coupon();
    expect(after.valid_from ?? null).toBeNull();
    expect(after.camps ?? []).toEqual([]);
    expect(after.date).toEqual(before.date);
  });
});
