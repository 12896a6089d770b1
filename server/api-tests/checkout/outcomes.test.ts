// Gateway faults (the money path's review, holes 2 and 4): a timeout is not a decline, and after an
// approval nothing fails the parent. A fault-injecting gateway wraps the sandbox; the reconciler
// (src/core/checkout/reconciler.ts) settles what the request could not.
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import { sandboxGateway, type PaymentGateway } from '../../../src/core/checkout/gateway.ts';
import { reconcilePayments } from '../../../src/core/checkout/reconciler.ts';
import type { Coupon, Enrolment, Week } from '../../../src/domain/records.ts';
import { CARD_MESSAGES } from '../../../src/domain/cards.ts';
import { CARD_FIELDS, ENROLMENT_MESSAGES, type CreateEnrolmentBody } from '../../../src/domain/enrolment.ts';
import { requestHash } from '../../../src/core/checkout/idempotency.ts';
import { MEMBERSHIP_CODE_PATTERN } from '../../../src/domain/memberships.ts';
import { demoCart, enrolmentRequest, newKey, payAs, type DemoCart } from './testing.ts';

let t: TestApp;
afterEach(async () => t?.close());

/** The sandbox behind a gateway whose answer is lost: it charged (`charged`) or never got it. */
function timingOut({ charged }: { charged: boolean }): PaymentGateway {
  const inner = sandboxGateway();
  return {
    ...inner,
    name: 'timing-out',
    async charge(request) {
      if (charged) await inner.charge(request);
      throw new Error('ETIMEDOUT');
    },
    lookup: (reference) => inner.lookup(reference),
    refund: (request) => inner.refund(request),
  };
}

/** The sandbox, answering after `ms`; while a charge is on its way a lookup cannot tell (it rejects). */
function slow(ms: number) {
  const inner = sandboxGateway();
  const inFlight = new Map<string, Promise<unknown>>();
  const gateway = {
    ...inner,
    name: 'slow',
    charges: 0,
    /** Whether a charge is still being worked on. */
    busy: () => inFlight.size > 0,
    /** Resolves once every charge started so far has answered (no fixed sleep: machines differ). */
    settled: async () => {
      await Promise.all(inFlight.values());
    },
    async charge(request) {
      gateway.charges += 1;
      const wait = new Promise((resolve) => setTimeout(resolve, ms));
      inFlight.set(request.reference, wait);
      await wait;
      inFlight.delete(request.reference);
      return inner.charge(request);
    },
    async lookup(reference) {
      if (inFlight.has(reference)) throw new Error('charge still processing');
      return inner.lookup(reference);
    },
    refund: (request) => inner.refund(request),
  } satisfies PaymentGateway & Record<string, unknown>;
  return gateway;
}

async function setup(gateway: PaymentGateway, env: Record<string, string> = {}) {
  t = await buildTestApp(env, { deps: { gateway } });
  await seedDemoData(t.store);
  const parent = await t.createUser({ email: 'carmen@correo.do' });
  return { ...parent, cart: await demoCart(t.store) };
}

/** `setup`, with a fresh key and a request for the first week, as most tests pay. */
async function setupOneWeek(gateway: PaymentGateway, env: Record<string, string> = {}) {
  const arranged = await setup(gateway, env);
  return { ...arranged, key: newKey(), body: enrolmentRequest(arranged.cart, [[0]]) };
}

const pay = (token: string, body: CreateEnrolmentBody, key: string) => payAs(t, token, body, key);

const taken = async (cart: DemoCart, index: number) =>
  (await t.store.collection<Week>('semanas').findById(cart.weeks[index]!._id))!.quota_f;

/** A request made again after its order was paid: 201 with that order, and still one order in all. */
async function expectPaidOrderAgain(answer: Awaited<ReturnType<typeof pay>>, paid: Enrolment) {
  expect(answer.statusCode).toBe(201);
  expect(answer.json().result).toMatchObject({ orderId: paid.order_number, authCode: paid.auth_code });
  expect(await t.store.collection('inscripciones').count({})).toBe(1);
}

const onlyEnrolment = async () => (await t.store.collection<Enrolment>('inscripciones').findOne({}))!;

