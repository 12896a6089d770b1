// Correcting a paid order (issue 54, item 2): staff add a grandmother to the pick-up list, correct a
// phone and an allergy; the gate and the rosters show it at once; the audit says who and
// before → after in Spanish; bad input changes nothing; the family corrects its own order through
// the camp's last day and is refused after; a coach cannot correct.
import { afterEach, describe, expect, it } from 'vitest';
import { coachOfWeeks, staffKit, type StaffKit } from './testing.ts';
import { enrolmentRequest } from '../checkout/testing.ts';
import { ROLE_MESSAGES } from '../../../src/domain/roles.ts';
import { ORDER_DATA_MESSAGES as M } from '../../../src/domain/order-data.ts';
import { ADDITIONAL_MESSAGES } from '../../../src/domain/enrolment.ts';
import { auditChangedFields, auditFieldLabel, auditValue } from '../../../src/domain/audit.ts';
import type { Enrolment } from '../../../src/domain/records.ts';

let kit: StaffKit | undefined;
afterEach(async () => {
  await kit?.t.close();
  kit = undefined;
});

const GRANDMOTHER = { authorized_name_2: 'Ana Pérez de Rodríguez', authorized_id_2: '001-3333333-6' };

/** A paid order of the demo camp whose family gave one pick-up person only. */
async function arrange(clock: { now: Date }) {
  kit = await staffKit(undefined, clock);
  const k = kit;
  const body = enrolmentRequest(k.cart, [[0]]);
  body.emergencyContact = { ...body.emergencyContact, authorized_name_2: '', authorized_id_2: '' };
  const paid = await k.pay(k.parent, body);
  expect(paid.statusCode, paid.body).toBe(201);
  const order = (await k.t.store.collection<Enrolment>('inscripciones').findOne({ payment_status: 'paid' }))!;
  const coach = await coachOfWeeks(k, [k.cart.weeks[0]!._id]);
  const stored = async () => (await k.t.store.collection<Enrolment>('inscripciones').findById(order._id))!;
  const dataOf = (o: Enrolment) => ({
    contact: o.contact,
    participants: o.participants.map((child) => ({
      id: child.id,
      alergies: child.alergies,
      prohibited_foods: child.prohibited_foods,
      prohibited_drugs: child.prohibited_drugs,
      activities_restrictions: child.activities_restrictions,
    })),
  });
  const correct = (token: string, payload: object, url = `/api/inscripciones/datos/${order._id}`) =>
    k.t.api({ method: 'POST', url, token, payload });
  return { k, order, coach, stored, dataOf, correct };
}

