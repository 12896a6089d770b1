// The admin area's records of a paid enrolment (participantes, calendarios, contactos, clientes),
// built once here; the server and the mocks only store them.
import { membershipCodeFrom } from '../../domain/memberships.ts';
import type { CreateEnrolmentBody } from '../../domain/enrolment.ts';
import type { Enrolment, Membership, Week } from '../../domain/records.ts';
import { DuplicateKeyError, type Collection, type Doc } from '../store/port.ts';

export interface RecordBase {
  inscription: string;
  order_number: string;
  campament: string;
  user_id: string;
  status: 'active';
  created_at: Date;
}

export const recordBase = (enrolment: Enrolment, userId: string): RecordBase => ({
  inscription: enrolment._id,
  order_number: enrolment.order_number,
  campament: enrolment.campament,
  user_id: userId,
  status: 'active',
  created_at: new Date(),
});

/** One participante per child (its slot number kept as `cupo`). */
export const participantRecords = (base: RecordBase, enrolment: Enrolment) =>
  enrolment.participants.map(({ id, ...participant }) => ({ ...base, cupo: id, ...participant }));

/** One calendario per cart line, pointing at its participante. */
export function calendarRecords(
  base: RecordBase,
  enrolment: Enrolment,
  weekById: Map<string, Week>,
  categories: ReadonlyArray<{ _id: string; name?: unknown }>,
  participantByCupo: Map<number, string>,
) {
  const categoryName = new Map(
    categories.map((category) => [category._id, typeof category.name === 'string' ? category.name : '']),
  );
  return enrolment.lines.map((line) => ({
    ...base,
    week: line.id,
    name: weekById.get(line.id)?.name ?? line.name,
    date: weekById.get(line.id)?.date ?? line.date,
    category: line.time,
    category_name: categoryName.get(line.time) ?? '',
    cupo: line.cupo,
    participant: participantByCupo.get(line.cupo) ?? null,
    value: line.value,
    quantity: line.quantity,
  }));
}

/** The parents, the emergency contact and the two people authorised to pick the children up. */
export function contactRecords(base: RecordBase, c: CreateEnrolmentBody['emergencyContact']) {
  return [
    {
      ...base,
      type: 'padres',
      mother_name: c.mother_name,
      father_name: c.father_name,
      mother_phone: c.mother_phone,
      father_phone: c.father_phone,
      mother_id: c.mother_id,
      father_id: c.father_id,
      email: c.email,
      family_address: c.family_address,
    },
    {
      ...base,
      type: 'emergencia',
      first_name: c.first_name,
      last_name: c.last_name,
      phone_home: c.phone_home,
      phone_mobile: c.phone_mobile,
      phone_office: c.phone_office,
      comments: c.comments,
      contact_form: c.contact_form,
    },
    { ...base, type: 'autorizado', name: c.authorized_name_1, national_id: c.authorized_id_1 },
    { ...base, type: 'autorizado', name: c.authorized_name_2, national_id: c.authorized_id_2 },
  ];
}

/** The family as a client of the school (one per account, updated with each order). */
export function clientRecord(user: { _id: string; email: string }, enrolment: Enrolment) {
  const c = enrolment.contact;
  return {
    user_id: user._id,
    email: user.email,
    name: c.mother_name || c.father_name,
    phone: c.mother_phone || c.father_phone,
    address: c.family_address,
    source: c.source === 'Otra' ? c.other_source : c.source,
    cliEstado: 'active',
    status: 'active',
    last_order: enrolment.order_number,
  };
}

/** A membership code from its sequence number: 'MB-000042'. */
/** A new random membership code (src/domain/memberships.ts), from Web Crypto. */
export const newMembershipCode = (): string => membershipCodeFrom(crypto.getRandomValues(new Uint8Array(7)));

/** The membership issued to a child of a paid enrolment, bound to the family and the child. */
export function membershipRecord(
  code: string,
  userId: string,
  participant: Pick<Membership, 'first_name' | 'last_name' | 'birth_date'>,
  enrolment: Pick<Enrolment, 'campament' | 'order_number'>,
  issuedAt: Date,
): Omit<Membership, '_id'> {
  return {
    code,
    user_id: userId,
    first_name: participant.first_name,
    last_name: participant.last_name,
    birth_date: participant.birth_date,
    campament: enrolment.campament,
    order_number: enrolment.order_number,
    issued_at: issuedAt,
    status: 'active',
  };
}

/**
 * Inserts a record under a new random code (`draw`), drawn again in the unlikely case it is taken
 * (the unique index decides). With a fixed id, `existing` finds the record a run at the same time
 * inserted first, which is then the answer.
 */
export async function insertWithNewCode<T extends Doc>(
  collection: Collection<T>,
  draw: () => string,
  record: (code: string) => Omit<T, '_id'> & { _id?: string },
  existing?: () => Promise<T | null>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await collection.insertOne(record(draw()));
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      const inserted = existing ? await existing() : null;
      if (inserted) return inserted;
      if (attempt >= 5) throw error;
    }
  }
}
