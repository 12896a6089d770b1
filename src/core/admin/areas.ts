// The admin areas of spec 02 §7, declared for the CRUD factory. Each entry reads as the rules of
// that record kind: required fields and defaults (spec 02 §3, §5), uniqueness, references,
// searches, order, derived fields.
import { validDay } from '../../domain/plans.ts';
import { CATEGORY_MESSAGES } from '../../domain/categories.ts';
import { ApiError, confirmationNeeded } from '../errors.ts';
import { STAFF_MESSAGES } from '../../domain/staff.ts';
import type { AnyDoc, Filter, Store } from '../store/port.ts';
import { ANNUAL_TYPE_ALIASES, CAMP_TYPES, placesLeft, type Coupon, type Week } from '../../domain/records.ts';
import { couponExpired, normalizeCouponCode } from '../../domain/coupons.ts';
import { liveCartHeld, liveTaken, type WeekHolds } from '../../domain/holds.ts';
import { ADMIN_MESSAGES, NOUNS } from '../../domain/admin-areas.ts';
import { WEEK_MESSAGES, readWeekDates, weekWarnings } from '../../domain/weeks.ts';
import { santoDomingoDay } from '../../domain/days.ts';
import {
  CALENDAR_DEFAULTS,
  CAMP_DEFAULTS,
  CATEGORY_DEFAULTS,
  CalendarCreate,
  CalendarUpdate,
  CampCreate,
  CampUpdate,
  CategoryCreate,
  CategoryUpdate,
  TYPE_DEFAULTS,
  TypeCreate,
  TypeUpdate,
  WEEK_DEFAULTS,
  WeekCreate,
  WeekUpdate,
} from '../../domain/schemas/camps.ts';
import {
  CLIENT_DEFAULTS,
  CONTACT_DEFAULTS,
  ClientCreate,
  ClientUpdate,
  ContactCreate,
  ContactUpdate,
  InscriptionUpdate,
  PARTICIPANT_DEFAULTS,
  ParticipantCreate,
  ParticipantUpdate,
} from '../../domain/schemas/enrolment-records.ts';
import { COUPON_DEFAULTS, CouponCreate, CouponUpdate } from '../../domain/schemas/coupons.ts';
import { MEMBERSHIP_DEFAULTS, MembershipCreate, MembershipUpdate } from '../../domain/schemas/memberships.ts';
import { newMembershipCode } from '../checkout/records.ts';
import { releaseExpiredHolds } from '../checkout/holds.ts';
import type { AreaConfig, Reference, RuleContext } from './crud.ts';

/** Newest first: ids grow with creation time. */
const NEWEST_FIRST = { _id: -1 } as const;

/** An editable area's calls (spec 02 §7): list, find, create, update and delete. */
const EDITABLE: AreaConfig['routes'] = {
  list: 'listpop',
  find: { path: 'find' },
  create: true,
  update: true,
  delete: true,
};

const campReference = (populate: boolean): Reference => ({
  field: 'campament',
  collection: 'campamentos',
  noun: NOUNS.campamentos,
  ...(populate ? { populateAs: 'campament_name' } : {}),
});

/** Codes a camp's type may take besides the `tipos` of model 'campamentos' (spec 02 §3). */
const BUILT_IN_CAMP_TYPES = new Set<string>([...Object.keys(CAMP_TYPES), ...ANNUAL_TYPE_ALIASES]);

async function checkCampType(type: unknown, store: Store): Promise<void> {
  if (typeof type !== 'string' || BUILT_IN_CAMP_TYPES.has(type)) return;
  const known = await store.collection('tipos').findOne({ model: 'campamentos', code: type });
  if (!known) throw new ApiError(400, ADMIN_MESSAGES.campTypeUnknown);
}

/** Orders that still stand (paid, or a payment under way) among those the filter selects. */
const standingOrders = (store: Store, filter: Filter) =>
  store.collection('inscripciones').count({
    ...filter,
    payment_status: { $in: ['paid', 'pending', 'unknown'] },
    status: { $ne: 'cancelled' },
  });