describe('a gateway that does not answer', () => {
  it('keeps the places and says the payment is being verified; the reconciler finds it paid', async () => {
    const { token, cart, key, body } = await setupOneWeek(timingOut({ charged: true }));
    const first = await pay(token, body, key);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ success: false, status: 'ERROR', message: ENROLMENT_MESSAGES.verifying });
    expect(await taken(cart, 0)).toBe(1);
    expect((await onlyEnrolment()).payment_status).toBe('unknown');

    expect(await reconcilePayments(t.app.core.deps)).toMatchObject({ paid: 1, released: 0 });
    const paid = await onlyEnrolment();
    expect(paid).toMatchObject({ payment_status: 'paid', status: 'active', followups_done: true });
    expect(paid.participants[0]!.membership_code).toMatch(MEMBERSHIP_CODE_PATTERN);
    expect(await taken(cart, 0)).toBe(1);
    await t.app.outbox.flush();
    expect(t.mails.map((mail) => mail.subject)).toEqual([
      `Confirmación de inscripción — orden ${paid.order_number}`,
    ]);

    // The same request again: the final answer now, and no second charge or order.
    await expectPaidOrderAgain(await pay(token, body, key), paid);
  });

  it('gives the places back and e-mails the parent when the gateway never got the charge', async () => {
    const { token, cart, key, body } = await setupOneWeek(timingOut({ charged: false }));
    expect((await pay(token, body, key)).statusCode).toBe(202);
    expect(await taken(cart, 0)).toBe(1);

    expect(await reconcilePayments(t.app.core.deps)).toMatchObject({ paid: 0, released: 1 });
    expect(await taken(cart, 0)).toBe(0);
    expect((await onlyEnrolment()).payment_status).toBe('error');
    // A second pass changes nothing: the places are given back once.
    await reconcilePayments(t.app.core.deps);
    expect(await taken(cart, 0)).toBe(0);
    await t.app.outbox.flush();
    expect(t.mails.map((mail) => mail.subject)).toEqual([
      `Pago no realizado — orden ${(await onlyEnrolment()).order_number}`,
    ]);

    const again = await pay(token, body, key);
    expect(again.statusCode).toBe(402);
    expect(again.json()).toEqual({ success: false, status: 'ERROR', message: CARD_MESSAGES.gatewayError });
  });
});

describe("a gateway that does not answer, with a coupon's last use", () => {
  const VERANO10 = { code: 'VERANO10', type: 'percent' as const, percent: 10, amount: 0 };
  const coupon = async () => (await t.store.collection<Coupon>('cupones').findOne({ code: 'VERANO10' }))!;

  it.each`
    charged  | settled    | usesAfter
    ${false} | ${'error'} | ${0}
    ${true}  | ${'paid'}  | ${1}
  `(
    'the use is held while the outcome is unknown; the reconciler keeps it ($settled) or gives it back',
    async ({ charged, settled, usesAfter }) => {
      const { token, cart } = await setup(timingOut({ charged }));
      await t.store.collection<Coupon>('cupones').updateOne({ code: 'VERANO10' }, { set: { max_uses: 1 } });
      const first = await pay(token, enrolmentRequest(cart, [[0]], { coupon: VERANO10 }), newKey());
      expect(first.statusCode).toBe(202);
      expect((await coupon()).uses).toBe(1);
      // While unknown, nobody else can take the last use.
      const other = await t.createUser();
      const refused = await pay(other.token, enrolmentRequest(cart, [[1]], { coupon: VERANO10 }), newKey());
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('El cupón ingresado ya alcanzó su límite de usos.');

      await reconcilePayments(t.app.core.deps);
      expect((await onlyEnrolment()).payment_status).toBe(settled);
      expect((await coupon()).uses).toBe(usesAfter);
      await reconcilePayments(t.app.core.deps);
      expect((await coupon()).uses).toBe(usesAfter);
    },
  );
});

