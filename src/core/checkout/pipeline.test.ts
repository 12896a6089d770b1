// The checkout's steps one by one, on the in-memory store (the whole route is enrolments.test.ts).
import { describe, expect, it } from 'vitest';
import { openMemoryStore } from '../store/memory.ts';
import { ENROLMENT_MESSAGES, weekFullMessage } from '../../domain/enrolment.ts';
import type { Enrolment, Membership, Week } from '../../domain/records.ts';
import { seedDemoData } from '../seed.ts';
import { checkMemberships, readCatalogue, recordPending, takePlaces } from './pipeline.ts';
import { demoCart, enrolmentRequest, participant, type DemoCart } from './fixtures.ts';
import { newMembershipCode } from './records.ts';
import { sandboxGateway } from './gateway.ts';
import { failUncharged } from './settle.ts';
import { PAYMENT_LEASE_MS } from './idempotency.ts';
import { reconcilePayments } from './reconciler.ts';
import type { Store } from '../store/port.ts';
import type { ParticipantEntry } from '../../domain/enrolment.ts';

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
  const FAMILY = { _id: '0123456789abcdef01234567' };
  const OTHER_FAMILY = { _id: '76543210fedcba9876543210' };

  /** A membership of child 1 (Pedro, born 15/03/2016) of FAMILY, as the checkout issues it. */
  async function issued(store: Store) {
    const code = newMembershipCode();
    await store.collection<Membership>('membresias').insertOne({
      code,
      user_id: FAMILY._id,
      first_name: 'Pedro',
      last_name: 'Rodríguez',
      birth_date: '15/03/2016',
      campament: 'x',
      order_number: '1001',
      issued_at: new Date(),
      status: 'active',
    });
    return code;
  }

  const declaring = (cart: DemoCart, ...children: Array<[number, string, Partial<ParticipantEntry>?]>) => {
    const body = enrolmentRequest(
      cart,
      children.map(() => [0]),
    );
    body.listParticipants = children.map(([id, code, overrides]) =>
      participant(id, { membership_have: 'SI', membership_id: code, ...overrides }),
    );
    return body;
  };

  const refusal = (message: string, slot: number) => ({
    statusCode: 400,
    message: `${message} (Participante ${slot})`,
  });

  it('refuses a declared code that does not exist, naming the participant', async () => {
    const { store, cart } = await demo();
    await expect(checkMemberships(store, declaring(cart, [1, 'MB-999999']), FAMILY)).rejects.toMatchObject(
      refusal(ENROLMENT_MESSAGES.membershipInvalid, 1),
    );
    // A guessed code of the right shape is no better.
    await expect(
      checkMemberships(store, declaring(cart, [1, newMembershipCode()]), FAMILY),
    ).rejects.toMatchObject(refusal(ENROLMENT_MESSAGES.membershipInvalid, 1));
  });

  it("accepts the family's own code for its child, typed loosely", async () => {
    const { store, cart } = await demo();
    const code = await issued(store);
    const typed = ` ${code.toLowerCase().replace('-', ' ')} `;
    const declared = await checkMemberships(store, declaring(cart, [1, typed]), FAMILY);
    expect(declared.get(1)?.code).toBe(code);
  });

  it("refuses another family's code, another child's, and one code for two children", async () => {
    const { store, cart } = await demo();
    const code = await issued(store);
    await expect(checkMemberships(store, declaring(cart, [1, code]), OTHER_FAMILY)).rejects.toMatchObject(
      refusal(ENROLMENT_MESSAGES.membershipInvalid, 1),
    );
    await expect(
      checkMemberships(store, declaring(cart, [1, code, { first_name: 'Luis' }]), FAMILY),
    ).rejects.toMatchObject(refusal(ENROLMENT_MESSAGES.membershipOtherChild, 1));
    await expect(
      checkMemberships(store, declaring(cart, [1, code, { birth_date: '15/03/2017' }]), FAMILY),
    ).rejects.toMatchObject(refusal(ENROLMENT_MESSAGES.membershipOtherChild, 1));
    await expect(
      checkMemberships(store, declaring(cart, [1, code], [2, code, { first_name: 'Pedro' }]), FAMILY),
    ).rejects.toMatchObject(refusal(ENROLMENT_MESSAGES.membershipRepeated, 2));
  });
});

describe('takePlaces', () => {
  const HOLDER = 'aaaaaaaaaaaaaaaaaaaaaaaa';

  it('takes one place per child per week and gives them back with its release', async () => {
    const { store, cart, weekQuota } = await demo();
    const body = enrolmentRequest(cart, [
      [0, 1],
      [0, 1],
    ]);
    const { weekById } = await readCatalogue(store, body);
    const release = await takePlaces(store, body, weekById, HOLDER);
    expect([await weekQuota(0), await weekQuota(1)]).toEqual([2, 2]);
    await release();
    expect([await weekQuota(0), await weekQuota(1)]).toEqual([0, 0]);
    // Given back once: running the release again (a crash recovery) changes nothing.
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
    await expect(takePlaces(store, body, weekById, HOLDER)).rejects.toMatchObject({
      statusCode: 409,
      message: weekFullMessage(cart.weeks[2]!),
    });
    expect([await weekQuota(1), await weekQuota(2)]).toEqual([0, 27]);
  });
});