/** Places held now by carts and waiting-list offers on these weeks (never paid ones). */
async function heldOn(store: Store, weekFilter: Filter): Promise<number> {
  const weeks = await store.collection<Week>('semanas').find(weekFilter);
  const now = new Date();
  return weeks.reduce((sum, week) => sum + liveCartHeld(week as WeekHolds, now), 0);
}

/**
 * Deleting a camp, week or category that families paid for, or hold places in, would orphan
 * their orders (issue 24): refused with the reason and the way out (deactivate it instead).
 */
function guardInUse(
  what: (record: AnyDoc) => string,
  orders: (id: string) => Filter,
  weeks: (id: string) => Filter | null,
) {
  return async (record: AnyDoc, store: Store): Promise<string | null> => {
    const weekFilter = weeks(record._id);
    const [paid, held] = await Promise.all([
      standingOrders(store, orders(record._id)),
      weekFilter ? heldOn(store, weekFilter) : Promise.resolve(0),
    ]);
    return paid > 0 || held > 0 ? ADMIN_MESSAGES.inUse(what(record), paid, held) : null;
  };
}

export const campamentos: AreaConfig = {
  area: 'campamentos',
  noun: NOUNS.campamentos,
  routes: {
    ...EDITABLE,
    // The enrolment wizard loads its camp here: parents see active camps only.
    find: { path: 'findbyid', audience: 'user', parentFilter: { status: 'active' } },
  },
  createBody: CampCreate,
  updateBody: CampUpdate,
  defaults: CAMP_DEFAULTS,
  dates: { start_date: 'day', end_date: 'day' },
  search: ['name', 'code'],
  sort: { start_date: -1, _id: -1 },
  unique: [{ fields: ['code'], message: ADMIN_MESSAGES.campCodeTaken }],
  async rules(camp, { store, changes }) {
    const start = new Date(camp.start_date as Date);
    const end = new Date(camp.end_date as Date);
    if (('start_date' in changes || 'end_date' in changes) && end.getTime() < start.getTime()) {
      throw new ApiError(400, ADMIN_MESSAGES.campDatesOrder);
    }
    if ('type' in changes) await checkCampType(camp.type, store);
  },
  deleteGuard: guardInUse(
    (camp) => `el campamento «${String(camp.name)}»`,
    (id) => ({ campament: id }),
    (id) => ({ campament: id }),
  ),
};

export const categorias: AreaConfig = {
  area: 'categorias',
  noun: NOUNS.categorias,
  // findbycamp is answered for any signed-in user, in enrolment-reads.ts.
  routes: EDITABLE,
  createBody: CategoryCreate,
  updateBody: CategoryUpdate,
  defaults: CATEGORY_DEFAULTS,
  search: ['name', 'text'],
  sort: { order: 1, name: 1, _id: 1 },
  references: [campReference(true)],
  async rules(category, { changes }) {
    if (!('age_min' in changes) && !('age_max' in changes)) return;
    const { age_min: min, age_max: max } = category as { age_min?: number | null; age_max?: number | null };
    if (typeof min === 'number' && typeof max === 'number' && min > max)
      throw new ApiError(400, CATEGORY_MESSAGES.ageOrder);
  },
  deleteGuard: guardInUse(
    (category) => `la categoría «${String(category.name)}»`,
    (id) => ({ 'lines.time': id }),
    () => null,
  ),
};

/**
 * quota_f_left = max(quota_q - places taken now, 0), or null when quota_q is 0 (no limit), and
 * quota_held (places in families' carts); never stored. Expired holds no longer count, before any
 * write gives them back (../../domain/holds.ts). Who holds places is nobody else's business: the
 * holds are left out of every answer.
 */
