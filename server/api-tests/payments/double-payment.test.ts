// Two charges from one click (issue 53, item 3): a double tap on a slow phone, two tabs, or two
// people at the office send the same instalment's payment many times at once. A payment names the
// line it pays (`cuota`, the line's `_id` as the ledger answers it); once that line is paid or
// being paid, every other request for it is answered 'Esa cuota ya está pagada.' and charges
// nothing: the next instalment is never paid early without being asked.
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import {
  demoCart,
  enrolmentRequest,
  monthlyOption,
  paidOrder,
  payInstalment,
  type DemoCart,
} from '../checkout/testing.ts';
import type { Enrolment } from '../../../src/domain/records.ts';
import { LEDGER_MESSAGES, type LedgerPayment } from '../../../src/domain/ledger.ts';
import type { EnrolmentLedgerAnswer } from '../../../src/domain/schemas/ledger.ts';

let t: TestApp;
afterEach(async () => t?.close());

const PARALLEL = 20;

async function setup() {
  const clock = { now: new Date('2026-08-20T14:00:00Z') };
  t = await buildTestApp({}, { deps: { clock: () => clock.now } });
  await seedDemoData(t.store);
  const cart = await demoCart(t.store, 'PA2027');
  const parent = await t.createUser({ email: 'carmen@correo.do' });
  const admin = await t.createUser({ admin: true });
  const order = await enrol(parent.token, cart);
  return { parent, admin, order };
}

/** A family on 'Pago mensual': the membership and the first instalment paid, nine owed. */
const enrol = (token: string, cart: DemoCart) =>
  paidOrder(t, token, enrolmentRequest(cart, [[monthlyOption(cart)]]));

const familyLedger = async (token: string): Promise<EnrolmentLedgerAnswer> =>
  (await t.api({ method: 'GET', url: '/api/pagos', token })).json().data[0];

const states = (ledger: EnrolmentLedgerAnswer) =>
  ledger.lines.map((line) => `${line.kind}${line.seq}:${line.state}`);

/** The charges the gateway approved for the order's instalments (its own charge left out). */
const approvedInstalmentCharges = async (order: Enrolment) =>
  (
    await t.store
      .collection<{ _id: string; result: { approved?: boolean } | null }>('sandbox_charges')
      .find({})
  ).filter((charge) => charge._id.startsWith(`${order.order_number}-`) && charge.result?.approved);

// A new key each payment: two tabs, or a double tap that the page did not catch.
const payLine = (token: string, order: Enrolment, cuota: string, amount: number) =>
  payInstalment(t, token, order._id, cuota, amount);

const manual = (token: string, payload: Record<string, unknown>) =>
  t.api({ method: 'POST', url: '/api/pagos/manual', token, payload });

/**
 * The office records `payment` of the family's oldest owed line ${PARALLEL} times at once, as two
 * people at the office (or one double click) would; answers every answer.
 */
async function officeRecordsAtOnce(payment: Record<string, unknown>) {
  const { parent, admin, order } = await setup();
  const line = (await familyLedger(parent.token)).lines.find((candidate) => candidate.owed > 0)!;
  const answers = await Promise.all(
    Array.from({ length: PARALLEL }, () =>
      manual(admin.token, { enrolment: order._id, ...payment, cuota: line._id, owed: line.owed }),
    ),
  );
  return { parent, order, answers };
}

