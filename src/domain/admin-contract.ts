// The admin API contract (spec 02 §3, §5, §7): request bodies of the admin areas as TypeBox schemas,
// their defaults, and the answer envelopes. Written once, imported by the server (validation), the
// browser (types, form defaults) and the MSW mocks. Pure: typebox and the record types only.
import { Type, type Static, type TObject, type TOptional, type TProperties } from 'typebox';
import type { Camp, Category, Coupon, Week } from './records.ts';
import { COUPON_CODE_MAX } from './coupons.ts';
import { REFUND_RULES, SELF_CANCEL_DEFAULTS } from './cancellation.ts';
import {
  HOLD_DEFAULT_MINUTES,
  HOLD_FAMILY_DEFAULT,
  HOLD_FAMILY_MAX,
  HOLD_MAX_MINUTES,
  HOLD_SHARE_DEFAULT,
} from './holds.ts';
import { WAITLIST_OFFER_DEFAULT_HOURS, WAITLIST_OFFER_MAX_HOURS } from './waitlist.ts';
import { AGE_MAX, AGE_MIN } from './enrolment.ts';
import { ID_INVALID_MESSAGE, ID_PATTERN } from './fields.ts';
import { invalidFieldMessage } from './validation.ts';
import { DAY_PATTERN, PLAN_FREQUENCIES, PLAN_LIMITS } from './plans.ts';

// ---------------------------------------------------------------------------------------------
// Building blocks

/** A record id: 24 hexadecimal characters. */
export { ID_INVALID_MESSAGE, ID_PATTERN };
export const Id = Type.String({ pattern: ID_PATTERN });

/** A status an admin may set (soft deletion goes through the delete call, never through update). */
export const EditableStatus = Type.Union([Type.Literal('active'), Type.Literal('inactive')]);
export type EditableStatus = Static<typeof EditableStatus>;

const text = (maxLength: number) => Type.String({ maxLength });
/** A required text: at least one character (blank after trimming is refused by the server too). */
const requiredText = (maxLength: number) => Type.String({ minLength: 1, maxLength });
/** A short code used in URLs and lookups: letters, digits, '_' and '-'. */
const slug = Type.String({ pattern: '^[A-Za-z0-9_-]{1,60}$' });
/** Whole Dominican pesos (no decimals, DESIGN.md §1). */
const pesos = Type.Integer({ minimum: 0, maximum: 100_000_000 });
const count = Type.Integer({ minimum: 0, maximum: 1_000_000 });

/**
 * A date value as JSON carries it: 'YYYY-MM-DD' or an ISO date-time with its zone
 * ('2027-06-14T00:00:00.000Z', what `Date.prototype.toJSON` sends). The server also checks that
 * the day exists and stores a Date.
 */
export const DATE_VALUE_PATTERN =
  '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2}))?$';
export const DateValue = Type.String({ pattern: DATE_VALUE_PATTERN });
/** A date value, or null or '' (no date). */
export const OptionalDateValue = Type.Unsafe<string | null>({
  type: 'string',
  nullable: true,
  pattern: `^$|${DATE_VALUE_PATTERN}`,
});

/** A week's dates as the calendar shows them: 'DD/MM/YYYY - DD/MM/YYYY' (or empty). */
export const WEEK_DATE_PATTERN = '^(\\d{2}/\\d{2}/\\d{4} - \\d{2}/\\d{2}/\\d{4})?$';

/** The update body of an area: the record id plus any of the create fields (partial update). */
function updateOf<P extends TProperties>(create: TObject<P>) {
  const optional = Type.Partial(create) as unknown as TObject<{ [K in keyof P]: TOptional<P[K]> }>;
  return Type.Object({ _id: Id, ...optional.properties });
}

// ---------------------------------------------------------------------------------------------
// Camps, categories, weeks, coupons (spec 02 §3, required fields §5)

