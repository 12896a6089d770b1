// Shared test data of the wizard tests: a summer camp, an annual program, valid forms, and a child
// added to the cart as the calendar adds one.
import type { CouponTermsData } from '../domain/coupons.ts';
import type { CampData } from './api.ts';
import type { AdditionalData, ParticipantFields } from '../domain/enrolment.ts';
import { addToCart, selectCategory, toggleWeek } from './calendarRules.ts';
import {
  EMPTY_MEMBERSHIP,
  emptyAdditional,
  emptyPayment,
  initialSelection,
  type CartState,
  type PaymentForm,
  type WizardCamp,
  type WizardCategory,
  type WizardData,
  type WizardWeek,
} from './wizardData.ts';

export const CAMP_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
export const PROGRAM_ID = 'bbbbbbbbbbbbbbbbbbbbbbbb';
export const CAT_MINI = 'c00000000000000000000001';
export const CAT_JUNIOR = 'c00000000000000000000002';

export const summerCamp: WizardCamp = {
  _id: CAMP_ID,
  name: 'Campamento de Verano 2025',
  type: 'campamento',
  membership: 2500,
  payment_terms: '',
};

export const annualProgram: WizardCamp = {
  _id: PROGRAM_ID,
  name: 'Programa Anual 2025-2026',
  type: 'programaanual',
  membership: 2500,
  payment_terms: 'Pagos mensuales o trimestrales.',
};

export const categories: WizardCategory[] = [
  { _id: CAT_MINI, name: 'Mini (6-9)', text: 'Mini' },
  { _id: CAT_JUNIOR, name: 'Junior (10-13)', text: 'Junior' },
];

export const weekId = (n: number) => `d000000000000000000000${String(n).padStart(2, '0')}`;

export function week(n: number, extra: Partial<WizardWeek> = {}): WizardWeek {
  return {
    _id: weekId(n),
    name: `Semana ${n}`,
    date: `0${n}/07/2025 - 1${n}/07/2025`,
    value: 4700,
    categories: [CAT_MINI, CAT_JUNIOR],
    quota_f_left: 10,
    ...extra,
  };
}

export const campWeeks: WizardWeek[] = [1, 2, 3, 4].map((n) => week(n));

export const programOptions: WizardWeek[] = [
  { ...week(11), name: 'Pago mensual', value: 3000, categories: [CAT_MINI] },
  { ...week(12), name: 'Pago trimestral', value: 8500, categories: [CAT_JUNIOR] },
  { ...week(13), name: 'Pago anual', value: 30000, categories: [CAT_MINI, CAT_JUNIOR] },
];

export function cartState(camp: WizardCamp, weeks: WizardWeek[] = campWeeks): CartState {
  return {
    camp,
    weeks,
    originalWeeks: weeks,
    categories,
    selection: initialSelection(),
    membership: EMPTY_MEMBERSHIP,
    lines: [],
    slotCount: 0,
    lineSeq: 0,
    participants: {},
  };
}

export function wizardData(cart: CartState, extra: Partial<WizardData> = {}): WizardData {
  return {
    uid: 'user-1',
    ...cart,
    additional: emptyAdditional(),
    coupon: null,
    payment: emptyPayment(),
    earlierChildren: [],
    heldPlaces: [],
    waitlist: [],
    ...extra,
  };
}

/** The clock of the cart rules' tests (epoch ms): the provisional membership id it gives is '12345'. */
/** The camp calls' answers for the summer camp and for the annual program. */
export const campData: CampData = {
  uid: 'user-1',
  camp: summerCamp,
  weeks: campWeeks,
  categories,
  earlierChildren: [],
  heldPlaces: [],
};
export const programData: CampData = {
  uid: 'user-1',
  camp: annualProgram,
  weeks: programOptions,
  categories,
  earlierChildren: [],
  heldPlaces: [],
};

export const NOW = 1_720_000_012_345;

/** Adds one child with the given weeks (1-based indexes into the shown weeks) and category. */
export function addChild(state: CartState, weeks: number[], category = CAT_MINI): CartState {
  let next = { ...state, selection: { ...state.selection, weekIds: [] as string[] } };
  next = selectCategory(next, category);
  for (const n of weeks) next = toggleWeek(next, next.weeks[n - 1]!._id);
  const added = addToCart(next, NOW);
  if (!added.ok) throw new Error(added.message);
  return added.state;
}

/** The state 'Agregar' made; the test fails with its message when it was refused. */
export function must(result: ReturnType<typeof addToCart<CartState>>): CartState {
  if (!result.ok) throw new Error(result.message);
  return result.state;
}

export const validParticipant: ParticipantFields = {
  first_name: 'Ana',
  last_name: 'Pérez',
  age: '10',
  gender: 'Femenino',
  size: 'M',
  weight: '70',
  height: '4\'5"',
  school: 'Colegio Loyola',
  image: 'https://cdn.example.org/ana.jpg',
  birth_date: '01/02/2015',
  prohibited_foods: 'Ninguno',
  alergies: 'Ninguna',
  prohibited_drugs: 'Ninguno',
  activities_restrictions: 'Ninguna',
};

export const validAdditional: AdditionalData = {
  mother_name: 'María Gómez',
  father_name: 'Juan Pérez',
  mother_phone: '809-555-1234',
  father_phone: '829-555-4321',
  mother_id: '001-1234567-3',
  father_id: '001-7654321-3',
  email: 'familia@example.org',
  family_address: 'Calle El Sol 12, Santiago',
  first_name: 'Rosa',
  last_name: 'Gómez',
  phone_home: '809-555-0000',
  phone_mobile: '849-555-1111',
  phone_office: '809-555-2222',
  comments: 'Llamar primero al celular',
  contact_form: 'Celular',
  authorized_name_1: 'Rosa Gómez',
  authorized_id_1: '002-1111111-7',
  authorized_name_2: 'Pedro Pérez',
  authorized_id_2: '003-2222222-5',
  source: 'Instagram',
  other_source: '',
};

export const validPayment: PaymentForm = {
  ...emptyPayment(),
  ccName: 'MARIA GOMEZ',
  ccNumber: '4242 4242 4242 4242',
  ccDate: '12/2030',
  ccCVV: '123',
  termsandconditions: true,
};

export const VERANO10: CouponTermsData = {
  label: 'Verano 10%',
  code: 'VERANO10',
  type: 'percent',
  percent: 10,
  amount: 0,
};