describe('a slow gateway', () => {
  it('charges once for repeats sent while it works; each gets the same order', async () => {
    const gateway = slow(600);
    const { token, cart, key, body } = await setupOneWeek(gateway);
    const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const answers = await Promise.all([
      pay(token, body, key),
      later(100).then(() => pay(token, body, key)),
      later(300).then(() => pay(token, body, key)),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((res) => res.json().result.orderId)).size).toBe(1);
    expect(gateway.charges).toBe(1);
    expect(await taken(cart, 0)).toBe(1);
  });

  it('slower than half the lease: "being verified" with the places kept, paid once it answers', async () => {
    const gateway = slow(1_500);
    const { token, cart, key, body } = await setupOneWeek(gateway, { PAYMENT_LEASE_SECONDS: '2' });
    const first = await pay(token, body, key);
    expect(first.statusCode).toBe(202);
    expect(first.json().message).toBe(ENROLMENT_MESSAGES.verifying);
    // The parent was answered while the gateway was still working.
    expect(gateway.busy()).toBe(true);
    // The charge is still on its way: the reconciler cannot tell yet and gives nothing back.
    expect(await reconcilePayments(t.app.core.deps)).toMatchObject({ unresolved: 1, released: 0 });
    expect(await taken(cart, 0)).toBe(1);

    await gateway.settled();
    // The answer that comes late pays the order itself (issue 43): no pass is needed.
    await expect.poll(async () => (await onlyEnrolment()).payment_status).toBe('paid');
    expect(await reconcilePayments(t.app.core.deps)).toMatchObject({ paid: 0, released: 0 });
    // The stored answer becomes the success once the paid order's follow-ups are done (a moment
    // after 'paid' on a busy machine): the parent's page, asking again each second, gets it.
    await expect.poll(async () => (await pay(token, body, key)).statusCode, { timeout: 10_000 }).toBe(201);
    const retry = await pay(token, body, key);
    expect(retry.json().result.orderId).toBe((await onlyEnrolment()).order_number);
    expect(gateway.charges).toBe(1);
    expect(await taken(cart, 0)).toBe(1);
  });
});

describe('after an approved charge', () => {
  it('answers success and keeps the enrolment paid when issuing its membership fails; the reconciler finishes it', async () => {
    const { token, cart } = await setup(sandboxGateway());
    // The store refuses the new membership once (it used to turn the paid order into a 500).
    const memberships = t.store.collection('membresias');
    const insertOne = memberships.insertOne.bind(memberships);
    let failures = 1;
    memberships.insertOne = async (...args) => {
      if (failures-- > 0) throw new Error('store unavailable');
      return insertOne(...args);
    };
    const res = await pay(token, enrolmentRequest(cart, [[0]]), newKey());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, result: { orderId: expect.any(String) } });
    expect(await onlyEnrolment()).toMatchObject({ payment_status: 'paid' });
    expect((await onlyEnrolment()).followups_done).toBe(false);

    expect(await reconcilePayments(t.app.core.deps)).toMatchObject({ completed: 1 });
    const done = await onlyEnrolment();
    expect(done.followups_done).toBe(true);
    // Follow-ups ran twice, their results once.
    expect(await t.store.collection('membresias').count({})).toBe(1);
    expect(await t.store.collection('participantes').count({ inscription: done._id })).toBe(1);
    await t.app.outbox.flush();
    expect(t.mails).toHaveLength(1);
  });
});

/** What a server killed mid-request leaves: the attempt 'processing', its lease long over by default. */
async function interrupted(
  userId: string,
  key: string,
  body: CreateEnrolmentBody,
  leaseUntil = new Date(Date.now() - 60_000),
) {
  await t.store.collection('payment_attempts').insertOne({
    _id: `${userId}:${key}`,
    user_id: userId,
    request_hash: await requestHash(body, CARD_FIELDS),
    status: 'processing',
    answer: null,
    created_at: new Date(Date.now() - 120_000),
    lease_until: leaseUntil,
  });
}
const attemptOf = (userId: string, key: string) =>
  t.store.collection('payment_attempts').findById(`${userId}:${key}`);

describe('a request interrupted by a crash', () => {
  it('before it recorded an order: the retry does the work at once (no charge was made)', async () => {
    const { token, user, key, body } = await setupOneWeek(sandboxGateway());
    await interrupted(user._id, key, body);
    const started = Date.now();
    const retry = await pay(token, body, key);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(retry.statusCode).toBe(201);
    expect(await t.store.collection('inscripciones').count({ payment_status: 'paid' })).toBe(1);
  });

  it('after its order was paid: the retry gets that order, never "still processing"', async () => {
    const { token, user, key, body } = await setupOneWeek(sandboxGateway());
    expect((await pay(token, body, key)).statusCode).toBe(201);
    const paid = await onlyEnrolment();
    // The crash came after the charge, before the answer was stored.
    await t.store.collection('payment_attempts').deleteMany({});
    await interrupted(user._id, key, body);
    await expectPaidOrderAgain(await pay(token, body, key), paid);
  });

  it('while its outcome is unknown: "being verified" now, the order once the reconciler settles it', async () => {
    const { token, user, key, body } = await setupOneWeek(timingOut({ charged: true }));
    expect((await pay(token, body, key)).statusCode).toBe(202);
    await t.store.collection('payment_attempts').deleteMany({});
    await interrupted(user._id, key, body);
    expect((await pay(token, body, key)).statusCode).toBe(202);
    await reconcilePayments(t.app.core.deps);
    expect((await pay(token, body, key)).statusCode).toBe(201);
  });
});

