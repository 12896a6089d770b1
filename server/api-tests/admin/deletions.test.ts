// Deletions that cannot orphan (issue 24): a camp, week or category families paid for, or hold
// places in, is not deleted (the answer says why and offers deactivating it); an unused week or camp
// is, and its waiting list is withdrawn with an e-mail to each family.
import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/build.ts';
import { staffKit, type StaffKit } from '../staff/testing.ts';
import type { Enrolment, Week } from '../../../src/domain/records.ts';
import { enrolmentRequest, joinWaitlist } from '../checkout/testing.ts';

let t: TestApp;
let kit: StaffKit;
afterEach(async () => t?.close());

async function setup() {
  kit = await staffKit();
  t = kit.t;
  return kit;
}

const remove = (area: string, id: string) =>
  t.api({ method: 'DELETE', url: `/api/${area}/delete/${id}`, token: kit.admin });

/** The week full by the staff's own count (no order), and the family in its line for a child. */
async function waitFor(week: Week, child: string) {
  await t.store.collection<Week>('semanas').updateOne({ _id: week._id }, { set: { quota_f: week.quota_q } });
  await joinWaitlist(t, kit.parent, week._id, child);
}

describe('deleting what families use', () => {
  it('refuses a camp, week or category with a paid order, says why, and deactivating keeps the order', async () => {
    const { parent, cart } = await setup();
    expect((await kit.pay(parent, enrolmentRequest(cart, [[0]]))).statusCode).toBe(201);
    const camp = await remove('campamentos', cart.camp._id);
    expect(camp.statusCode).toBe(409);
    expect(camp.json().message).toBe(
      `No se puede eliminar el campamento «${cart.camp.name}»: tiene 1 inscripción vigente. Puede desactivarlo: no se venderá más y lo pagado se mantiene.`,
    );
    const week = await remove('semanas', cart.weeks[0]!._id);
    expect(week.statusCode).toBe(409);
    expect(week.json().message).toMatch(
      /^No se puede eliminar la semana «.+»: tiene 1 inscripción vigente\./,
    );
    const order = (await t.store.collection<Enrolment>('inscripciones').findOne({}))!;
    const category = await remove('categorias', order.lines[0]!.time);
    expect(category.statusCode).toBe(409);
    // Nothing was deleted; deactivating is allowed and the order stays as it was.
    expect((await t.store.collection<Week>('semanas').findById(cart.weeks[0]!._id))!.status).toBe('active');
    const off = await t.api({
      method: 'POST',
      url: '/api/campamentos/update',
      token: kit.admin,
      payload: { _id: cart.camp._id, status: 'inactive' },
    });
    expect(off.statusCode).toBe(200);
    expect((await t.store.collection<Enrolment>('inscripciones').findById(order._id))!.payment_status).toBe(
      'paid',
    );
    // An unused week of the same camp can still go.
    expect((await remove('semanas', cart.weeks[6]!._id)).statusCode).toBe(200);
  });

  it('refuses a week whose places a family holds in its cart', async () => {
    const { parent, cart } = await setup();
    const week = cart.weeks[1]!;
    const held = await t.api({
      method: 'POST',
      url: `/api/carritos/${cart.camp._id}`,
      token: parent,
      payload: { weeks: [week._id], participants: 2, places: [{ week: week._id, count: 2 }] },
    });
    expect(held.json().data.weeks[0]).toMatchObject({ held: 2 });
    const refused = await remove('semanas', week._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/: 2 cupos reservados\. Puede desactivarlo/);
  });

  it('deletes an unused full week and withdraws its waiting list, each family e-mailed', async () => {
    const { parent, cart } = await setup();
    const week = cart.weeks[3]!;
    await waitFor(week, 'Sofía');
    expect((await remove('semanas', week._id)).statusCode).toBe(200);
    const mine = (await t.api({ method: 'GET', url: '/api/esperas', token: parent })).json().data;
    expect(mine).toEqual([]);
    const entry = await t.store.collection('lista_espera').findOne({ week: week._id });
    expect(entry).toMatchObject({ status: 'withdrawn' });
    const mails = await t.store.collection('outbox').find({ kind: 'waitlist-withdrawn' });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: ['carmen@correo.do'] });
    expect(mails[0]!.text).toContain('Su solicitud en la lista de espera quedó retirada');
  });

  it('deletes an unused camp and withdraws the waiting lists of its weeks, each family e-mailed', async () => {
    const { parent, cart } = await setup();
    const week = cart.weeks[2]!;
    await waitFor(week, 'Luis');
    expect((await remove('campamentos', cart.camp._id)).statusCode).toBe(200);
    expect(await t.store.collection('lista_espera').findOne({ week: week._id })).toMatchObject({
      status: 'withdrawn',
    });
    expect((await t.api({ method: 'GET', url: '/api/esperas', token: parent })).json().data).toEqual([]);
    const mails = await t.store.collection('outbox').find({ kind: 'waitlist-withdrawn' });
    expect(mails.map((mail) => mail.to)).toEqual([['carmen@correo.do']]);
  });
});
