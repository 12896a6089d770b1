// The families of a week for the notice tests and the notice benchmark (issue 56, 'Avisos'): one
// paid order made through the checkout is copied for `count` families (new accounts, orders and
// numbers), each agreeing to WhatsApp on its own number, except the first `optedOut` (they wrote
// 'BAJA') and the next `unreachable` (Meta said their numbers have no WhatsApp).
import type { Store } from '../store/port.ts';
import type { TestApp } from './build.ts';
import { demoCart, enrolmentRequest, paidOrder } from '../api-tests/checkout/testing.ts';
import { seedDemoData } from '../../src/core/seed.ts';
import { newUser } from '../../src/domain/accounts.ts';
import type { Enrolment, UserRecord } from '../../src/domain/records.ts';
import { CONTACTS, type WhatsAppContact } from '../../src/core/messaging/whatsapp.ts';

/** The number of family `index`: Dominican, distinct per family. */
export const familyNumber = (index: number) => `1809${String(5_000_000 + index).padStart(7, '0')}`;

export async function addNoticeFamilies(
  store: Store,
  order: Enrolment,
  count: number,
  { optedOut = 0, unreachable = 0, at = new Date('2027-05-01T12:00:00Z') } = {},
): Promise<UserRecord[]> {
  const users: UserRecord[] = [];
  for (let index = 0; index < count; index += 1) {
    const user = await store
      .collection<UserRecord>('usuarios')
      .insertOne(
        newUser(`familia${index}@correo.do`, 'sin-clave', { name: `Familia ${index}`, tipo: 'cliente' }),
      );
    users.push(user);
    const { _id: _ignored, ...copy } = order;
    await store.collection<Enrolment>('inscripciones').insertOne({
      ...copy,
      user_id: user._id,
      order_number: `AV${String(index).padStart(5, '0')}`,
      contact: {
        ...order.contact,
        first_name: `Familia`,
        last_name: String(index),
        phone_mobile: `809-${500 + (index % 400)}-0101`,
      },
    });
    await store.collection<WhatsAppContact>(CONTACTS).insertOne({
      _id: user._id,
      number: familyNumber(index),
      consent_at: at,
      opted_out_at: index < optedOut ? at : null,
      unreachable_at: index >= optedOut && index < optedOut + unreachable ? at : null,
    });
  }
  return users;
}

/**
 * The demo school and `count` families of its demo camp's first week: one order of the first week
 * paid through the checkout, copied for each family; the paying family's own order is cancelled,
 * so it is not one of them.
 */
export async function demoWeekFamilies(
  t: TestApp,
  count: number,
  options: Parameters<typeof addNoticeFamilies>[3],
) {
  await seedDemoData(t.store);
  const cart = await demoCart(t.store);
  const payer = await t.createUser({ email: 'plantilla@correo.do' });
  const order = await paidOrder(t, payer.token, enrolmentRequest(cart, [[0]]));
  await t.store
    .collection<Enrolment>('inscripciones')
    .updateOne({ _id: order._id }, { set: { status: 'cancelled' } });
  const families = await addNoticeFamilies(t.store, order, count, options);
  return { cart, payer, order, families };
}