export const CampCreate = Type.Object({
  code: requiredText(40),
  name: requiredText(200),
  description: Type.Optional(text(5000)),
  membership: pesos,
  start_date: DateValue,
  end_date: DateValue,
  /** A type code from the `tipos` list of model 'campamentos' ('campamento', 'programaanual', …). */
  type: Type.Optional(slug),
  payment_terms: Type.Optional(text(10_000)),
  terms: Type.Optional(text(20_000)),
  status: Type.Optional(EditableStatus),
  // Cancellation by parents (issue 18, ./cancellation.ts).
  self_cancel: Type.Optional(Type.Boolean()),
  self_cancel_days: Type.Optional(Type.Integer({ minimum: 0, maximum: 365 })),
  refund_rule: Type.Optional(Type.Union(REFUND_RULES.map((rule) => Type.Literal(rule)))),
  cancel_fee: Type.Optional(pesos),
  family_across_orders: Type.Optional(Type.Boolean()),
  // The camp day (issue 25): the family gets a short e-mail when their child is picked up.
  pickup_notice: Type.Optional(Type.Boolean()),
  hold_minutes: Type.Optional(Type.Integer({ minimum: 0, maximum: HOLD_MAX_MINUTES })),
  hold_family_max: Type.Optional(Type.Integer({ minimum: 1, maximum: HOLD_FAMILY_MAX })),
  hold_share_percent: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  waitlist_offer_hours: Type.Optional(Type.Integer({ minimum: 1, maximum: WAITLIST_OFFER_MAX_HOURS })),
});
export const CampUpdate = updateOf(CampCreate);
export type CampCreate = Static<typeof CampCreate>;
export type CampUpdate = Static<typeof CampUpdate>;
export const CAMP_DEFAULTS = {
  description: '',
  type: 'campamento',
  payment_terms: '',
  terms: '',
  status: 'active',
  ...SELF_CANCEL_DEFAULTS,
  family_across_orders: false,
  pickup_notice: false,
  hold_minutes: HOLD_DEFAULT_MINUTES,
  hold_family_max: HOLD_FAMILY_DEFAULT,
  hold_share_percent: HOLD_SHARE_DEFAULT,
  waitlist_offer_hours: WAITLIST_OFFER_DEFAULT_HOURS,
} as const;

/** A category's age bound: whole years within the ages the school takes, or null for none. */
const AgeBound = Type.Union([Type.Integer({ minimum: AGE_MIN, maximum: AGE_MAX }), Type.Null()]);

export const CategoryCreate = Type.Object({
  campament: Id,
  name: requiredText(200),
  value: Type.Optional(text(200)),
  text: Type.Optional(text(2000)),
  amount: Type.Optional(pesos),
  order: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
  age_min: Type.Optional(AgeBound),
  age_max: Type.Optional(AgeBound),
  status: Type.Optional(EditableStatus),
});
export const CategoryUpdate = updateOf(CategoryCreate);
export type CategoryCreate = Static<typeof CategoryCreate>;
export type CategoryUpdate = Static<typeof CategoryUpdate>;
export const CATEGORY_DEFAULTS = { value: '0', text: '', amount: 0, order: 10, status: 'active' } as const;

