// The camp day (issue 25): a coach lists a week's children for today, marks arrivals (a replay or a
// second coach keeps the first mark) and departures to an authorised person; someone not on the
// list is refused with the list, unless an administrator overrides with a note (audited).
import { afterEach, describe, expect, it } from 'vitest';
import { staffKit, type StaffKit } from './testing.ts';
import { enrolmentRequest } from '../checkout/testing.ts';
import { CAMP_DAY_MESSAGES as M } from '../../../src/domain/camp-day.ts';
import type { Enrolment } from '../../../src/domain/records.ts';

let kit: StaffKit | undefined;
afterEach(async () => {
  await kit?.t.close();
  kit = undefined;
});

describe('the camp day', () => {
  it('arrivals once, departures to an authorised person, others only with an administrator’s note', async () => {
    kit = await staffKit();
    const k = kit;
    expect((await k.pay(k.parent, enrolmentRequest(k.cart, [[0], [0]]))).statusCode).toBe(201);
    const coachUser = await k.t.store.collection('usuarios').insertOne({
      ...(await k.t.store.collection('usuarios').findOne({ email: 'direccion@escuela.do' }))!,
      _id: '6b06c9fd66a20ec364ad1fff',
      email: 'coach@escuela.do',
      name: 'Coach Luis',
      tipo: 'personal',
      role: 'entrenador',
      puede_admin_ofertas: false,
      puede_admin_empleados: false,
      puede_admin_sucursales: false,
    });
    const coach = k.t.app.signToken(coachUser._id);
    const order = (await k.t.store
      .collection<Enrolment>('inscripciones')
      .findOne({ payment_status: 'paid' }))!;
    const week = k.cart.weeks[0]!._id;
    const base = { campament: k.cart.camp._id, week, day: '2027-06-14' };
    const list = async () =>
      (
        await k.t.api({
          method: 'GET',
          url: `/api/dia?campament=${base.campament}&week=${week}&day=${base.day}`,
          token: coach,
        })
      ).json().data as Array<{
        key: string;
        name: string;
        arrived_at: string | null;
        arrived_by: string;
        picked_up_by: string;
      }>;
    const children = await list();
    expect(children.map((child) => child.name).sort()).toEqual(['María Rodríguez', 'Pedro Rodríguez']);
    const pedro = children.find((child) => child.name === 'Pedro Rodríguez')!;
    expect(pedro.key).toBe(`${order._id}:1`);

    const arrive = (token: string, at?: string) =>
      k.t.api({
        method: 'POST',
        url: '/api/dia/llegada',
        token,
        payload: { ...base, key: pedro.key, ...(at ? { at } : {}) },
      });
    const first = await arrive(coach, '2027-06-14T12:05:00.000Z');
    expect(first.json().message).toBe(M.arrived('Pedro Rodríguez'));
    // A phone replaying its offline mark, and the office marking too: the first mark stands.
    await arrive(coach, '2027-06-14T12:05:00.000Z');
    await arrive(k.admin);
    const marked = (await list()).find((child) => child.key === pedro.key)!;
    expect(marked.arrived_at).toBe('2027-06-14T12:05:00.000Z');
    expect(marked.arrived_by).toBe('Coach Luis');

    // Someone not on the list: refused with who may, for a coach.
    const stranger = await k.t.api({
      method: 'POST',
      url: '/api/dia/salida',
      token: coach,
      payload: {
        ...base,
        key: pedro.key,
        other: { name: 'Tío Juan', id: '001-9999999-9', note: 'Lo dijo la madre' },
      },
    });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(
      M.notAuthorized('Pedro Rodríguez', ['Rosa Martínez (001-1111111-1)', 'Juan Pérez (001-2222222-2)']),
    );
    expect((await list()).find((child) => child.key === pedro.key)!.picked_up_by).toBe('');

    const left = await k.t.api({
      method: 'POST',
      url: '/api/dia/salida',
      token: coach,
      payload: { ...base, key: pedro.key, person: 0 },
    });
    expect(left.json().message).toBe(M.left('Pedro Rodríguez', 'Rosa Martínez (001-1111111-1)'));

    // An administrator's override for María, with a note; audited.
    const maria = children.find((child) => child.name === 'María Rodríguez')!;
    const noNote = await k.t.api({
      method: 'POST',
      url: '/api/dia/salida',
      token: k.admin,
      payload: { ...base, key: maria.key, other: { name: 'Tío Juan', id: '001-9999999-9', note: '' } },
    });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toBe(M.overrideNote);
    const override = await k.t.api({
      method: 'POST',
      url: '/api/dia/salida',
      token: k.admin,
      payload: {
        ...base,
        key: maria.key,
        other: { name: 'Tío Juan', id: '001-9999999-9', note: 'La madre llamó' },
      },
    });
    expect(override.statusCode, override.body).toBe(200);
    const day = await list();
    expect(day.find((child) => child.key === maria.key)).toMatchObject({
      picked_up_by: 'Tío Juan (001-9999999-9)',
    });
    const audit = await k.t.store
      .collection<{ _id: string; kind: string; note?: string }>('auditoria')
      .findOne({ kind: 'asistencia' });
    expect(audit?.note).toContain('La madre llamó');
    // A child of another week is not in this day.
    const wrong = await k.t.api({
      method: 'POST',
      url: '/api/dia/llegada',
      token: coach,
      payload: { ...base, week: k.cart.weeks[1]!._id, key: pedro.key },
    });
    expect(wrong.statusCode).toBe(404);
  });
});