export function withPlacesLeft(record: AnyDoc, now: Date): AnyDoc {
  const { holds, hold_expiry, ...week } = record;
  const stored = { quota_f: Number(week.quota_f ?? 0), holds, hold_expiry } as WeekHolds;
  // Staff too see the places taken now: the stored counter still has expired holds in it.
  const taken = liveTaken(stored, now);
  const left = placesLeft({ quota_q: Number(week.quota_q ?? 0), quota_f: taken });
  return {
    ...week,
    quota_f: taken,
    quota_f_left: Number.isFinite(left) ? left : null,
    quota_held: liveCartHeld(stored, now),
  };
}

/**
 * A week's dates must exist and run forwards (400); its days outside its camp's, or a capacity
 * below the places taken now, are saved only once the admin confirms them (409). Checked when the
 * fields they read change, before anything is written.
 */
async function checkWeekDatesAndPlaces(
  store: Store,
  week: Record<string, unknown>,
  { changes, existing, confirmed }: Omit<RuleContext, 'store'>,
): Promise<void> {
  const read = readWeekDates(typeof week.date === 'string' ? week.date : '');
  // Only when the dates are sent: a week stored before this rule keeps its other fields editable.
  if (read && 'problem' in read && 'date' in changes) throw new ApiError(400, read.problem);
  if (confirmed) return;
  const days = read && !('problem' in read) && ('date' in changes || 'campament' in changes) ? read : null;
  const camp = days
    ? await store.collection('campamentos').findById(String(week.campament), { withDeleted: true })
    : null;
  const campDays =
    camp?.start_date instanceof Date && camp.end_date instanceof Date
      ? { first: santoDomingoDay(camp.start_date), last: santoDomingoDay(camp.end_date) }
      : null;
  const placesChanged = 'quota_q' in changes || 'quota_f' in changes;
  // The places taken as staff see them (expired cart holds no longer count), unless being set now.
  const taken =
    'quota_f' in changes || !existing
      ? Number(week.quota_f ?? 0)
      : liveTaken(existing as unknown as WeekHolds, new Date());
  const warnings = weekWarnings({
    days,
    camp: campDays,
    capacity: placesChanged ? Number(week.quota_q ?? 0) : 0,
    taken,
  });
  if (warnings.length > 0) throw confirmationNeeded([...warnings, WEEK_MESSAGES.confirm].join(' '));
}

export const semanas: AreaConfig = {
  area: 'semanas',
  noun: NOUNS.semanas,
  // findbycamp is answered for any signed-in user, in enrolment-reads.ts.
  routes: EDITABLE,
  createBody: WeekCreate,
  updateBody: WeekUpdate,
  defaults: WEEK_DEFAULTS,
  normalise(week) {
    if (Array.isArray(week.categories)) week.categories = [...new Set(week.categories)];
  },
  search: ['name', 'date', 'notes'],
  sort: { order: 1, _id: 1 },
  references: [campReference(true)],
  async rules(week, { store, changes, existing, confirmed }) {
    if (typeof changes.plan_first_due === 'string' && !validDay(changes.plan_first_due))
      throw new ApiError(400, ADMIN_MESSAGES.planFirstDue);
    await checkWeekDatesAndPlaces(store, week, { changes, existing, confirmed });
    // Staff set the places taken as they see them (without expired holds): the expired holds go
    // back first, so giving them back later cannot subtract them from the staff's figure again.
    if ('quota_f' in changes && existing)
      await releaseExpiredHolds(store, existing as unknown as Week, new Date());
    if (!('categories' in changes) && !('campament' in changes)) return;
    const ids = (week.categories as string[] | undefined) ?? [];
    if (ids.length === 0) return;
    // A category of another camp (or none) would let a parent pick a schedule the camp does not run.
    const belonging = await store
      .collection('categorias')
      .count({ _id: { $in: ids }, campament: week.campament }, { withDeleted: true });
    if (belonging !== ids.length) throw new ApiError(400, ADMIN_MESSAGES.weekCategoriesOutsideCamp);
  },
  async beforeCreate(week, store) {
    if (typeof week.order === 'number') return;
    // A new week without a position goes after the camp's last one.
    const last = await store
      .collection('semanas')
      .findOne({ campament: week.campament }, { sort: { order: -1 } });
    week.order = typeof last?.order === 'number' ? last.order + 1 : 1;
  },
  derive: withPlacesLeft,
  deleteGuard: guardInUse(
    (week) => `la semana «${String(week.name)}»`,
    (id) => ({ 'lines.id': id }),
    (id) => ({ _id: id }),
  ),
};