export const WeekCreate = Type.Object({
  campament: Id,
  name: requiredText(200),
  date: Type.Optional(Type.String({ pattern: WEEK_DATE_PATTERN })),
  notes: Type.Optional(text(2000)),
  quantity: Type.Optional(count),
  amount: Type.Optional(pesos),
  /** Price, whole DOP. */
  value: Type.Optional(pesos),
  /** Capacity; 0 = no limit. */
  quota_q: Type.Optional(count),
  /** Places taken: kept by the server; an admin may correct it. */
  quota_f: Type.Optional(count),
  /** Position in the calendar; a new week without one goes after the camp's last week. */
  order: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
  month_of_year: Type.Optional(Type.Integer({ minimum: 0, maximum: 12 })),
  /** Category ids of the week's camp. */
  categories: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  /** Shown as 'Habilitado': parents only see enabled weeks. */
  isChecked: Type.Optional(Type.Boolean()),
  status: Type.Optional(EditableStatus),
  // An annual program's payment option: its payment plan (./plans.ts, issue 20).
  plan_instalments: Type.Optional(
    Type.Integer({ minimum: PLAN_LIMITS.instalments.min, maximum: PLAN_LIMITS.instalments.max }),
  ),
  plan_frequency: Type.Optional(Type.Enum(PLAN_FREQUENCIES)),
  /** The first instalment's due day, 'YYYY-MM-DD'. */
  plan_first_due: Type.Optional(Type.String({ pattern: DAY_PATTERN })),
  plan_due_day: Type.Optional(
    Type.Integer({ minimum: PLAN_LIMITS.dueDay.min, maximum: PLAN_LIMITS.dueDay.max }),
  ),
});
export const WeekUpdate = updateOf(WeekCreate);
export type WeekCreate = Static<typeof WeekCreate>;
export type WeekUpdate = Static<typeof WeekUpdate>;
export const WEEK_DEFAULTS = {
  date: '',
  notes: '',
  quantity: 0,
  amount: 0,
  value: 0,
  quota_q: 0,
  quota_f: 0,
  month_of_year: 0,
  categories: [] as string[],
  isChecked: true,
  status: 'active',
} as const;

export const CouponCreate = Type.Object({
  /** Stored trimmed and upper-cased (normalizeCouponCode); unique. No spaces inside. */
  code: Type.String({ pattern: `^\\s*\\S{1,${COUPON_CODE_MAX}}\\s*$` }),
  label: requiredText(200),
  type: Type.Optional(Type.Union([Type.Literal('percent'), Type.Literal('amount')])),
  percent: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  amount: Type.Optional(pesos),
  /** Expiry: the coupon is valid until the end of that day (Santo Domingo time); null = never. */
  date: Type.Optional(OptionalDateValue),
  status: Type.Optional(EditableStatus),
  // Limits (issue 18); 0, null or [] = no limit. The uses themselves are counted by the checkout.
  /** First valid day, from its start (Santo Domingo time). */
  valid_from: Type.Optional(OptionalDateValue),
  max_uses: Type.Optional(count),
  max_per_family: Type.Optional(count),
  /** The camps it applies to. */
  camps: Type.Optional(Type.Array(Id, { maxItems: 200 })),
  min_children: Type.Optional(Type.Integer({ minimum: 0, maximum: 50 })),
});
export const CouponUpdate = updateOf(CouponCreate);
export type CouponCreate = Static<typeof CouponCreate>;
export type CouponUpdate = Static<typeof CouponUpdate>;
export const COUPON_DEFAULTS = {
  type: 'percent',
  percent: 0,
  amount: 0,
  date: null,
  status: 'active',
  valid_from: null,
  max_uses: 0,
  max_per_family: 0,
  camps: [] as string[],
  min_children: 0,
  uses: 0,
} as const;

// ---------------------------------------------------------------------------------------------
// The other record kinds of the catalogue (spec 02 §7). The spec does not show their fields:
// these are the fields this school keeps (src/core/api/README.md).

export const TypeCreate = Type.Object({
  /** The record kind the type applies to, e.g. 'campamentos'. */
  model: slug,
  code: slug,
  name: requiredText(200),
  status: Type.Optional(EditableStatus),
});
export const TypeUpdate = updateOf(TypeCreate);
export type TypeCreate = Static<typeof TypeCreate>;
export const TYPE_DEFAULTS = { status: 'active' } as const;

export const ClientCreate = Type.Object({
  name: requiredText(200),
  email: Type.Optional(Type.String({ maxLength: 254, pattern: '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' })),
  phone: Type.Optional(text(40)),
  /** Cédula or RNC. */
  document_id: Type.Optional(text(40)),
  address: Type.Optional(text(500)),
  notes: Type.Optional(text(2000)),
  /** The client's own state field (older data spells it 'activo' / 'inactivo'). */
  cliEstado: Type.Optional(
    Type.Union([
      Type.Literal('active'),
      Type.Literal('inactive'),
      Type.Literal('activo'),
      Type.Literal('inactivo'),
    ]),
  ),
  status: Type.Optional(EditableStatus),
});
export const ClientUpdate = updateOf(ClientCreate);
export type ClientCreate = Static<typeof ClientCreate>;
export const CLIENT_DEFAULTS = {
  email: '',
  phone: '',
  document_id: '',
  address: '',
  notes: '',
  cliEstado: 'active',
  status: 'active',
} as const;