describe('correcting a paid order', () => {
  it('staff add a pick-up person and correct a phone and an allergy: gate, rosters and audit show it', async () => {
    const clock = { now: new Date('2027-05-03T15:00:00Z') };
    const { k, order, coach, stored, dataOf, correct } = await arrange(clock);
    const base = dataOf(order);

    // A coach cannot correct: refused in Spanish, nothing changes.
    const byCoach = await correct(coach, { ...base, contact: { ...base.contact, ...GRANDMOTHER } });
    expect(byCoach.statusCode).toBe(403);
    expect(byCoach.json().message).toBe(ROLE_MESSAGES.forbidden('entrenador'));

    // A mistyped cédula and an emptied allergy are refused with the wizard's lines; nothing changes.
    const badId = await correct(k.admin, {
      ...base,
      contact: { ...base.contact, ...GRANDMOTHER, authorized_id_2: '001-3333333-5' },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toContain(ADDITIONAL_MESSAGES.cedulaCheckDigit);
    const noAllergy = await correct(k.admin, {
      ...base,
      participants: [{ ...base.participants[0]!, alergies: ' ' }],
    });
    expect(noAllergy.statusCode).toBe(400);
    expect(noAllergy.json().message).toBe('Pedro Rodríguez: Hay uno o más campos vacíos.');
    const badPhone = await correct(k.admin, {
      ...base,
      contact: { ...base.contact, mother_phone: '809-55' },
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().message).toBe(`${ADDITIONAL_MESSAGES.phones}.`);
    expect(dataOf(await stored())).toEqual(base);

    // Nothing changed: said so, and no audit line.
    const same = await correct(k.admin, base);
    expect(same.json().message).toBe(M.unchanged);

    const saved = await correct(k.admin, {
      contact: { ...base.contact, ...GRANDMOTHER, mother_phone: '809-555-9876' },
      participants: [{ ...base.participants[0]!, alergies: 'Maní' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(M.saved);
    expect(saved.json().data.contact.authorized_name_2).toBe('Ana Pérez de Rodríguez');
    const after = await stored();
    expect(after.contact.mother_phone).toBe('809-555-9876');
    expect(after.participants[0]!.alergies).toBe('Maní');
    expect(after.amount).toBe(order.amount);
    expect(after.payment_status).toBe('paid');
    // The admin area's 'Contactos' agree with the order.
    const pickupRecords = await k.t.store
      .collection('contactos')
      .find({ inscription: order._id, type: 'autorizado' });
    expect(pickupRecords.map((record) => record.name).sort()).toEqual([
      'Ana Pérez de Rodríguez',
      'Rosa Martínez',
    ]);

    // The rosters and the camp day's gate list have her at once.
    const roster = await k.t.api({
      method: 'GET',
      url: `/api/inscripciones/listas?campament=${k.cart.camp._id}&week=${k.cart.weeks[0]!._id}`,
      token: coach,
    });
    const rosterChild = (
      roster.json().data[0].categories as Array<{ children: Array<{ pickup: unknown; allergies: string }> }>
    ).flatMap((category) => category.children)[0]!;
    expect(rosterChild.pickup).toEqual([
      { name: 'Rosa Martínez', id: '001-1111111-8' },
      { name: 'Ana Pérez de Rodríguez', id: '001-3333333-6' },
    ]);
    expect(rosterChild.allergies).toBe('Maní');
    clock.now = new Date('2027-06-14T16:00:00Z');
    const gate = { campament: k.cart.camp._id, week: k.cart.weeks[0]!._id, day: '2027-06-14' };
    const day = await k.t.api({
      method: 'GET',
      url: `/api/dia?campament=${gate.campament}&week=${gate.week}&day=${gate.day}`,
      token: coach,
    });
    const child = day.json().data[0];
    expect(child.pickup.map((person: { name: string }) => person.name)).toContain('Ana Pérez de Rodríguez');
    await k.t.api({
      method: 'POST',
      url: '/api/dia/llegada',
      token: coach,
      payload: { ...gate, key: child.key },
    });
    const left = await k.t.api({
      method: 'POST',
      url: '/api/dia/salida',
      token: coach,
      payload: { ...gate, key: child.key, person: 1 },
    });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().message).toContain('Ana Pérez de Rodríguez (001-3333333-6)');

    // The audit: who, and before → after in Spanish words, one line per changed field only.
    const log = await k.t.api({
      method: 'GET',
      url: '/api/auditoria/listpop?kind=inscripciones&action=update',
      token: k.admin,
    });
    const entries = log.json().data as Array<{
      user_email: string;
      record_id: string;
      note: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }>;
    expect(entries).toHaveLength(1);
    const entry = entries[0]!;
    expect(entry.user_email).toBe('direccion@escuela.do');
    expect(entry.record_id).toBe(order._id);
    expect(
      auditChangedFields(entry).map(
        (key) =>
          `${auditFieldLabel(key)}: ${auditValue(entry.before[key])} → ${auditValue(entry.after[key])}`,
      ),
    ).toEqual([
      'Teléfono de la madre: 809-555-1234 → 809-555-9876',
      'Nombre de la persona autorizada 2: — → Ana Pérez de Rodríguez',
      'Cédula de la persona autorizada 2: — → 001-3333333-6',
      'Alergias · Pedro Rodríguez: Ninguna → Maní',
    ]);
  });

  it('the family corrects its own order through the camp’s last day, not after', async () => {
    const clock = { now: new Date('2027-08-06T23:00:00Z') };
    const { k, order, stored, dataOf, correct } = await arrange(clock);
    const url = `/api/familia/inscripciones/${order._id}/datos`;
    const base = dataOf(order);

    // Another family's order does not exist for this one.
    const other = await k.t.createUser({ email: 'otra@correo.do' });
    expect((await correct(other.token, base, url)).statusCode).toBe(404);

    // 6 August 2027, 7 p. m. in Santo Domingo: the camp's last day.
    const read = await k.t.api({ method: 'GET', url, token: k.parent });
    expect(read.json().data).toMatchObject({ editable: true, last_day: '06/08/2027' });
    const saved = await correct(k.parent, { ...base, contact: { ...base.contact, ...GRANDMOTHER } }, url);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(M.saved);
    expect((await stored()).contact.authorized_id_2).toBe('001-3333333-6');
    const audit = await k.t.store.collection('auditoria').findOne({ record_id: order._id, action: 'update' });
    expect(audit).toMatchObject({ user_email: 'carmen@correo.do', note: 'Datos corregidos por la familia' });
    // The family's saved data follows, for its next enrolment.
    const family = await k.t.api({ method: 'GET', url: '/api/familia/datos', token: k.parent });
    expect(family.json().data.contact.authorized_name_2).toBe('Ana Pérez de Rodríguez');

    // The next day it is refused in Spanish, and nothing changes; staff still may.
    clock.now = new Date('2027-08-07T04:30:00Z');
    expect((await k.t.api({ method: 'GET', url, token: k.parent })).json().data.editable).toBe(false);
    const late = await correct(
      k.parent,
      { ...base, contact: { ...base.contact, mother_phone: '809-555-0000' } },
      url,
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(M.closed('06/08/2027'));
    expect((await stored()).contact.mother_phone).toBe('809-555-1234');
    const byStaff = await correct(k.admin, {
      ...base,
      contact: { ...(await stored()).contact, mother_phone: '809-555-0000' },
    });
    expect(byStaff.statusCode, byStaff.body).toBe(200);
  });
});
