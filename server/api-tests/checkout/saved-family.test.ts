// A returning family's saved data (issue 26): a paid order's children and contacts are kept, the
// next order's versions replace them (newest first), a declined order changes nothing, the parent
// corrects or forgets them from the profile with the wizard's rules, and a family that paid before
// the record existed gets it from its paid orders. Each family sees only its own.
import { afterEach, describe, expect, it } from 'vitest';
import { staffKit, type StaffKit } from '../staff/testing.ts';
import { enrolmentRequest } from './testing.ts';
import { CONTACT } from '../../../src/core/checkout/fixtures.ts';
import { SANDBOX_CARDS } from '../../../src/domain/cards.ts';
import { SAVED_FAMILY_MESSAGES } from '../../../src/domain/saved-family.ts';
import type { SavedFamily } from '../../../src/domain/saved-family.ts';
import type { Enrolment } from '../../../src/domain/records.ts';

let kit: StaffKit | undefined;
afterEach(async () => {
  await kit?.t.close();
  kit = undefined;
});

const read = async (k: StaffKit, token: string): Promise<SavedFamily> => {
  const answer = await k.t.api({ method: 'GET', url: '/api/familia/datos', token });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data;
};
const names = (family: SavedFamily) => family.children.map((child) => child.first_name);
const childFields = (family: SavedFamily) => family.children.map(({ key: _key, ...fields }) => fields);

describe("a family's saved children and contacts", () => {
  it('keeps what a paid order gave, newest first; a declined order changes nothing', async () => {
    kit = await staffKit();
    const k = kit;
    expect(await read(k, k.parent)).toEqual({ children: [], contact: null });
    expect((await k.pay(k.parent, enrolmentRequest(k.cart, [[0], [0]]))).statusCode).toBe(201);
    const first = await read(k, k.parent);
    expect(names(first)).toEqual(['Pedro', 'María']);
    expect(first.children[0]).toMatchObject({
      last_name: 'Rodríguez',
      birth_date: '15/03/2016',
      alergies: 'Ninguna',
      size: 'M',
    });
    expect(first.contact).toEqual(CONTACT);

    // The next order: María again with a new weight, a new child, a single mother's contacts.
    const second = enrolmentRequest(k.cart, [[1], [1]]);
    second.listParticipants[0] = { ...second.listParticipants[1]!, id: 1, weight: '80' };
    second.listParticipants[1] = { ...second.listParticipants[1]!, id: 2, first_name: 'Luis' };
    second.emergencyContact = { ...CONTACT, father_name: '', father_phone: '', father_id: '' };
    expect((await k.pay(k.parent, second)).statusCode).toBe(201);
    const after = await read(k, k.parent);
    expect(names(after)).toEqual(['María', 'Luis', 'Pedro']);
    expect(after.children[0]!.weight).toBe('80');
    expect(after.contact?.father_name).toBe('');

    const declined = enrolmentRequest(k.cart, [[2]], { card: SANDBOX_CARDS.declined, children: 'Nueva' });
    declined.emergencyContact = { ...CONTACT, mother_name: 'Otra Persona' };
    expect((await k.pay(k.parent, declined)).statusCode).toBe(402);
    expect(await read(k, k.parent)).toEqual(after);
    // Another family sees only its own.
    const other = await k.t.createUser({ email: 'otra.familia@correo.do' });
    expect(await read(k, other.token)).toEqual({ children: [], contact: null });
  });

  it('the parent corrects and forgets from the profile, checked with the wizard’s rules', async () => {
    kit = await staffKit();
    const k = kit;
    expect((await k.pay(k.parent, enrolmentRequest(k.cart, [[0], [0]]))).statusCode).toBe(201);
    const saved = await read(k, k.parent);
    const save = (body: Record<string, unknown>) =>
      k.t.api({ method: 'POST', url: '/api/familia/datos', token: k.parent, payload: body });

    const [pedro, maria] = childFields(saved);
    const tooYoung = await save({ children: [{ ...pedro, age: '5' }], contact: saved.contact });
    expect(tooYoung.statusCode).toBe(400);
    expect(tooYoung.json().message).toBe('Pedro Rodríguez: La edad debe ser entre 6 y 18 años.');
    const twice = await save({
      children: [pedro, { ...pedro, first_name: 'PEDRO' }],
      contact: saved.contact,
    });
    expect(twice.json().message).toBe(SAVED_FAMILY_MESSAGES.duplicate);
    const noParent = await save({
      children: [pedro],
      contact: {
        ...saved.contact,
        mother_name: '',
        mother_phone: '',
        mother_id: '',
        father_name: '',
        father_phone: '',
        father_id: '',
      },
    });
    expect(noParent.statusCode).toBe(400);
    expect(noParent.json().message).toBe('Hay uno o más campos vacíos.');
    expect(await read(k, k.parent)).toEqual(saved);

    const done = await save({
      children: [{ ...maria, alergies: 'Maní' }],
      contact: { ...saved.contact, phone_mobile: '849-555-9999' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(SAVED_FAMILY_MESSAGES.saved);
    const corrected = await read(k, k.parent);
    expect(names(corrected)).toEqual(['María']);
    expect(corrected.children[0]!.alergies).toBe('Maní');
    expect(corrected.contact?.phone_mobile).toBe('849-555-9999');
  });

  it('a family that paid before the saved data existed gets them from its paid orders', async () => {
    kit = await staffKit();
    const k = kit;
    expect((await k.pay(k.parent, enrolmentRequest(k.cart, [[0]]))).statusCode).toBe(201);
    const later = enrolmentRequest(k.cart, [[1]], { children: 'B' });
    later.emergencyContact = { ...CONTACT, phone_mobile: '849-555-7777' };
    expect((await k.pay(k.parent, later)).statusCode).toBe(201);
    await k.t.store.collection('familias').deleteMany({});
    const family = await read(k, k.parent);
    expect(names(family)).toEqual(['Pedro B', 'Pedro']);
    expect(family.contact?.phone_mobile).toBe('849-555-7777');
    expect(await k.t.store.collection('familias').count({})).toBe(1);
  });
});

describe('one membership code per child (issue 26)', () => {
  it('a child enrolled again keeps the code the family already has; another child gets their own', async () => {
    kit = await staffKit();
    const k = kit;
    expect((await k.pay(k.parent, enrolmentRequest(k.cart, [[0]]))).statusCode).toBe(201);
    const again = enrolmentRequest(k.cart, [[1], [1]]);
    again.listParticipants[0]!.first_name = 'PEDRO';
    again.listParticipants[1]!.first_name = 'Ana';
    expect((await k.pay(k.parent, again)).statusCode).toBe(201);
    const codes = await k.t.store
      .collection<{ _id: string; code: string; first_name: string }>('membresias')
      .find({}, { sort: { issued_at: 1 } });
    expect(codes.map((membership) => membership.first_name)).toEqual(['Pedro', 'Ana']);
    const orders = await k.t.store
      .collection<Enrolment>('inscripciones')
      .find({ payment_status: 'paid' }, { sort: { created_at: 1 } });
    expect(orders[1]!.participants.map((participant) => participant.membership_code)).toEqual([
      codes[0]!.code,
      codes[1]!.code,
    ]);
  });
});
