// A family's saved data (issue 26, ../../domain/saved-family.ts): one record per account in
// 'familias', written when an order is paid (its children merged by childKey, its contacts the
// latest) and when the parent corrects them from the profile. A family that paid before this
// record existed gets it from its paid orders the first time it is read.
import type { Store } from '../store/port.ts';
import { setById } from '../store/common.ts';
import { ApiError } from '../errors.ts';
import { nowOf, type CoreDeps } from '../deps.ts';
import { childKey, fullName } from '../../domain/family.ts';
import {
  ADDITIONAL_FIELDS,
  PARTICIPANT_REQUIRED,
  type AdditionalData,
  type ParticipantFields,
} from '../../domain/enrolment.ts';
import { additionalErrors, participantErrors } from '../../domain/enrolment-rules.ts';
import type { Enrolment } from '../../domain/records.ts';
import { SAVED_FAMILY_MESSAGES as M, type SavedChild, type SavedFamily } from '../../domain/saved-family.ts';

export const FAMILIES = 'familias';

interface FamilyRecord extends SavedFamily {
  _id: string;
  updated_at: Date;
}

const familiesOf = (store: Store) => store.collection<FamilyRecord>(FAMILIES);

/** The participant step's fields of a child, and its identity. */
function savedChild(participant: Partial<ParticipantFields>): SavedChild {
  const fields = Object.fromEntries(
    PARTICIPANT_REQUIRED.map((field) => [field, String(participant[field] ?? '').trim()]),
  ) as ParticipantFields;
  return { ...fields, key: childKey(fields) };
}

const savedContact = (contact: Partial<AdditionalData>): AdditionalData =>
  Object.fromEntries(
    ADDITIONAL_FIELDS.map((field) => [field, String(contact[field] ?? '').trim()]),
  ) as AdditionalData;

/** The family with an order's children first (the newest given first) and its contacts. */
function withOrder(family: SavedFamily, order: Pick<Enrolment, 'participants' | 'contact'>): SavedFamily {
  const given = order.participants.map(savedChild).filter((child) => child.first_name && child.birth_date);
  const keys = new Set(given.map((child) => child.key));
  return {
    children: [
      ...given.filter((child, index) => given.findIndex((other) => other.key === child.key) === index),
      ...family.children.filter((child) => !keys.has(child.key)),
    ],
    contact: order.contact ? savedContact(order.contact) : family.contact,
  };
}

/** What the family has saved (the wizard's and the profile's read). */
export async function savedFamily(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  userId: string,
): Promise<SavedFamily> {
  const record = await familiesOf(deps.store).findById(userId);
  if (record) return { children: record.children, contact: record.contact };
  // A family that paid before the record existed: its paid orders, oldest to newest.
  const orders = await deps.store
    .collection<Enrolment>('inscripciones')
    .find({ user_id: userId, payment_status: 'paid' }, { sort: { created_at: 1, _id: 1 } });
  const family = orders.reduce<SavedFamily>(withOrder, { children: [], contact: null });
  if (orders.length > 0) await write(deps, userId, family);
  return family;
}

async function write(deps: Pick<CoreDeps, 'store' | 'clock'>, userId: string, family: SavedFamily) {
  // Two writes at once for a new family: setById lets both land.
  await setById(familiesOf(deps.store), userId, {
    children: family.children,
    contact: family.contact,
    updated_at: nowOf(deps),
  });
}

/** A paid order's children and contacts become the family's saved data (its follow-ups call it). */
export async function rememberOrder(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  order: Enrolment,
): Promise<void> {
  const record = await familiesOf(deps.store).findById(order.user_id);
  // Without a record yet, reading builds it from the paid orders, this one included.
  if (!record) await savedFamily(deps, order.user_id);
  else await write(deps, order.user_id, withOrder(record, order));
}

/**
 * The parent's corrections from the profile: the children kept (a child left out is forgotten) and
 * the contacts, each checked with the wizard's rules (400 with the wizard's messages).
 */
export async function correctSavedFamily(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  userId: string,
  input: { children: ReadonlyArray<Partial<ParticipantFields>>; contact: Partial<AdditionalData> | null },
): Promise<SavedFamily> {
  const now = nowOf(deps);
  const children = input.children.map(savedChild);
  for (const child of children) {
    const errors = participantErrors(child, now);
    if (errors.length > 0) throw new ApiError(400, M.child(fullName(child) || 'Participante', errors));
  }
  if (new Set(children.map((child) => child.key)).size !== children.length)
    throw new ApiError(400, M.duplicate);
  const contact = input.contact ? savedContact(input.contact) : null;
  if (contact) {
    const errors = additionalErrors(contact);
    if (errors.length > 0) throw new ApiError(400, `${errors.join('. ')}.`);
  }
  const family = { children, contact };
  await write(deps, userId, family);
  return family;
}