describe('one click, one charge', () => {
  it(`${PARALLEL} payments of the same instalment at once with different keys: one charge, the rest 'ya está pagada'`, async () => {
    const { parent, order } = await setup();
    const before = await familyLedger(parent.token);
    const line = before.lines.find((candidate) => candidate.owed > 0)!;
    expect(line).toMatchObject({ kind: 'cuota', seq: 2, owed: 3900 });

    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => payLine(parent.token, order, line._id, line.owed)),
    );

    const charges = await approvedInstalmentCharges(order);
    console.info(`instalment charges approved from ${PARALLEL} parallel payments: ${charges.length}`);
    expect(charges).toHaveLength(1);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      ...Array.from({ length: PARALLEL - 1 }, () => 200),
      201,
    ]);
    const repeats = answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json());
    for (const repeat of repeats) {
      expect(repeat.message).toBe(LEDGER_MESSAGES.alreadyPaid);
      // With the receipt: the payment that paid the line.
      expect(repeat.receipt).toMatchObject({ method: 'tarjeta', amount: 3900, cuotas: [line._id] });
    }
    const after = await familyLedger(parent.token);
    expect(states(after).slice(0, 4)).toEqual([
      'membresia0:pagada',
      'cuota1:pagada',
      'cuota2:pagada',
      'cuota3:pendiente',
    ]);
    expect(after).toMatchObject({ balance: 8 * 3900, next_due: '2026-11-05', next_amount: 3900 });
    const payments = await t.store
      .collection<LedgerPayment>('pagos')
      .find({ enrolment_id: order._id, status: { $ne: 'approved' } });
    expect(payments).toEqual([]);
    expect(await t.store.collection('outbox').count({ kind: 'instalment-paid' })).toBe(1);
  });

  it(`the office: ${PARALLEL} identical payments of the same instalment at once record one`, async () => {
    const { parent, order, answers } = await officeRecordsAtOnce({ method: 'efectivo', amount: 3900 });
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual(
      [...Array.from({ length: PARALLEL - 1 }, () => 409), 200].sort(),
    );
    for (const answer of answers.filter((candidate) => candidate.statusCode === 409))
      expect(answer.json()).toMatchObject({
        message: LEDGER_MESSAGES.alreadyPaid,
        receipt: { method: 'efectivo', amount: 3900 },
        data: { balance: 8 * 3900 },
      });
    const recorded = await t.store
      .collection<LedgerPayment>('pagos')
      .find({ enrolment_id: order._id, status: 'recorded' });
    expect(recorded).toHaveLength(1);
    expect(await t.store.collection('auditoria').count({ kind: 'pagos', action: 'create' })).toBe(1);
    const after = await familyLedger(parent.token);
    expect(states(after).slice(2, 4)).toEqual(['cuota2:pagada', 'cuota3:pendiente']);
    expect(after.balance).toBe(8 * 3900);
  });

  it(`the office: ${PARALLEL} identical partial payments of a line record one; the rest see its balance changed`, async () => {
    const { parent, answers } = await officeRecordsAtOnce({
      method: 'transferencia',
      bank: 'Banco Popular',
      document: 'TRF-1',
      amount: 2000,
    });
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.statusCode !== 200)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().message).toBe(LEDGER_MESSAGES.amountChanged('RD$1,900'));
    }
    const after = await familyLedger(parent.token);
    expect(after.lines[2]).toMatchObject({ paid: 2000, owed: 1900 });
    expect(after.balance).toBe(9 * 3900 - 2000);
  });

  it('the office names the line its payment pays; none while something is owed is refused', async () => {
    const { admin, order } = await setup();
    const res = await manual(admin.token, { enrolment: order._id, method: 'efectivo', amount: 3900 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(LEDGER_MESSAGES.instalmentRequired);
    expect(await t.store.collection('pagos').count({ status: 'recorded' })).toBe(0);
  });

  it('the family and the office pay the same instalment at once: one pays it', async () => {
    const { parent, admin, order } = await setup();
    const line = (await familyLedger(parent.token)).lines.find((candidate) => candidate.owed > 0)!;
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, index) =>
        index % 2
          ? payLine(parent.token, order, line._id, line.owed)
          : manual(admin.token, {
              enrolment: order._id,
              method: 'efectivo',
              amount: 3900,
              cuota: line._id,
              owed: line.owed,
            }),
      ),
    );
    const paid = answers.filter((answer) => answer.statusCode === 200 || answer.statusCode === 201);
    const paying = paid.filter((answer) => answer.json().message !== LEDGER_MESSAGES.alreadyPaid);
    expect(paying).toHaveLength(1);
    for (const answer of answers.filter((candidate) => !paying.includes(candidate)))
      expect(answer.json().message).toBe(LEDGER_MESSAGES.alreadyPaid);
    const settled = await t.store.collection<LedgerPayment>('pagos').find({
      enrolment_id: order._id,
      status: { $in: ['approved', 'recorded'] },
      'allocations.cuota': line._id,
    });
    expect(settled).toHaveLength(1);
    expect((await familyLedger(parent.token)).balance).toBe(8 * 3900);
  });
});