export const cupones: AreaConfig = {
  area: 'cupones',
  noun: NOUNS.cupones,
  // POST /cupones/validate belongs to the checkout.
  routes: EDITABLE,
  createBody: CouponCreate,
  updateBody: CouponUpdate,
  defaults: COUPON_DEFAULTS,
  dates: { date: 'endOfDay', valid_from: 'startOfDay' },
  normalise(coupon) {
    if (typeof coupon.code === 'string') coupon.code = normalizeCouponCode(coupon.code);
    if (Array.isArray(coupon.camps)) coupon.camps = [...new Set(coupon.camps)];
  },
  async rules(coupon, { store, changes }) {
    const { valid_from: from, date: to, camps } = coupon as Partial<Coupon>;
    if (('valid_from' in changes || 'date' in changes) && from && to && from.getTime() > to.getTime())
      throw new ApiError(400, ADMIN_MESSAGES.couponDatesOrder);
    if (!('camps' in changes) || !camps?.length) return;
    // A coupon for a camp that does not exist could never be used; a deleted one still counts.
    const known = await store.collection('campamentos').count({ _id: { $in: camps } }, { withDeleted: true });
    if (known !== camps.length) throw new ApiError(400, ADMIN_MESSAGES.couponCampsUnknown);
  },
  search: ['code', 'label'],
  sort: NEWEST_FIRST,
  unique: [{ fields: ['code'], message: ADMIN_MESSAGES.couponCodeTaken }],
  // An active coupon past its last day is shown 'Vencido' (issue 24): it is refused at payment.
  derive: (coupon, now) => ({ ...coupon, expired: couponExpired(coupon as Partial<Coupon>, now) }),
};

export const estados: AreaConfig = {
  area: 'estados',
  noun: NOUNS.estados,
  routes: { list: '' },
  search: ['name', 'code'],
  // A lookup keeps the order it was defined in.
  sort: { _id: 1 },
};

export const tipos: AreaConfig = {
  area: 'tipos',
  noun: NOUNS.tipos,
  routes: { ...EDITABLE, lookups: [{ path: 'bymodel', field: 'model', param: 'model' }] },
  createBody: TypeCreate,
  updateBody: TypeUpdate,
  defaults: TYPE_DEFAULTS,
  search: ['name', 'code', 'model'],
  sort: { model: 1, name: 1, _id: 1 },
  unique: [{ fields: ['model', 'code'], message: ADMIN_MESSAGES.typeCodeTaken }],
};

export const inscripciones: AreaConfig = {
  area: 'inscripciones',
  noun: NOUNS.inscripciones,
  // Enrolments are created by the checkout (POST /inscripciones/create); admins read them and
  // change their status or note.
  routes: {
    list: 'listpop',
    find: { path: 'find' },
    lookups: [{ path: 'findbycamp', field: 'campament', param: 'id' }],
    update: true,
  },
  updateBody: InscriptionUpdate,
  // Fields of the checkout's enrolment record (src/core/checkout/pipeline.ts).
  search: ['order_number', 'contact.email', 'contact.mother_name', 'contact.father_name', 'rnc_nombre'],
  sort: NEWEST_FIRST,
  async rules(enrolment, { changes, existing }) {
    // Cancelling gives places and money back (POST /inscripciones/cancel): it is not undone here.
    if (existing?.status === 'cancelled' && changes.status !== undefined)
      throw new ApiError(400, STAFF_MESSAGES.cancelledStatus);
    // The checkout activates an enrolment once it is paid; an admin may cancel one (inactive) or
    // restore a paid one, never turn an unpaid or declined order into an active enrolment.
    const payment = enrolment.payment_status;
    if (changes.status === 'active' && payment !== undefined && payment !== 'paid') {
      throw new ApiError(400, ADMIN_MESSAGES.unpaidEnrolment);
    }
  },
  references: [campReference(true)],
};