/** Child 1 on the cart's `weeks`, recorded pending (as before the charge) under `key`. */
async function pendingOrder(store: Store, cart: DemoCart, weeks: number[], key: string, total: number) {
  const body = enrolmentRequest(cart, [weeks]);
  return recordPending(store, {
    user: { _id: 'u'.repeat(24) } as never,
    body,
    key,
    catalogue: await readCatalogue(store, body),
    declared: new Map(),
    coupon: null,
    price: { total, discount: 0 } as never,
  });
}

describe('recordPending', () => {
  it('records the order as pending with only the last four card digits', async () => {
    const { store, cart } = await demo();
    const enrolment = await pendingOrder(store, cart, [0], 'key-1', 4700);
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

describe('a crash in the middle of a checkout', () => {
  it('leaks no place: once its lease is over, the reconciler gives back exactly what the order held', async () => {
    const { store, cart, weekQuota } = await demo();
    const enrolment = await pendingOrder(store, cart, [0, 1], 'key-crash', 9400);
    // The server died after taking week 1's place, before week 2's and before any charge.
    await store.collection<Week>('semanas').incrementWithin(cart.weeks[0]!._id, {
      field: 'quota_f',
      by: 1,
      limitField: 'quota_q',
      hold: enrolment._id,
    });
    expect([await weekQuota(0), await weekQuota(1)]).toEqual([1, 0]);

    const deps = {
      store,
      gateway: sandboxGateway({ store }),
      mailer: { enqueue: async () => undefined },
      passwords: { hash: async () => '', verify: async () => false },
      sessions: { sign: () => '' },
      photos: { kind: 'none', save: async () => ({ name: '', url: '' }) },
      log: { error: () => undefined, warn: () => undefined },
      receiptPdf: async () => new Uint8Array(),
      settings: { publicUrl: '', schoolWebsite: '' },
    };
    // Within the lease the request might still be working: nothing is touched.
    expect(await reconcilePayments(deps)).toMatchObject({ released: 0 });
    expect(await weekQuota(0)).toBe(1);
    const later = new Date(Date.now() + PAYMENT_LEASE_MS + 1000);
    expect(await reconcilePayments(deps, { now: later })).toMatchObject({ released: 1 });
    expect([await weekQuota(0), await weekQuota(1)]).toEqual([0, 0]);
    expect((await store.collection<Enrolment>('inscripciones').findById(enrolment._id))?.payment_status).toBe(
      'error',
    );
    // A second pass (another instance, a restart) gives nothing back twice.
    await reconcilePayments(deps, { now: new Date(later.getTime() + 2 * PAYMENT_LEASE_MS) });
    expect([await weekQuota(0), await weekQuota(1)]).toEqual([0, 0]);
  });

  it('a failed order never keeps its places, wherever the process dies while failing it', async () => {
    /** A store that dies at its `at`-th write (a dead process sends nothing after that). */
    const dyingAt = (store: Store, at: number): Store => {
      let writes = 0;
      const write =
        <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
        async (...args: A): Promise<R> => {
          writes += 1;
          if (writes >= at) throw new Error('killed');
          return fn(...args);
        };
      return {
        ...store,
        collection: <T extends { _id: string }>(name: string) => {
          const collection = store.collection<T>(name);
          return {
            ...collection,
            updateOne: write(collection.updateOne.bind(collection)),
            incrementWithin: write(collection.incrementWithin.bind(collection)),
            moveHold: write(collection.moveHold.bind(collection)),
          };
        },
      };
    };
    for (let at = 1; ; at += 1) {
      const { store, cart, weekQuota } = await demo();
      const body = enrolmentRequest(cart, [[0]]);
      const order = {
        body,
        catalogue: await readCatalogue(store, body),
        declared: new Map(),
        coupon: null,
        price: { total: 4700, discount: 0 } as never,
      };
      const enrolment = await recordPending(store, {
        ...order,
        user: { _id: 'u'.repeat(24) } as never,
        key: 'k1',
      });
      // Another family's paid place in the same week, which nothing here may give back.
      const other = await recordPending(store, {
        ...order,
        user: { _id: 'v'.repeat(24) } as never,
        key: 'k2',
      });
      for (const holder of [enrolment, other])
        await store.collection<Week>('semanas').incrementWithin(cart.weeks[0]!._id, {
          field: 'quota_f',
          by: 1,
          limitField: 'quota_q',
          hold: holder._id,
        });
      await store
        .collection<Enrolment>('inscripciones')
        .updateOne({ _id: other._id }, { set: { payment_status: 'paid' } });

      const died = await failUncharged(dyingAt(store, at), enrolment, 'declined').then(
        () => false,
        () => true,
      );
      // Whatever was written before the death, the reconciler (after the lease) finishes it.
      const deps = {
        store,
        gateway: sandboxGateway({ store }),
        mailer: { enqueue: async () => undefined },
        log: { error: () => undefined, warn: () => undefined },
        settings: { publicUrl: '', schoolWebsite: '' },
      } as never;
      await reconcilePayments(deps, { now: new Date(Date.now() + PAYMENT_LEASE_MS + 1000) });
      const stored = await store.collection<Enrolment>('inscripciones').findById(enrolment._id);
      expect(stored?.payment_status, `died at write ${at}`).toMatch(/^(declined|error)$/);
      expect(await weekQuota(0), `died at write ${at}`).toBe(1);
      // Settled: failing it again changes nothing.
      expect(await failUncharged(store, enrolment, 'declined')).toBe(false);
      expect(await weekQuota(0)).toBe(1);
      if (!died) break;
    }
  });
});