describe('attempts and orders a dead request left behind', () => {
  it("are settled by the reconciler after their lease, with no retry: the order's answer, or cleared", async () => {
    const { token, user, cart, key: paidKey, body } = await setupOneWeek(sandboxGateway());
    expect((await pay(token, body, paidKey)).statusCode).toBe(201);
    const paid = await onlyEnrolment();
    await t.store.collection('payment_attempts').deleteMany({});
    const orphanKey = newKey();
    const other = enrolmentRequest(cart, [[1]]);
    await interrupted(user._id, paidKey, body);
    await interrupted(user._id, orphanKey, other);
    const live = newKey();
    await interrupted(user._id, live, other, new Date(Date.now() + 60_000));

    expect(await reconcilePayments(t.app.core.deps)).toMatchObject({ attempts: 2 });
    expect(await attemptOf(user._id, paidKey)).toMatchObject({
      status: 'done',
      answer: { statusCode: 201, body: { result: { orderId: paid.order_number } } },
    });
    expect(await attemptOf(user._id, orphanKey)).toBeNull();
    // A request still within its lease may be working: left alone.
    expect(await attemptOf(user._id, live)).toMatchObject({ status: 'processing' });
    // The cleared attempt charged nothing: its retry simply pays.
    expect((await pay(token, other, orphanKey)).statusCode).toBe(201);
    expect(await t.store.collection('inscripciones').count({ payment_status: 'paid' })).toBe(2);
  });

  it('are settled at once after a restart of a single-process store, whatever their lease', async () => {
    const never = sandboxGateway();
    const { token, user, cart } = await setup({ ...never, lookup: async () => null });
    expect((await pay(token, enrolmentRequest(cart, [[0]]), newKey())).statusCode).toBe(201);
    // The request died after taking the places, before the gateway got the charge.
    await t.store
      .collection<Enrolment>('inscripciones')
      .updateOne({}, { set: { payment_status: 'pending', created_at: new Date() } });
    const key = newKey();
    await interrupted(user._id, key, enrolmentRequest(cart, [[1]]), new Date(Date.now() + 60_000));
    expect(await taken(cart, 0)).toBe(1);

    expect(await reconcilePayments(t.app.core.deps)).toMatchObject({ released: 0, attempts: 0 });
    expect(await reconcilePayments(t.app.core.deps, { afterRestart: true })).toMatchObject({
      released: 1,
      attempts: 1,
    });
    expect(await taken(cart, 0)).toBe(0);
    expect(await onlyEnrolment()).toMatchObject({ payment_status: 'error' });
    expect(await attemptOf(user._id, key)).toBeNull();
  });

  it('a retry waits out a live lease and then answers, never "still processing"', async () => {
    const { token, user, key, body } = await setupOneWeek(sandboxGateway());
    await interrupted(user._id, key, body, new Date(Date.now() + 1_500));
    const retry = await pay(token, body, key);
    expect(retry.statusCode).toBe(201);
    expect(await t.store.collection('inscripciones').count({ payment_status: 'paid' })).toBe(1);
  });
});

describe('orders paid before follow-ups were retried', () => {
  it('are left alone by the reconciler: no second confirmation e-mail', async () => {
    const { token, cart } = await setup(sandboxGateway());
    expect((await pay(token, enrolmentRequest(cart, [[0]]), newKey())).statusCode).toBe(201);
    await t.app.outbox.flush();
    expect(t.mails).toHaveLength(1);
    // As stored by the server before this field existed.
    await t.store.collection('inscripciones').updateOne({}, { unset: ['followups_done'] });
    expect(await reconcilePayments(t.app.core.deps)).toMatchObject({ completed: 0 });
    await t.app.outbox.flush();
    expect(t.mails).toHaveLength(1);
  });
});