/** DD/MM/YYYY or empty. */
const birthDate = Type.String({ pattern: '^(\\d{2}/\\d{2}/\\d{4})?$' });

export const ParticipantCreate = Type.Object({
  /** The enrolment the participant belongs to. */
  inscription: Type.Optional(Id),
  first_name: requiredText(100),
  last_name: requiredText(100),
  birth_date: Type.Optional(birthDate),
  age: Type.Optional(Type.Integer({ minimum: 0, maximum: 120 })),
  gender: Type.Optional(Type.Union([Type.Literal('Masculino'), Type.Literal('Femenino'), Type.Literal('')])),
  size: Type.Optional(text(20)),
  weight: Type.Optional(Type.Number({ minimum: 0, maximum: 1000 })),
  height: Type.Optional(text(20)),
  school: Type.Optional(text(200)),
  image: Type.Optional(text(1000)),
  prohibited_foods: Type.Optional(text(1000)),
  alergies: Type.Optional(text(1000)),
  prohibited_drugs: Type.Optional(text(1000)),
  activities_restrictions: Type.Optional(text(1000)),
  membership_id: Type.Optional(text(40)),
  status: Type.Optional(EditableStatus),
});
/**
 * A membership an admin issues or transfers by hand (DESIGN.md §2.6): bound to an account and a
 * child; the code is generated by the server (random, with a check character).
 */
export const MembershipCreate = Type.Object({
  user_id: Id,
  first_name: requiredText(100),
  last_name: requiredText(100),
  birth_date: Type.String({ pattern: '^\\d{2}/\\d{2}/\\d{4}$' }),
  campament: Type.Optional(Id),
  status: Type.Optional(EditableStatus),
});
export const MembershipUpdate = updateOf(MembershipCreate);
export const MEMBERSHIP_DEFAULTS = { status: 'active', order_number: '', campament: '' };

export const ParticipantUpdate = updateOf(ParticipantCreate);
export type ParticipantCreate = Static<typeof ParticipantCreate>;
export const PARTICIPANT_DEFAULTS = {
  birth_date: '',
  gender: '',
  size: '',
  height: '',
  school: '',
  image: '',
  prohibited_foods: '',
  alergies: '',
  prohibited_drugs: '',
  activities_restrictions: '',
  membership_id: '',
  status: 'active',
} as const;

export const CONTACT_FORMS = ['Celular', 'Oficina', 'Residencia', 'Correo'] as const;

export const ContactCreate = Type.Object({
  /** What the contact is for, e.g. 'emergencia', 'autorizado', 'padres'. */
  type: slug,
  inscription: Type.Optional(Id),
  first_name: requiredText(100),
  last_name: Type.Optional(text(100)),
  email: Type.Optional(Type.String({ maxLength: 254, pattern: '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' })),
  phone_home: Type.Optional(text(40)),
  phone_mobile: Type.Optional(text(40)),
  phone_office: Type.Optional(text(40)),
  contact_form: Type.Optional(
    Type.Union([...CONTACT_FORMS.map((form) => Type.Literal(form)), Type.Literal('')]),
  ),
  comments: Type.Optional(text(2000)),
  status: Type.Optional(EditableStatus),
});
export const ContactUpdate = updateOf(ContactCreate);
export type ContactCreate = Static<typeof ContactCreate>;
export const CONTACT_DEFAULTS = {
  last_name: '',
  email: '',
  phone_home: '',
  phone_mobile: '',
  phone_office: '',
  contact_form: '',
  comments: '',
  status: 'active',
} as const;

