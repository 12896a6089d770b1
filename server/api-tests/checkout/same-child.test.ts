// One child entered as several participants (issue 43, item 3): the attack priced one child in four
// weeks with the 10 % family tier (RD$16,920 instead of RD$18,200) and passed a coupon that needs
// three children with one child entered three times. The server now counts children by identity
// (first name and birth date, src/domain/family.ts), as the family module defines it.
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import { demoCart, enrolmentRequest, participant, payAs } from './testing.ts';
import { priceCart } from '../../../src/domain/pricing.ts';
import { ENROLMENT_MESSAGES } from '../../../src/domain/enrolment.ts';
import type { Coupon } from '../../../src/domain/records.ts';
import { minChildrenMessage } from '../../../src/domain/coupons.ts';

let t: TestApp;
afterEach(async () => t?.close());

async function setup() {
  t = await buildTestApp();
  await seedDemoData(t.store);
  const parent = await t.createUser({ email: 'carmen@correo.do' });
  return { parent, cart: await demoCart(t.store) };
}

const pay = (token: string, payload: object) => payAs(t, token, payload);

/** Pedro, born 15/03/2016, entered as `count` participants, one week each (weeks 1..count). */
function sameChild(cart: Awaited<ReturnType<typeof demoCart>>, count: number, options = {}) {
  const body = enrolmentRequest(
    cart,
    Array.from({ length: count }, (_, index) => [index]),
    options,
  );
  body.listParticipants = body.listParticipants.map((slot) =>
    participant(slot.id, {
      first_name: slot.id % 2 ? 'Pedro' : 'pedro ',
      birth_date: '15/03/2016',
      gender: 'Masculino',
    }),
  );
  return body;
}

describe('one child entered as four participants', () => {
  it('is priced as one child in four weeks: no family tier, the multi-week discount', async () => {
    const { parent, cart } = await setup();
    const attack = sameChild(cart, 4);
    // The attack's figures: four children of one week each.
    expect(attack.amount).toBe(16_920);
    const refused = await pay(parent.token, attack);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('RD$18,200');

    const oneChild = priceCart({
      campType: 'campamento',
      lines: [0, 1, 2, 3].map(() => ({ cupo: 1, value: 4700 })),
      membershipFee: cart.camp.membership,
    });
    expect(oneChild.total).toBe(18_200);
    const paid = await pay(parent.token, { ...attack, amount: oneChild.total, discount: oneChild.discount });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().result.amountFormat).toBe('RD$18,200');
  });

  it('may not take the same week twice', async () => {
    const { parent, cart } = await setup();
    const body = sameChild(cart, 2);
    body.listCalendar[1] = {
      ...body.listCalendar[1]!,
      id: body.listCalendar[0]!.id,
      name: body.listCalendar[0]!.name,
    };
    const res = await pay(parent.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ENROLMENT_MESSAGES.sameChildTwice);
  });
});

describe('a coupon for three children', () => {
  it('is refused for one child entered three times, at the checkout as at its own check', async () => {
    const { parent, cart } = await setup();
    await t.store.collection<Coupon>('cupones').insertOne({
      code: 'TRESNINOS',
      label: '15% por tres niños',
      type: 'percent',
      percent: 15,
      amount: 0,
      date: null,
      status: 'active',
      min_children: 3,
    });
    const coupon = { code: 'TRESNINOS', type: 'percent' as const, percent: 15, amount: 0 };
    const body = sameChild(cart, 3, { coupon });
    const res = await pay(parent.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(minChildrenMessage(3));
    expect(await t.store.collection('inscripciones').count({ payment_status: 'paid' })).toBe(0);
  });
});
