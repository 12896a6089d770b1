// The admin's create and update bodies of a camp and what hangs from it (spec 02 §3, required fields
// §5, §7): its categories, weeks and calendars, and the types a camp can be; with their defaults.
import { Type, type Static } from 'typebox';
import { REFUND_RULES, SELF_CANCEL_DEFAULTS } from '../cancellation.ts';
import {
  HOLD_DEFAULT_MINUTES,
  HOLD_FAMILY_DEFAULT,
  HOLD_FAMILY_MAX,
  HOLD_MAX_MINUTES,
  HOLD_SHARE_DEFAULT,
} from '../holds.ts';
import { WAITLIST_OFFER_DEFAULT_HOURS, WAITLIST_OFFER_MAX_HOURS } from '../waitlist.ts';
import { AGE_MAX, AGE_MIN } from '../enrolment.ts';
import { DAY_PATTERN, PLAN_FREQUENCIES, PLAN_LIMITS } from '../plans.ts';
import {
  DateValue,
  EditableStatus,
  Id,
  count,
  order,
  pesos,
  requiredText,
  slug,
  text,
  updateOf,
} from './fields.ts';

/** A week's dates as the calendar shows them: 'DD/MM/YYYY - DD/MM/YYYY' (or empty). */
export const WEEK_DATE_PATTERN = '^(\\d{2}/\\d{2}/\\d{4} - \\d{2}/\\d{2}/\\d{4})?$';

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
  // Issue 56: families who asked for WhatsApp hear of the arrival too (the departure they always do).
  arrival_notice: Type.Optional(Type.Boolean()),
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
  arrival_notice: false,
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
  order: Type.Optional(order),
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
  order: Type.Optional(order),
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
  /** Saves despite the warnings of ../weeks.ts (dates outside the camp, capacity below taken); never stored. */
  confirm: Type.Optional(Type.Boolean()),
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

export const CalendarCreate = Type.Object({
  campament: Id,
  name: requiredText(200),
  /** What the calendar shows: a day, a range or a schedule. */
  date: Type.Optional(text(100)),
  notes: Type.Optional(text(2000)),
  order: Type.Optional(order),
  status: Type.Optional(EditableStatus),
});
export const CalendarUpdate = updateOf(CalendarCreate);
export type CalendarCreate = Static<typeof CalendarCreate>;
export const CALENDAR_DEFAULTS = { date: '', notes: '', order: 0, status: 'active' } as const;
