// The walk-in order's form model (issue 54): the dialog's values, one child per slot
// (`p<slot>_<field>`), how they become the checkout's order (the body of
// POST /inscripciones/oficina and its price request) and their errors by the wizard's own rules.
// Apart from src/admin/staff/WalkInDialog.tsx, which draws them.
import type { FormikErrors } from 'formik';
import { additionalFieldErrors, participantFieldErrors } from '../../domain/enrolment-rules.ts';
import { ADDITIONAL_LABELS } from '../../domain/labels.ts';
import { ageOn } from '../../domain/staff.ts';
import { OFFICE_SALE_MESSAGES, type OfficeSaleMethod } from '../../domain/office-sales.ts';
import type { OfficeEnrolmentBody } from '../../domain/schemas/office-sales.ts';

export const CHILD = [
  'first_name',
  'last_name',
  'birth_date',
  'gender',
  'size',
  'weight',
  'height',
  'school',
  'prohibited_foods',
  'alergies',
  'prohibited_drugs',
  'activities_restrictions',
] as const;
/** The family's contact, as the wizard's additional step asks it (its names prefixed `c_`). */
export const CONTACT = [
  'mother_name',
  'mother_phone',
  'mother_id',
  'father_name',
  'father_phone',
  'father_id',
  'family_address',
  'first_name',
  'last_name',
  'phone_mobile',
  'authorized_name_1',
  'authorized_id_1',
] as const;
type ChildField = (typeof CHILD)[number];
type ContactField = `c_${(typeof CONTACT)[number]}`;
/** A child's own fields are kept flat, `p<slot>_<field>`, so the panel's form fields read them. */
type SlotText = `p${number}_${ChildField | 'category' | 'image'}`;
type SlotWeeks = `p${number}_weeks`;
export const slotKey = <F extends ChildField | 'category' | 'image' | 'weeks'>(slot: number, field: F) =>
  `p${slot}_${field}` as F extends 'weeks' ? SlotWeeks : SlotText;

export type Values = { [K in SlotText]: string } & { [K in SlotWeeks]: string[] } & Record<
    ContactField,
    string
  > & {
    /** The children's slots, in order (a removed child's slot is not reused). */
    children: number[];
    account_email: string;
    campament: string;
    c_contact_form: string;
    c_source: string;
    terms: boolean;
    method: OfficeSaleMethod;
    document: string;
    bank: string;
    due: string;
    note: string;
    cardHolder: string;
    cardNumber: string;
    expDate: string;
    cvv: string;
  };

/** A child's text field and weeks (absent only for a slot being removed). */
export const textOf = (values: Values, slot: number, field: ChildField | 'category' | 'image') =>
  values[slotKey(slot, field)] ?? '';
const weeksOf = (values: Values, slot: number) => values[slotKey(slot, 'weeks')] ?? [];

/** A new child's empty fields. */
export const emptyChild = (slot: number) => ({
  ...Object.fromEntries([...CHILD, 'category', 'image'].map((field) => [`p${slot}_${field}`, ''])),
  [slotKey(slot, 'weeks')]: [] as string[],
});

export const empty = (): Values =>
  ({
    ...Object.fromEntries(CONTACT.map((field) => [`c_${field}`, ''])),
    ...emptyChild(1),
    children: [1],
    account_email: '',
    campament: '',
    c_contact_form: 'Celular',
    c_source: 'Referido',
    terms: false,
    method: 'efectivo',
    document: '',
    bank: '',
    due: '',
    note: '',
    cardHolder: '',
    cardNumber: '',
    expDate: '',
    cvv: '',
  }) as Values;

export const INPUT_MODE: Partial<Record<string, 'tel' | 'numeric' | 'email'>> = {
  weight: 'numeric',
  c_mother_phone: 'tel',
  c_father_phone: 'tel',
  c_phone_mobile: 'tel',
  c_mother_id: 'numeric',
  c_father_id: 'numeric',
  c_authorized_id_1: 'numeric',
};

type WeekOption = { _id: string; name: string; date: string; value: number };

