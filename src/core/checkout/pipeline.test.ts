// The checkout's steps one by one, on the in-memory store (the whole route is enrolments.test.ts).
import { describe, expect, it } from 'vitest';
import { openMemoryStore } from '../store/memory.ts';
import { ENROLMENT_MESSAGES, weekFullMessage } from '../../domain/enrolment.ts';
import type { Enrolment, Week } from '../../domain/records.ts';
import { seedDemoData } from '../seed.ts';
import { checkMemberships, readCatalogue, recordPending, takePlaces } from './pipeline.ts';
import { demoCart, enrolmentRequest, participant } from './fixtures.ts';

async function demo() {
  const store = openMemoryStore();
  await seedDemoData(store);
  const cart = await demoCart(store);
  const weekQuota = async (index: number) =>
    (await store.collection<Week>('semanas').findById(cart.weeks[index]!._id))!.quota_f;
  return { store, cart, weekQuota };
}

describe('readCatalogue', () => {
  it('reads the camp, the cart weeks and the categories from the store', async () => {
    const { store, cart } = await demo();
    const body = enrolmentRequest(cart, [[0, 1]]);
    const catalogue = await readCatalogue(store, body);
    expect(catalogue.camp.code).toBe('CV2027');
    expect([...catalogue.weekById.keys()].sort()).toEqual([cart.weeks[0]!._id, cart.weeks[1]!._id].sort());
  });

  it('refuses a week that is no longer enabled (409)', async () => {
    const { store, cart } = await demo();
    await store
      .collection<Week>('semanas')
      .updateOne({ _id: cart.weeks[1]!._id }, { set: { isChecked: false } });
    await expect(readCatalogue(store, enrolmentRequest(cart, [[0, 1]]))).rejects.toMatchObject({
      statusCode: 409,
      message: ENROLMENT_MESSAGES.weekNotFound,
    });
  });
});

describe('checkMemberships', () => {
  it('refuses a declared code that does not exist, naming the participant', async () => {
    const { store, cart } = await demo();
    const body = enrolmentRequest(cart, [[0]]);
    body.listParticipants = [participant(1, { membership_have: 'SI', membership_id: 'MB-999999' })];
    await expect(checkMemberships(store, body)).rejects.toMatchObject({
      statusCode: 400,
      message: `${ENROLMENT_MESSAGES.membershipInvalid} (Participante 1)`,
    });
  });
});

describe('takePlaces', () => {
  it('takes one place per child per week and gives them back with its release', async () => {
    const { store, cart, weekQuota } = await demo();
    const body = enrolmentRequest(cart, [
      [0, 1],
      [0, 1],
    ]);
    const { weekById } = await readCatalogue(store, body);
    const release = await takePlaces(store, body, weekById);
    expect([await weekQuota(0), await weekQuota(1)]).toEqual([2, 2]);
    await release();
    expect([await weekQuota(0), await weekQuota(1)]).toEqual([0, 0]);
  });

  it('takes nothing when one week has no room for every child', async () => {
    const { store, cart, weekQuota } = await demo();
    // Week 3 has 3 places left; four children do not fit. Week 2 comes first and is given back.
    const body = enrolmentRequest(cart, [
      [1, 2],
      [1, 2],
      [1, 2],
      [1, 2],
    ]);
    const { weekById } = await readCatalogue(store, body);
    await expect(takePlaces(store, body, weekById)).rejects.toMatchObject({
      statusCode: 409,
      message: weekFullMessage(cart.weeks[2]!),
    });
    expect([await weekQuota(1), await weekQuota(2)]).toEqual([0, 27]);
  });
});

describe('recordPending', () => {
  it('records the order as pending with only the last four card digits', async () => {
    const { store, cart } = await demo();
    const body = enrolmentRequest(cart, [[0]]);
    const catalogue = await readCatalogue(store, body);
    const enrolment = await recordPending(store, {
      user: { _id: 'u'.repeat(24) } as never,
      body,
      key: 'key-1',
      catalogue,
      declared: new Map(),
      coupon: null,
      price: { total: 4700, discount: 0 } as never,
    });
    const stored = await store.collection<Enrolment>('inscripciones').findById(enrolment._id);
    expect(stored).toMatchObject({
      payment_status: 'pending',
      status: 'inactive',
      amount: 4700,
      card: { holder: 'Carmen Rodríguez', last4: '4242' },
      order_number: expect.stringMatching(/^\d{4}$/),
    });
    expect(JSON.stringify(stored)).not.toContain('4242424242424242');
    expect(JSON.stringify(stored)).not.toContain('"cvv"');
  });
});
