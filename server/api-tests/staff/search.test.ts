// Finding a family as it calls (the office's issue): the enrolment list's `q` also finds an order
// by a phone of the parents or the emergency contact however it is typed, by the card's
// authorisation code, and by a membership code of the family's child.
import { describe, expect, it } from 'vitest';
import type { Enrolment, Membership } from '../../../src/domain/records.ts';
import { SANDBOX_CARDS } from '../../../src/domain/cards.ts';
import { enrolmentRequest } from '../checkout/testing.ts';
import { staffKit, staffKitPerTest } from './testing.ts';

const { kit, setup } = staffKitPerTest(() => staffKit());

/** The order numbers the staff list finds for `q`. */
async function found(q: string): Promise<string[]> {
  const res = await kit.t.api({
    method: 'GET',
    url: `/api/inscripciones/lista?q=${encodeURIComponent(q)}`,
    token: kit.admin,
  });
  expect(res.statusCode).toBe(200);
  return (res.json().data as Array<{ order_number: string }>).map((row) => row.order_number).sort();
}

const orders = () => kit.t.store.collection<Enrolment>('inscripciones');

/** One paid order of the parent, with its contact's phones changed as given. */
async function paidOrder(phones: Partial<Enrolment['contact']>, children?: string): Promise<Enrolment> {
  const body = enrolmentRequest(kit.cart, [[0]], children ? { children } : {});
  Object.assign(body.emergencyContact, phones);
  const res = await kit.pay(kit.parent, body);
  expect(res.statusCode).toBe(201);
  return (await orders().findOne({ order_number: res.json().result.orderId }))!;
}

describe('the enrolment list finds an order by a phone', () => {
  it("by the parents' and the emergency contact's phones, however they are typed", async () => {
    await setup();
    const order = await paidOrder({ mother_phone: '809-555-0301', phone_mobile: '849-555-0377' });
    const other = await paidOrder({ father_phone: '(829) 555-0302' }, 'B');
    for (const typed of ['809-555-0301', '8095550301', '(809) 555 0301', '+1 809 555 0301', '555-0301'])
      expect(await found(typed), typed).toEqual([order.order_number]);
    expect(await found('849 555 0377')).toEqual([order.order_number]);
    expect(await found('829.555.0302')).toEqual([other.order_number]);
    // Fewer than seven digits never search the phones: '0301' would be noise.
    expect(await found('0301')).toEqual([]);
  });

  it('finds orders stored before, with their phones in any format', async () => {
    await setup();
    const order = await paidOrder({});
    await orders().updateOne({ _id: order._id }, { set: { 'contact.phone_home': '809 555 0399' } });
    expect(await found('809-555-0399')).toEqual([order.order_number]);
    expect(await found('18095550399')).toEqual([order.order_number]);
  });
});

describe('the enrolment list finds an order by a code', () => {
  it('by the whole authorisation code of its card payment, not by a fragment of it', async () => {
    await setup();
    const order = await paidOrder({});
    await paidOrder({}, 'B');
    expect(order.auth_code).toMatch(/^\d{6}$/);
    expect(await found(order.auth_code!)).toEqual([order.order_number]);
    expect(await found(order.auth_code!.slice(0, 4))).not.toContain(order.order_number);
  });

  it("by a membership code, any case, with or without dashes: the child's orders", async () => {
    await setup();
    const paid = await paidOrder({});
    const declined = enrolmentRequest(kit.cart, [[1]], { card: SANDBOX_CARDS.declined });
    expect((await kit.pay(kit.parent, declined)).statusCode).toBe(402);
    const failed = (await orders().findOne({ payment_status: 'declined' }))!;
    const sibling = await paidOrder({}, 'B');
    const membership = (await kit.t.store
      .collection<Membership>('membresias')
      .findOne({ order_number: paid.order_number }))!;
    const { code } = membership;
    expect(code).toMatch(/^MB-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    // The paid order that named it, and the declined one of the same child (no code typed there).
    const child = [paid.order_number, failed.order_number].sort();
    expect(await found(code)).toEqual(child);
    expect(await found(code.toLowerCase())).toEqual(child);
    expect(await found(code.replaceAll('-', ''))).toEqual(child);
    expect(await found(code)).not.toContain(sibling.order_number);
  });
});
