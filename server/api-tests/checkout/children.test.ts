// One place per child (issue 26): a child (first name and birth date) holds one place in a camp
// week and one enrolment in an annual program. A second order for the same child is refused in
// Spanish, also when two orders race (for a week or a program); another child, another week, a declined or cancelled order
// do not block it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffKit, type StaffKit } from '../staff/testing.ts';
import { cancelAsStaff, demoCart, enrolmentRequest, monthlyOption } from './testing.ts';
import type { Enrolment, Week } from '../../../src/domain/records.ts';
import { CHILD_MESSAGES } from '../../../src/domain/children.ts';
import { SANDBOX_CARDS } from '../../../src/domain/cards.ts';

let kit: StaffKit | undefined;
afterEach(async () => {
  await kit?.t.close();
  kit = undefined;
});

const taken = async (k: StaffKit, weekId: string) =>
  (await k.t.store.collection<Week>('semanas').findById(weekId))!.quota_f;

/** A staff kit and the annual program with its two payment options: monthly and the whole year. */
async function annualProgram() {
  kit = await staffKit();
  const annual = await demoCart(kit.t.store, 'PA2027');
  const monthly = monthlyOption(annual);
  const yearly = annual.weeks.findIndex((week) => week.name !== 'Pago mensual');
  return { k: kit, annual, monthly, yearly };
}

