// Issue 43, item 8: a charge still in flight at the gateway is never taken for 'never received'.
// Reproduced as written: the sandbox answering after SANDBOX_LATENCY_MS with PAYMENT_LEASE_SECONDS=4,
// so the checkout stops waiting (202) while the charge is on its way and the reconciler runs every
// 0.3 s meanwhile. And a gateway that does answer null too early: the charge it approves after the
// order failed is refunded automatically, the order stays failed.
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import { sandboxGateway, type PaymentGateway } from '../../../src/core/checkout/gateway.ts';
import { reconcilePayments } from '../../../src/core/checkout/reconciler.ts';
import type { Enrolment, Week } from '../../../src/domain/records.ts';
import { ENROLMENT_MESSAGES } from '../../../src/domain/enrolment.ts';
import { demoCart, enrolmentRequest, payAs } from './testing.ts';

let t: TestApp;
afterEach(async () => t?.close());

async function setup(gateway: (app: { store: TestApp['store'] }) => PaymentGateway) {
  // The gateway needs the app's store (the sandbox records what it received): built in two steps.
  const bound: { gateway?: PaymentGateway } = {};
  const late: PaymentGateway = {
    name: 'late-bound',
    get answerWithinMs() {
      return bound.gateway!.answerWithinMs;
    },
    charge: (request) => bound.gateway!.charge(request),
    lookup: (reference) => bound.gateway!.lookup(reference),
    refund: (request) => bound.gateway!.refund(request),
    saveCard: (request) => bound.gateway!.saveCard(request),
    chargeSaved: (request) => bound.gateway!.chargeSaved(request),
    deleteCard: (token) => bound.gateway!.deleteCard(token),
  };
  t = await buildTestApp({ PAYMENT_LEASE_SECONDS: '4' }, { deps: { gateway: late } });
  bound.gateway = gateway({ store: t.store });
  await seedDemoData(t.store);
  const parent = await t.createUser({ email: 'carmen@correo.do' });
  const cart = await demoCart(t.store);
  return { ...parent, cart };
}

const onlyOrder = async () => (await t.store.collection<Enrolment>('inscripciones').find({}))[0]!;
const notChargedMails = () => t.store.collection('outbox').count({ kind: 'payment-not-completed' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a charge in flight at the gateway', () => {
  for (const latencyMs of [2_300, 3_000]) {
    it(`at ${latencyMs} ms against a 4 s lease: never marked failed, paid once approved`, async () => {
      const { token, cart } = await setup(({ store }) => sandboxGateway({ store, latencyMs }));
      const week = cart.weeks[0]!;
      const started = Date.now();
      const res = await payAs(t, token, enrolmentRequest(cart, [[0]]));
      expect(res.statusCode).toBe(202);
      expect(res.json().message).toBe(ENROLMENT_MESSAGES.verifying);
      // The reconciler asks every 0.3 s while the charge is on its way: it never gives up the order.
      while (Date.now() - started < latencyMs + 600) {
        const report = await reconcilePayments(t.app.core.deps);
        expect(report.released, 'a charge in flight was taken for never received').toBe(0);
        const order = await onlyOrder();
        expect(['unknown', 'paid']).toContain(order.payment_status);
        await sleep(300);
      }
      // Then the approval is settled: on a busy machine that has taken more than the 0.6 s after the
      // gateway's answer allowed above, so it is waited for, and until then the order stays 'unknown'.
      let order = await onlyOrder();
      for (let waited = 0; order.payment_status !== 'paid' && waited < 10_000; waited += 100) {
        expect(order.payment_status).toBe('unknown');
        await sleep(100);
        order = await onlyOrder();
      }
      expect(order.payment_status).toBe('paid');
      const charge = await t.store.collection('sandbox_charges').findById(order.order_number);
      expect(charge?.result).toMatchObject({ approved: true });
      expect((await t.store.collection<Week>('semanas').findById(week._id))!.quota_f).toBe(week.quota_f + 1);
      expect(await notChargedMails()).toBe(0);
    });
  }

  it('a charge approved after its order failed is refunded at once; the order stays failed', async () => {
    // The old sandbox's mistake, on purpose: 'never received' while the charge is on its way.
    const { token, cart } = await setup(({ store }) => {
      const inner = sandboxGateway({ store, latencyMs: 2_300 });
      return {
        ...inner,
        answerWithinMs: 0,
        lookup: async (reference) => (await inner.lookup(reference).catch(() => null)) ?? null,
      };
    });
    const week = cart.weeks[0]!;
    const res = await payAs(t, token, enrolmentRequest(cart, [[0]]));
    expect(res.statusCode).toBe(202);
    expect(await reconcilePayments(t.app.core.deps)).toMatchObject({ released: 1 });
    expect((await onlyOrder()).payment_status).toBe('error');
    expect(await notChargedMails()).toBe(1);
    // The approval comes 0.3 s later: refunded automatically, nothing taken back.
    await expect
      .poll(async () => (await onlyOrder()).late_charge?.refund_status, { timeout: 5_000 })
      .toBe('refunded');
    const order = await onlyOrder();
    expect(order.payment_status).toBe('error');
    expect(await t.store.collection('sandbox_refunds').findById(order.order_number)).toMatchObject({
      amount: order.amount,
    });
    expect((await t.store.collection<Week>('semanas').findById(week._id))!.quota_f).toBe(week.quota_f);
    // What the office sees of it: the gateway's reference, never the card.
    expect(order.late_charge?.gateway_reference).toMatch(/^SBX-/);
  });
});