export const CalendarCreate = Type.Object({
  campament: Id,
  name: requiredText(200),
  /** What the calendar shows: a day, a range or a schedule. */
  date: Type.Optional(text(100)),
  notes: Type.Optional(text(2000)),
  order: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
  status: Type.Optional(EditableStatus),
});
export const CalendarUpdate = updateOf(CalendarCreate);
export type CalendarCreate = Static<typeof CalendarCreate>;
export const CALENDAR_DEFAULTS = { date: '', notes: '', order: 0, status: 'active' } as const;

/**
 * What an admin may change on an enrolment (enrolments are created by the checkout only): its
 * status and an internal note. Amounts, participants and payment data are never edited here.
 */
export const InscriptionUpdate = Type.Object({
  _id: Id,
  status: Type.Optional(EditableStatus),
  admin_notes: Type.Optional(text(2000)),
});
export type InscriptionUpdate = Static<typeof InscriptionUpdate>;

// ---------------------------------------------------------------------------------------------
// Messages (spec 02 §8). The spec lists its success texts ungendered ("Campamento, Categoría,
// Semana, Cupón creado, actualizado, eliminado"); Spanish agrees the participle with the noun, so
// the answers say 'Campamento creado', 'Categoría creada', 'Semana eliminada', 'Cupón actualizado'.

export interface Noun {
  /** Lower case, singular: 'campamento'. */
  one: string;
  feminine: boolean;
}

export const NOUNS = {
  campamentos: { one: 'campamento', feminine: false },
  categorias: { one: 'categoría', feminine: true },
  semanas: { one: 'semana', feminine: true },
  cupones: { one: 'cupón', feminine: false },
  estados: { one: 'estado', feminine: false },
  tipos: { one: 'tipo', feminine: false },
  inscripciones: { one: 'inscripción', feminine: true },
  clientes: { one: 'cliente', feminine: false },
  participantes: { one: 'participante', feminine: false },
  contactos: { one: 'contacto', feminine: false },
  calendarios: { one: 'calendario', feminine: false },
  membresias: { one: 'membresía', feminine: true },
} as const satisfies Record<string, Noun>;

const capitalised = (noun: Noun) => noun.one.charAt(0).toUpperCase() + noun.one.slice(1);
const agreeing = (noun: Noun, masculine: string) =>
  noun.feminine ? masculine.replace(/o$/, 'a') : masculine;

/** 'Campamento creado', 'Categoría no encontrada.', 'El campamento seleccionado no existe.' … */
export function recordMessages(noun: Noun) {
  const label = capitalised(noun);
  return {
    created: `${label} ${agreeing(noun, 'creado')}`,
    updated: `${label} ${agreeing(noun, 'actualizado')}`,
    deleted: `${label} ${agreeing(noun, 'eliminado')}`,
    found: `${label} ${agreeing(noun, 'encontrado')}`,
    notFound: `${label} no ${agreeing(noun, 'encontrado')}.`,
    missingReference: `${noun.feminine ? 'La' : 'El'} ${noun.one} ${agreeing(noun, 'seleccionado')} no existe.`,
  };
}

export const ADMIN_MESSAGES = {
  /** A camp, week or category with paid orders or held places cannot be deleted (issue 24). */
  inUse: (what: string, orders: number, held: number) =>
    `No se puede eliminar ${what}: ${
      orders > 0 ? `tiene ${orders} ${orders === 1 ? 'inscripción vigente' : 'inscripciones vigentes'}` : ''
    }${orders > 0 && held > 0 ? ' y ' : ''}${
      held > 0 ? `${held} ${held === 1 ? 'cupo reservado' : 'cupos reservados'}` : ''
    }. Puede desactivarlo: no se venderá más y lo pagado se mantiene.`,
  couponCodeTaken: 'Ya existe un cupón con ese código.',
  couponDatesOrder: 'La fecha de inicio del cupón debe ser igual o anterior a su vencimiento.',
  couponCampsUnknown: 'Alguno de los campamentos seleccionados no existe.',
  campCodeTaken: 'Ya existe un campamento con ese código.',
  typeCodeTaken: 'Ya existe un tipo con ese código para ese modelo.',
  campDatesOrder: 'La fecha de fin debe ser igual o posterior a la fecha de inicio.',
  campTypeUnknown: 'El tipo de campamento no es válido.',
  planFirstDue: 'La fecha de la primera cuota no es válida.',
  weekCategoriesOutsideCamp: 'Las categorías seleccionadas no pertenecen al campamento de la semana.',
  unpaidEnrolment: 'Solo una inscripción pagada puede estar activa.',
  membershipAccountMissing: 'La cuenta seleccionada no existe.',
  membershipCodeTaken: 'Ya existe una membresía con ese código.',
  invalidDate: (field: string) => `El campo "${field}" no es una fecha válida.`,
  blank: (field: string) => `Falta el campo obligatorio "${field}".`,
} as const;

