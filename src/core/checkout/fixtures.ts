// Test data of an enrolment request (a valid participant and family contact), shared by the
// checkout tests of the server, the core steps, the mocks' parity suite and the benchmark.
import { SANDBOX_CARDS } from '../../domain/cards.ts';
import type { CreateEnrolmentBody, ParticipantEntry } from '../../domain/enrolment.ts';
import { priceCart } from '../../domain/pricing.ts';
import type { Camp, Category, Week } from '../../domain/records.ts';
import type { Store } from '../store/port.ts';
import { childKey } from '../../domain/family.ts';
import type { SavedChild } from '../../domain/saved-family.ts';

export const CHILD_NAMES = ['Pedro', 'María', 'José', 'Ana', 'Luis', 'Carmen'];

/** A 1×1 PNG, base64: the photo tests upload as a parent would. */
export const FIXTURE_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** The photo the fixture's participants carry: a test account owns it once `ownFixturePhoto` ran. */
export const FIXTURE_PHOTO = '/uploads/0123456789abcdef0123456789abcdef.png';

/**
 * Records the fixture's photo as uploaded by this account, as the upload call would (issue 43: the
 * checkout keeps only photos the account uploaded), for tests that pay without uploading.
 */
export async function ownFixturePhoto(store: Store, userId: string): Promise<void> {
  await store.collection('uploads').insertOne({
    name: FIXTURE_PHOTO.slice('/uploads/'.length),
    url: FIXTURE_PHOTO,
    mime: 'image/png',
    size: 68,
    storage: 'local',
    user_id: userId,
    created_at: new Date(),
  });
}

export function participant(id: number, overrides: Partial<ParticipantEntry> = {}): ParticipantEntry {
  return {
    id,
    first_name: CHILD_NAMES[(id - 1) % CHILD_NAMES.length]!,
    last_name: 'Rodríguez',
    age: '10',
    gender: id % 2 === 0 ? 'Femenino' : 'Masculino',
    size: 'M',
    weight: '75',
    height: '4\'8"',
    school: 'Colegio San Judas',
    image: FIXTURE_PHOTO,
    birth_date: '15/03/2016',
    prohibited_foods: 'Ninguno',
    alergies: 'Ninguna',
    prohibited_drugs: 'Ninguno',
    activities_restrictions: 'Ninguna',
    time: '',
    membership_id: '',
    membership_have: 'NO',
    ...overrides,
  };
}

export const CONTACT: CreateEnrolmentBody['emergencyContact'] = {
  mother_name: 'Carmen Rodríguez',
  father_name: 'José Rodríguez',
  mother_phone: '809-555-1234',
  father_phone: '829-555-4321',
  mother_id: '001-1234567-3',
  father_id: '001-7654321-3',
  email: 'familia.rodriguez@correo.do',
  family_address: 'Calle El Conde 12, Zona Colonial, Santo Domingo',
  first_name: 'Rosa',
  last_name: 'Martínez',
  phone_home: '809-555-0000',
  phone_mobile: '849-555-1111',
  phone_office: '809-555-2222',
  comments: 'Llamar primero al celular',
  contact_form: 'Celular',
  authorized_name_1: 'Rosa Martínez',
  authorized_id_1: '001-1111111-8',
  authorized_name_2: 'Juan Pérez',
  authorized_id_2: '001-2222222-7',
  source: 'Instagram',
  other_source: '',
};

/** A camp with its weeks and categories in calendar order. */
export interface DemoCart {
  camp: Camp;
  weeks: Week[];
  categories: Category[];
}

/**
 * A request enrolling children in weeks: `weeksPerChild[i]` lists the week indexes (0-based, in
 * order) of child i+1. Amount and discount are the correct ones unless overridden.
 */