export const clientes: AreaConfig = {
  area: 'clientes',
  noun: NOUNS.clientes,
  routes: { ...EDITABLE, delete: false },
  createBody: ClientCreate,
  updateBody: ClientUpdate,
  defaults: CLIENT_DEFAULTS,
  normalise(client) {
    if (typeof client.email === 'string') client.email = client.email.toLowerCase();
  },
  search: ['name', 'email', 'document_id', 'phone'],
  sort: NEWEST_FIRST,
};

const inscriptionReference: Reference = {
  field: 'inscription',
  collection: 'inscripciones',
  noun: NOUNS.inscripciones,
};

export const participantes: AreaConfig = {
  area: 'participantes',
  noun: NOUNS.participantes,
  routes: { ...EDITABLE, lookups: [{ path: 'findbyinscription', field: 'inscription', param: 'id' }] },
  createBody: ParticipantCreate,
  updateBody: ParticipantUpdate,
  defaults: PARTICIPANT_DEFAULTS,
  search: ['first_name', 'last_name', 'school', 'membership_id'],
  sort: NEWEST_FIRST,
  references: [inscriptionReference],
};

export const contactos: AreaConfig = {
  area: 'contactos',
  noun: NOUNS.contactos,
  routes: { ...EDITABLE, lookups: [{ path: 'findbytype', field: 'type', param: 'type' }] },
  createBody: ContactCreate,
  updateBody: ContactUpdate,
  defaults: CONTACT_DEFAULTS,
  normalise(contact) {
    if (typeof contact.email === 'string') contact.email = contact.email.toLowerCase();
  },
  // The checkout writes 'padres' contacts with the parents' names and 'autorizado' ones with `name`.
  search: ['first_name', 'last_name', 'name', 'mother_name', 'father_name', 'email', 'phone_mobile'],
  sort: NEWEST_FIRST,
  references: [inscriptionReference],
};

export const calendarios: AreaConfig = {
  area: 'calendarios',
  noun: NOUNS.calendarios,
  routes: { ...EDITABLE, lookups: [{ path: 'findbycamp', field: 'campament', param: 'id' }] },
  createBody: CalendarCreate,
  updateBody: CalendarUpdate,
  defaults: CALENDAR_DEFAULTS,
  search: ['name', 'date'],
  sort: { order: 1, _id: 1 },
  references: [campReference(true)],
};

/**
 * Memberships: the checkout issues one per new child; an admin may issue one by hand (a family
 * that paid the fee another way) or transfer one (change its account or child). The code is
 * always the server's, random with a check character; what binds it is the account and the child.
 */
export const membresias: AreaConfig = {
  area: 'membresias',
  noun: NOUNS.membresias,
  routes: { ...EDITABLE, delete: false },
  createBody: MembershipCreate,
  updateBody: MembershipUpdate,
  defaults: MEMBERSHIP_DEFAULTS,
  search: ['code', 'first_name', 'last_name'],
  sort: NEWEST_FIRST,
  unique: [{ fields: ['code'], message: ADMIN_MESSAGES.membershipCodeTaken }],
  async rules(membership, { store, changes }) {
    if (!('user_id' in changes)) return;
    const account = await store
      .collection('usuarios')
      .findById(String(membership.user_id), { withDeleted: true });
    if (!account) throw new ApiError(400, ADMIN_MESSAGES.membershipAccountMissing);
  },
  async beforeCreate(membership) {
    membership.code = newMembershipCode();
    membership.issued_at = new Date();
    membership.issued_by = 'admin';
  },
};

export const ADMIN_AREAS = [
  campamentos,
  categorias,
  semanas,
  cupones,
  estados,
  tipos,
  inscripciones,
  clientes,
  participantes,
  contactos,
  calendarios,
  membresias,
] as const;