// ---------------------------------------------------------------------------------------------
// Queries

/**
 * Optional query of every list call. Without page/limit the whole list comes back (as the spec's
 * screens expect); with either, one page plus `total`, `page`, `limit`.
 */
export const ListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  /** Case-insensitive text search on the area's names and codes. */
  q: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(EditableStatus),
  /**
   * The order: one of the area's SORTABLE_FIELDS, with a leading '-' for descending
   * ('-start_date'); ties are broken by `_id` in the same direction. Absent or '' = the area's own
   * order. Any other value is refused with LIST_MESSAGES.sortNotAllowed (listSort, listing.ts).
   */
  sort: Type.Optional(Type.String()),
  /** Only the records of this camp, on the areas of CAMP_FILTERED_AREAS (refused elsewhere). */
  campament: Type.Optional(Id),
});
export type ListQuery = Static<typeof ListQuery>;
export const DEFAULT_PAGE_SIZE = 20;

/** The admin areas (spec 02 §7), by their URL segment and collection name. */
export type AdminArea = keyof typeof NOUNS;
/** Every call that answers a list with ListQuery: the admin areas and the users' list. */
export type ListArea = AdminArea | 'usuarios';

/**
 * The fields each list may be sorted by (`sort`). Stored fields only: populated names
 * (campament_name) and derived ones (quota_f_left) are not sortable.
 */
export const SORTABLE_FIELDS = {
  campamentos: ['name', 'code', 'start_date', 'end_date', 'membership', 'type', 'status'],
  categorias: ['name', 'order', 'status'],
  semanas: ['name', 'order', 'value', 'quota_q', 'quota_f', 'status'],
  cupones: ['code', 'label', 'type', 'percent', 'amount', 'date', 'status'],
  estados: ['_id', 'code', 'name'],
  tipos: ['_id', 'model', 'code', 'name', 'status'],
  inscripciones: [
    '_id',
    'order_number',
    'camp_name',
    'amount',
    'payment_status',
    'status',
    'created_at',
    'paid_at',
  ],
  clientes: ['_id', 'name', 'email', 'cliEstado', 'status', 'created_at'],
  participantes: ['_id', 'first_name', 'last_name', 'age', 'school', 'status', 'created_at'],
  contactos: ['_id', 'type', 'first_name', 'last_name', 'email', 'status', 'created_at'],
  calendarios: ['_id', 'name', 'date', 'order', 'status', 'created_at'],
  membresias: ['_id', 'code', 'first_name', 'last_name', 'status', 'issued_at'],
  usuarios: ['_id', 'email', 'name', 'tipo', 'status', 'created_at'],
} as const satisfies Record<ListArea, readonly string[]>;

/** The areas whose records carry a camp id in `campament`: their lists accept `campament`. */
export const CAMP_FILTERED_AREAS = [
  'categorias',
  'semanas',
  'calendarios',
  'inscripciones',
] as const satisfies readonly ListArea[];

export const LIST_MESSAGES = {
  /** The same words as any other value a field does not allow. */
  sortNotAllowed: invalidFieldMessage('enum', 'sort'),
  campamentNotAllowed: 'Este listado no se puede filtrar por campamento.',
} as const;