export function enrolmentRequest(
  cart: DemoCart,
  weeksPerChild: number[][],
  options: {
    coupon?: { code: string; type: 'percent' | 'amount'; percent: number; amount: number };
    card?: string;
    membershipsOf?: Record<number, string>;
    /**
     * Makes this order's children other children (their first names end with it): a family may
     * enrol a child once per week or program (issue 26), so tests that pay again name others.
     */
    children?: string;
  } = {},
): CreateEnrolmentBody {
  const listCalendar = weeksPerChild.flatMap((indexes, child) =>
    indexes.map((index) => {
      const week = cart.weeks[index]!;
      return {
        id: week._id,
        name: week.name,
        date: week.date,
        time: cart.categories[1]!._id,
        quantity: 1,
        value: week.value,
        membership_id: '',
        cupo: child + 1,
      };
    }),
  );
  const declared = options.membershipsOf ?? {};
  const listParticipants = weeksPerChild.map((_, child) =>
    participant(child + 1, {
      ...(declared[child + 1] ? { membership_have: 'SI', membership_id: declared[child + 1] } : {}),
      ...(options.children
        ? { first_name: `${CHILD_NAMES[child % CHILD_NAMES.length]!} ${options.children}` }
        : {}),
    }),
  );
  const price = priceCart({
    campType: cart.camp.type,
    lines: listCalendar.map((line) => ({ cupo: line.cupo, value: line.value })),
    membershipFee: cart.camp.membership,
    slotsWithMembership: Object.keys(declared).map(Number),
    coupon: options.coupon ?? null,
  });
  return {
    uid: '',
    campament: cart.camp._id,
    listCalendar,
    listParticipants,
    emergencyContact: { ...CONTACT }, // a copy: a test may change its own
    cardHolder: 'Carmen Rodríguez',
    cardNumber: `${options.card ?? SANDBOX_CARDS.approved}`.replace(/(\d{4})(?=\d)/g, '$1 '),
    expDate: '12/2030',
    cvv: '123',
    termsandconditions: true,
    comprobantefiscal: false,
    rnc: '',
    rnc_nombre: '',
    amount: price.total,
    discount: price.discount,
    coupon: options.coupon?.code ?? '',
  };
}

/** The demo seed's VERANO10 coupon as the coupon check answers its terms. */
export const VERANO10_TERMS = {
  label: '10% de descuento de verano',
  code: 'VERANO10',
  type: 'percent',
  percent: 10,
  amount: 0,
};

/** The card fields of a payment by the fixture family: the sandbox's approved card unless `number`. */
export const testCard = (number: string = SANDBOX_CARDS.approved) => ({
  cardHolder: 'Carmen Rodríguez',
  cardNumber: number,
  expDate: '12/2030',
  cvv: '123',
});

/** A fixture child as a family's saved data hold it (issue 26): the participant's fields and identity. */
export function savedChild(id: number, overrides: Partial<ParticipantEntry> = {}): SavedChild {
  const {
    id: _slot,
    time: _time,
    membership_id: _m,
    membership_have: _h,
    ...fields
  } = participant(id, overrides);
  return { ...fields, key: childKey(fields) };
}

/** The demo camp (by code) as a cart: its weeks and categories in their order. */
export async function demoCart(store: Store, code = 'CV2027'): Promise<DemoCart> {
  const camp = (await store.collection<Camp>('campamentos').findOne({ code }))!;
  const [weeks, categories] = await Promise.all([
    store.collection<Week>('semanas').find({ campament: camp._id }, { sort: { order: 1 } }),
    store.collection<Category>('categorias').find({ campament: camp._id }, { sort: { order: 1 } }),
  ]);
  return { camp, weeks, categories };
}

/**
 * A copy of a demo camp under another code (its weeks and categories with it): next year's program
 * for a renewal, since a child is enrolled once per program (issue 26).
 */
export async function copyDemoCamp(store: Store, code: string, newCode: string): Promise<DemoCart> {
  const { camp, weeks, categories } = await demoCart(store, code);
  const { _id: _campId, ...campFields } = camp;
  const copy = await store.collection<Camp>('campamentos').insertOne({ ...campFields, code: newCode });
  const categoryIds = new Map<string, string>();
  for (const { _id, ...fields } of categories)
    categoryIds.set(
      _id,
      (await store.collection<Category>('categorias').insertOne({ ...fields, campament: copy._id }))._id,
    );
  for (const { _id: _weekId, ...fields } of weeks)
    await store.collection<Week>('semanas').insertOne({
      ...fields,
      campament: copy._id,
      ...(Array.isArray(fields.categories)
        ? { categories: fields.categories.map((id) => categoryIds.get(id) ?? id) }
        : {}),
    });
  return demoCart(store, newCode);
}