/** The order as the checkout reads it, from what the dialog holds: child n is the cart's slot n. */
export function orderOf(values: Values, weeks: WeekOption[]) {
  const children = values.children.map((slot, index) => {
    const chosen = weeks.filter((week) => weeksOf(values, slot).includes(week._id));
    const age = ageOn(textOf(values, slot, 'birth_date'), chosen[0]?.date.slice(0, 10) ?? '') ?? '';
    const fields = Object.fromEntries(CHILD.map((field) => [field, textOf(values, slot, field).trim()]));
    const lines = chosen.map((week) => ({
      id: week._id,
      name: week.name,
      date: week.date,
      time: textOf(values, slot, 'category'),
      quantity: 1,
      value: week.value,
      membership_id: '',
      cupo: index + 1,
    }));
    const participant = {
      id: index + 1,
      ...(fields as Record<ChildField, string>),
      age: String(age),
      image: textOf(values, slot, 'image'),
      membership_have: 'NO' as const,
    };
    return { lines, participant };
  });
  const contact = Object.fromEntries(CONTACT.map((field) => [field, values[`c_${field}`].trim()]));
  const body: OfficeEnrolmentBody = {
    campament: values.campament,
    listCalendar: children.flatMap((child) => child.lines),
    listParticipants: children.map((child) => child.participant),
    emergencyContact: {
      ...Object.fromEntries(CONTACT_KEYS.map((key) => [key, ''])),
      ...contact,
      email: values.account_email.trim(),
      contact_form: values.c_contact_form,
      source: values.c_source,
    } as OfficeEnrolmentBody['emergencyContact'],
    termsandconditions: values.terms,
    comprobantefiscal: false,
    account_email: values.account_email.trim(),
    method: values.method,
    ...(values.note.trim() ? { note: values.note.trim() } : {}),
    ...(values.method === 'transferencia'
      ? { document: values.document.trim(), bank: values.bank.trim() }
      : {}),
    ...(values.method === 'pendiente' ? { due: values.due } : {}),
    ...(values.method === 'tarjeta'
      ? {
          cardHolder: values.cardHolder.trim(),
          cardNumber: values.cardNumber.trim(),
          expDate: values.expDate.trim(),
          cvv: values.cvv.trim(),
        }
      : {}),
  };
  return body;
}

const CONTACT_KEYS = Object.keys(ADDITIONAL_LABELS);

/** The fields' errors, by the wizard's own rules (src/domain/enrolment-rules.ts). */
export function validate(values: Values): FormikErrors<Values> {
  const errors: Record<string, string> = {};
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.account_email.trim()))
    errors.account_email = OFFICE_SALE_MESSAGES.email;
  if (!values.campament) errors.campament = 'Elija el programa.';
  for (const slot of values.children) {
    if (!textOf(values, slot, 'category')) errors[slotKey(slot, 'category')] = 'Elija la categoría.';
    if (weeksOf(values, slot).length === 0) errors[slotKey(slot, 'weeks')] = 'Elija al menos una semana.';
    const child = participantFieldErrors({
      ...Object.fromEntries(CHILD.map((field) => [field, textOf(values, slot, field)])),
      age: '10',
      image: textOf(values, slot, 'image'),
    });
    for (const field of [...CHILD, 'image'] as const)
      if (child[field]) errors[slotKey(slot, field)] = child[field]!;
  }
  const contact = additionalFieldErrors({
    ...Object.fromEntries(CONTACT.map((field) => [field, values[`c_${field}`]])),
    email: values.account_email,
    contact_form: values.c_contact_form,
    source: values.c_source,
  });
  for (const field of CONTACT) if (contact[field]) errors[`c_${field}`] = contact[field]!;
  if (!values.terms) errors.terms = 'La familia debe aceptar los términos y condiciones.';
  if (values.method === 'transferencia' && !values.document.trim())
    errors.document = OFFICE_SALE_MESSAGES.reference;
  if (values.method === 'pendiente' && !values.due) errors.due = OFFICE_SALE_MESSAGES.due;
  if (values.method === 'tarjeta')
    for (const field of ['cardHolder', 'cardNumber', 'expDate', 'cvv'] as const)
      if (!values[field].trim()) errors[field] = OFFICE_SALE_MESSAGES.card;
  return errors;
}

/** What the price depends on: the order, not how it is paid. */
export const priceKey = (body: OfficeEnrolmentBody) =>
  JSON.stringify({
    ...body,
    method: '',
    note: '',
    document: '',
    bank: '',
    due: '',
    cardHolder: '',
    cardNumber: '',
    expDate: '',
    cvv: '',
  });