export const IdParams = Type.Object({ id: Id });
export const SlugParams = (name: string) => Type.Object({ [name]: slug });

// ---------------------------------------------------------------------------------------------
// Answers (dates travel as ISO strings)

type Json<T> = {
  [K in keyof T]: T[K] extends Date
    ? string
    : T[K] extends Date | null
      ? string | null
      : Exclude<T[K], undefined> extends Date | null
        ? string | null | Extract<T[K], undefined>
        : T[K];
};

export type CampAnswer = Json<Camp>;
export type CategoryAnswer = Json<Category> & { campament_name: string | null };
/**
 * `quota_f_left` = max(quota_q - places taken now, 0), expired holds not counted; null when quota_q
 * is 0 (no limit). `quota_held`: of quota_f, the places families' carts hold now. Never stored; the
 * holds themselves are never answered.
 */
export type WeekAnswer = Omit<Json<Week>, 'holds' | 'hold_expiry'> & {
  campament_name: string | null;
  quota_f_left: number | null;
  quota_held: number;
};
/** With `expired`: past its last valid day (the admin list shows 'Vencido'). */
export type CouponAnswer = Json<Coupon> & { expired?: boolean };

export interface ListAnswer<T> {
  status: 'SUCCESS';
  data: T[];
  /** Present only when the call asked for a page. */
  total?: number;
  page?: number;
  limit?: number;
}
export interface RecordAnswer<T> {
  status: 'SUCCESS';
  message?: string;
  data: T;
}
export interface DeleteAnswer {
  status: 'SUCCESS';
  message: string;
}
export interface ErrorAnswer {
  status: 'ERROR';
  success: false;
  message: string;
}
/** GET /api/semanas/findbycamp/{campId} */
export type WeeksByCampAnswer = RecordAnswer<{ uid: string; weekData: WeekAnswer[] }>;

import type { MoneyTotals } from './money.ts';

export const DASHBOARD_KINDS = [
  'campamentos',
  'categorias',
  'semanas',
  'inscripciones',
  'participantes',
  'clientes',
  'cupones',
  'contactos',
  'calendarios',
] as const;
export type DashboardKind = (typeof DASHBOARD_KINDS)[number];
/** The dashboard's list of recent camps/programs holds at most this many (spec 02 §9). */
export const DASHBOARD_RECENT_CAMPS = 6;

export interface DashboardAnswer {
  status: 'SUCCESS';
  data: {
    counts: Record<DashboardKind, { total: number; active: number }>;
    recentCamps: Array<
      Pick<CampAnswer, '_id' | 'name' | 'type' | 'code' | 'start_date' | 'end_date' | 'membership'>
    >;
    /** Whole numbers 0-100; 0 when there is nothing of that kind. */
    percentages: { inscripciones: number; cupones: number; campamentos: number };
    /**
     * Paid enrolments (payment_status 'paid') by the day of their paid_at, Santo Domingo time:
     * the last DASHBOARD_PAID_DAYS days up to and including today, oldest first, every day present.
     */
    paidPerDay: PaidDay[];
    /**
     * The money of the paid orders (issue 24, ./money.ts): collected, refunded and kept (net), in
     * all and per camp, and what families still owe on their plans.
     */
    money: MoneyTotals & { camps: Array<MoneyTotals & { _id: string; name: string }> };
    /** Orders and children that hold places now (paid, not cancelled). */
    holding: { orders: number; children: number };
    /** The last good backup (issue 27), and what staff should know when none is recent or set up. */
    backup: { last_ok_at: string | null; warning: string | null };
  };
}

/** How many days the dashboard's paidPerDay covers (today included). */
export const DASHBOARD_PAID_DAYS = 30;

export interface PaidDay {
  /** 'YYYY-MM-DD', Santo Domingo time (UTC-4, no daylight saving). */
  day: string;
  count: number;
  /** The sum of the enrolments' amounts, whole DOP. */
  amount: number;
}