describe('one place per child', () => {
  it('refuses the same child twice in a week, in words; another week or another child is fine', async () => {
    kit = await staffKit();
    const k = kit;
    const first = await k.pay(k.parent, enrolmentRequest(k.cart, [[0]]));
    expect(first.statusCode).toBe(201);
    const before = await taken(k, k.cart.weeks[0]!._id);
    const again = await k.pay(k.parent, enrolmentRequest(k.cart, [[0]]));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      CHILD_MESSAGES.inWeek('Pedro Rodríguez', k.cart.weeks[0]!.name, first.json().result.orderId),
    );
    expect(await taken(k, k.cart.weeks[0]!._id)).toBe(before);
    // Accents and capitals do not make another child.
    const accented = enrolmentRequest(k.cart, [[0]]);
    accented.listParticipants[0]!.first_name = 'PEDRÓ';
    expect((await k.pay(k.parent, accented)).statusCode).toBe(409);
    expect((await k.pay(k.parent, enrolmentRequest(k.cart, [[1]]))).statusCode).toBe(201);
    expect((await k.pay(k.parent, enrolmentRequest(k.cart, [[0]], { children: 'B' }))).statusCode).toBe(201);
    // The wizard reads the places the family's children hold, to say so before paying.
    const family = await k.t.api({
      method: 'GET',
      url: `/api/inscripciones/familia/${k.cart.camp._id}`,
      token: k.parent,
    });
    expect(family.json().data.places).toEqual([
      {
        child: 'pedro|15/03/2016',
        week: k.cart.weeks[0]!._id,
        week_name: k.cart.weeks[0]!.name,
        order_number: String(first.json().result.orderId),
      },
      expect.objectContaining({ child: 'pedro|15/03/2016', week: k.cart.weeks[1]!._id }),
      expect.objectContaining({ child: 'pedro b|15/03/2016', week: k.cart.weeks[0]!._id }),
    ]);
  });

  it('two orders racing for the same child and week: one is paid, the other refused, one place taken', async () => {
    kit = await staffKit();
    const k = kit;
    const before = await taken(k, k.cart.weeks[2]!._id);
    const answers = await Promise.all([0, 1, 2].map(() => k.pay(k.parent, enrolmentRequest(k.cart, [[2]]))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await taken(k, k.cart.weeks[2]!._id)).toBe(before + 1);
    const paid = await k.t.store.collection<Enrolment>('inscripciones').count({ payment_status: 'paid' });
    expect(paid).toBe(1);
  });

  it("an annual program: a second order for the same child points to 'Mis pagos'", async () => {
    const { k, annual, monthly, yearly } = await annualProgram();
    const first = await k.pay(k.parent, enrolmentRequest(annual, [[monthly]]));
    expect(first.statusCode).toBe(201);
    const second = await k.pay(k.parent, enrolmentRequest(annual, [[yearly]]));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      CHILD_MESSAGES.inProgram('Pedro Rodríguez', first.json().result.orderId),
    );
  });

  it('two orders racing for the same child in an annual program: one is paid, the other refused', async () => {
    const { k, annual, monthly, yearly } = await annualProgram();
    // Two tabs, each with its own payment option for Pedro, paid at the same moment.
    const answers = await Promise.all(
      [monthly, yearly].map((option) => k.pay(k.parent, enrolmentRequest(annual, [[option]]))),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const winner = answers.find((answer) => answer.statusCode === 201)!;
    const loser = answers.find((answer) => answer.statusCode === 409)!;
    expect(loser.json().message).toBe(
      CHILD_MESSAGES.inProgram('Pedro Rodríguez', winner.json().result.orderId),
    );
    const orders = await k.t.store
      .collection<Enrolment>('inscripciones')
      .find({ campament: annual.camp._id, payment_status: 'paid' });
    expect(orders).toHaveLength(1);
  });

  it('a declined or a cancelled order does not hold the child', async () => {
    kit = await staffKit();
    const k = kit;
    const declined = await k.pay(k.parent, enrolmentRequest(k.cart, [[0]], { card: SANDBOX_CARDS.declined }));
    expect(declined.statusCode).toBe(402);
    const paid = await k.pay(k.parent, enrolmentRequest(k.cart, [[0]]));
    expect(paid.statusCode).toBe(201);
    const order = (await k.t.store
      .collection<Enrolment>('inscripciones')
      .findOne({ order_number: paid.json().result.orderId }))!;
    await cancelAsStaff(k.t, k.admin, order._id, 'Cambio de planes');
    expect((await k.pay(k.parent, enrolmentRequest(k.cart, [[0]]))).statusCode).toBe(201);
  });

  it("claims every child's weeks of an order together, and takes over a declined order's claim among them", async () => {
    kit = await staffKit();
    const k = kit;
    // The first child's claim on week 1 is left by a declined order: the batch meets it, and each
    // place is then claimed on its own (the declined order's claim replaced).
    const declined = await k.pay(k.parent, enrolmentRequest(k.cart, [[0]], { card: SANDBOX_CARDS.declined }));
    expect(declined.statusCode).toBe(402);
    const paid = await k.pay(
      k.parent,
      enrolmentRequest(k.cart, [
        [0, 1],
        [0, 1],
      ]),
    );
    expect(paid.statusCode, paid.body).toBe(201);
    const order = (await k.t.store
      .collection<Enrolment>('inscripciones')
      .findOne({ order_number: paid.json().result.orderId }))!;
    const claims = await k.t.store.collection<{ _id: string; enrolment_id: string }>('inscritos').find({});
    expect(claims.map((claim) => claim.enrolment_id)).toEqual([order._id, order._id, order._id, order._id]);
    // A second family order for either child in either week is refused, in words.
    const again = await k.pay(k.parent, enrolmentRequest(k.cart, [[1]]));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(paid.json().result.orderId);
    // Another family's first order of two children in two weeks: four claims in one write.
    const claimWrites = k.t.app.core.deps.store.collection('inscritos');
    const one = vi.spyOn(claimWrites, 'insertOne');
    const many = vi.spyOn(claimWrites, 'insertMany');
    const other = await k.t.createUser();
    const twoWeeksEach = enrolmentRequest(k.cart, [
      [2, 3],
      [2, 3],
    ]);
    expect((await k.pay(other.token, twoWeeksEach)).statusCode).toBe(201);
    expect(many).toHaveBeenCalledTimes(1);
    expect(many.mock.calls[0]![0]).toHaveLength(4);
    expect(one).not.toHaveBeenCalled();
    expect(await k.t.store.collection('inscritos').count({})).toBe(8);
  });
});
