// Correcting a paid order's data (issue 54, item 2): its contacts (parents, emergency contact),
// the people authorised to pick the children up and each child's medical notes. Staff correct them
// at any time; the family from its profile until the camp's last day. Pure, and free of TypeBox
// and Yup, so the parents' profile can read it (the checks are the wizard's, in ./enrolment-rules.ts).
import { santoDomingoDay } from './days.ts';
import { formatDay } from './cancellation.ts';
import { fullName } from './family.ts';
import { ADDITIONAL_LABELS, PARTICIPANT_LABELS } from './labels.ts';
import { ADDITIONAL_FIELDS, type AdditionalData, type ParticipantFields } from './enrolment.ts';

/** The notes of a child that staff read on the court: what it may not eat or take, and why. */
export const MEDICAL_FIELDS = [
  'alergies',
  'prohibited_foods',
  'prohibited_drugs',
  'activities_restrictions',
] as const;
export type MedicalField = (typeof MEDICAL_FIELDS)[number];
export type MedicalNotes = Pick<ParticipantFields, MedicalField>;

/** A child of the order as the correction names it: its slot, its name and its notes. */
export type OrderChildNotes = MedicalNotes & { id: number; first_name: string; last_name: string };

/** What a correction may change of an order. */
export interface OrderData {
  contact: AdditionalData;
  participants: OrderChildNotes[];
}

/** What a correction sends: the contacts whole, each child's notes by its slot. */
export interface OrderDataBody {
  contact: AdditionalData;
  participants: Array<MedicalNotes & { id: number }>;
}

export const ORDER_DATA_MESSAGES = {
  saved: 'Datos de la inscripción corregidos: la puerta y las listas ya los muestran.',
  unchanged: 'No había ningún cambio que guardar.',
  notFound: 'Inscripción no encontrada.',
  notPaid: 'Solo se corrigen los datos de una inscripción pagada.',
  cancelled: 'Esta inscripción está cancelada: sus datos ya no se corrigen.',
  unknownChild: 'Uno de los participantes no es de esta inscripción.',
  closed: (lastDay: string) =>
    `El campamento terminó el ${lastDay}: los datos de esta inscripción ya no se pueden cambiar. Por favor contacte a la escuela.`,
} as const;

/** What a correction may change of an order, as stored now (absent fields as empty). */
export const orderDataOf = (order: {
  contact?: Partial<AdditionalData> | null;
  participants: ReadonlyArray<Partial<ParticipantFields> & { id: number }>;
}): OrderData => ({
  contact: Object.fromEntries(
    ADDITIONAL_FIELDS.map((field) => [field, String(order.contact?.[field] ?? '')]),
  ) as AdditionalData,
  participants: order.participants.map((child) => ({
    id: child.id,
    first_name: String(child.first_name ?? ''),
    last_name: String(child.last_name ?? ''),
    ...(Object.fromEntries(
      MEDICAL_FIELDS.map((field) => [field, String(child[field] ?? '')]),
    ) as MedicalNotes),
  })),
});

/**
 * Until when the family may correct an order: through the camp's last day in Santo Domingo. Null
 * (never) without a camp's end.
 */
export function familyMayCorrect(campEnd: Date | null | undefined, now: Date): boolean {
  if (!(campEnd instanceof Date) || Number.isNaN(campEnd.getTime())) return false;
  return santoDomingoDay(now) <= santoDomingoDay(campEnd);
}

/** The camp's last day as the messages write it ('06/08/2027'). */
export const campLastDay = (campEnd: Date): string => formatDay(campEnd);

/** The correction form's groups of contact fields (how the family heard of the school stays). */
export const ORDER_DATA_GROUPS: ReadonlyArray<{
  title: string;
  fields: ReadonlyArray<keyof AdditionalData>;
}> = [
  {
    title: 'Personas autorizadas a recoger',
    fields: ['authorized_name_1', 'authorized_id_1', 'authorized_name_2', 'authorized_id_2'],
  },
  {
    title: 'Padres',
    fields: [
      'mother_name',
      'mother_phone',
      'mother_id',
      'father_name',
      'father_phone',
      'father_id',
      'email',
      'family_address',
    ],
  },
  {
    title: 'Contacto de emergencia',
    fields: [
      'first_name',
      'last_name',
      'phone_mobile',
      'phone_home',
      'phone_office',
      'contact_form',
      'comments',
    ],
  },
];

/** The emergency contact's name fields share their labels with the child's: say whose they are. */
export const CONTACT_LABELS: Record<keyof AdditionalData, string> = {
  ...ADDITIONAL_LABELS,
  first_name: 'Nombre del contacto de emergencia',
  last_name: 'Apellido del contacto de emergencia',
};

/**
 * The audit's before and after of a correction (issue 54): only the fields that changed, each
 * named in Spanish as the forms name it ('Teléfono de la madre', 'Alergias · Pedro Rodríguez'), so
 * the audit page shows 'before → after' in words and no line for what stayed.
 */
export function orderDataChanges(
  before: OrderData,
  after: OrderData,
): { before: Record<string, string>; after: Record<string, string> } {
  const was: Record<string, string> = {};
  const is: Record<string, string> = {};
  for (const field of ADDITIONAL_FIELDS) {
    const old = (before.contact[field] ?? '').trim();
    const now = (after.contact[field] ?? '').trim();
    if (old !== now) {
      was[CONTACT_LABELS[field]] = old;
      is[CONTACT_LABELS[field]] = now;
    }
  }
  for (const child of after.participants) {
    const earlier = before.participants.find((participant) => participant.id === child.id);
    for (const field of MEDICAL_FIELDS) {
      const old = (earlier?.[field] ?? '').trim();
      const now = (child[field] ?? '').trim();
      if (old !== now) {
        const key = `${PARTICIPANT_LABELS[field]} · ${fullName(child)}`;
        was[key] = old;
        is[key] = now;
      }
    }
  }
  return { before: was, after: is };
}
