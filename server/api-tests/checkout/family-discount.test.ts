// The family discount across orders (issue 18, a camp option off by default): a family's second
// order for the same camp counts the children of its earlier paid orders for the 5%/10% rule,
// priced by the one pricing module; the server re-checks the parent's figures against it.
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import { priceCart } from '../../../src/domain/pricing.ts';
import type { Camp, Enrolment } from '../../../src/domain/records.ts';
import { demoCart, enrolmentRequest, participant, payAs, type DemoCart } from './testing.ts';

let t: TestApp;
afterEach(async () => t?.close());

async function setup(acrossOrders: boolean) {
  t = await buildTestApp();
  await seedDemoData(t.store);
  const cart = await demoCart(t.store);
  await t.store
    .collection<Camp>('campamentos')
    .updateOne({ _id: cart.camp._id }, { set: { family_across_orders: acrossOrders } });
  const parent = await t.createUser({ email: 'carmen@correo.do' });
  return { cart: { ...cart, camp: { ...cart.camp, family_across_orders: acrossOrders } }, ...parent };
}

const pay = (token: string, payload: unknown) => payAs(t, token, payload as object);

/** One child (the fixture's child 1 unless named), one week, priced with the family's count given. */
function oneChild(cart: DemoCart, week: number, familyChildren: number, child = participant(1)) {
  const body = enrolmentRequest(cart, [[week]]);
  body.listParticipants = [{ ...child, id: 1 }];
  const price = priceCart({
    campType: cart.camp.type,
    lines: body.listCalendar.map((line) => ({ cupo: line.cupo, value: line.value })),
    membershipFee: cart.camp.membership,
    familyChildren,
  });
  return { ...body, amount: price.total, discount: price.discount };
}

const family = async (token: string, campId: string) =>
  (await t.api({ method: 'GET', url: `/api/inscripciones/familia/${campId}`, token })).json().data.children;

describe('family discount across orders', () => {
  it('an admin opening the wizard of an inactive camp gets its (empty) list, a parent a 404', async () => {
    const { cart, token } = await setup(true);
    await t.store
      .collection<Camp>('campamentos')
      .updateOne({ _id: cart.camp._id }, { set: { status: 'inactive' } });
    const admin = await t.createUser({ admin: true });
    expect(await family(admin.token, cart.camp._id)).toEqual([]);
    const parent = await t.api({ method: 'GET', url: `/api/inscripciones/familia/${cart.camp._id}`, token });
    expect(parent.statusCode).toBe(404);
  });

  it('a second order for another child gets 5%; the server refuses the price without it', async () => {
    const { cart, token } = await setup(true);
    expect((await pay(token, oneChild(cart, 0, 1))).statusCode).toBe(201);
    expect(await family(token, cart.camp._id)).toEqual([{ first_name: 'Pedro', birth_date: '15/03/2016' }]);

    const maria = participant(2);
    const full = await pay(token, oneChild(cart, 1, 1, maria));
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toMatch(/^El monto no coincide con el precio actual \(RD\$/);

    const discounted = oneChild(cart, 1, 2, maria);
    const res = await pay(token, discounted);
    expect(res.statusCode, res.body).toBe(201);
    const stored = await t.store
      .collection<Enrolment>('inscripciones')
      .findOne({ order_number: res.json().result.orderId });
    expect(stored!.price).toMatchObject({
      familyDiscount: Math.round(cart.weeks[1]!.value * 0.05),
      familyLabel: '5% OFF x 2 niños, con inscripciones anteriores',
    });
    expect(stored!.amount).toBe(discounted.amount);
  });

  it('the same child again is not a second child', async () => {
    const { cart, token } = await setup(true);
    expect((await pay(token, oneChild(cart, 0, 1))).statusCode).toBe(201);
    const same = participant(1, { first_name: 'PEDRO ' });
    expect((await pay(token, oneChild(cart, 1, 2, same))).statusCode).toBe(409);
    expect((await pay(token, oneChild(cart, 1, 1, same))).statusCode).toBe(201);
  });

  it('off by default: earlier orders do not count, and the wizard is told no children', async () => {
    const { cart, token } = await setup(false);
    expect((await pay(token, oneChild(cart, 0, 1))).statusCode).toBe(201);
    expect(await family(token, cart.camp._id)).toEqual([]);
    expect((await pay(token, oneChild(cart, 1, 2, participant(2)))).statusCode).toBe(409);
    expect((await pay(token, oneChild(cart, 1, 1, participant(2)))).statusCode).toBe(201);
  });

  it("counts only this family's paid, not cancelled orders", async () => {
    const { cart, token } = await setup(true);
    const other = await t.createUser();
    expect((await pay(other.token, oneChild(cart, 0, 1))).statusCode).toBe(201);
    expect(await family(token, cart.camp._id)).toEqual([]);
    expect((await pay(token, oneChild(cart, 0, 1))).statusCode).toBe(201);
    expect(await family(token, cart.camp._id)).toHaveLength(1);
    await t.store
      .collection<Enrolment>('inscripciones')
      .updateOne({ user_id: { $ne: other.user._id } }, { set: { status: 'cancelled' } });
    expect(await family(token, cart.camp._id)).toEqual([]);
  });
});
