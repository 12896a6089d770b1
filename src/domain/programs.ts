// The school's open camps and programs, as a family picks one (issue 59): name, dates, ages, the
// price from which it is sold and the places left. One rule for the server's answer and the mocks
// (GET /campamentos/abiertos); the texts the parents' list and sign-in pages show are
// ./program-texts.ts, light enough for the sign-in page's first download.
import { AGE_MAX, AGE_MIN } from './enrolment.ts';
import { priceCart } from './pricing.ts';
import { readWeekDates } from './weeks.ts';
import { santoDomingoDay } from './days.ts';

/** One open camp or program, as GET /campamentos/abiertos answers it. */
export interface OpenProgram {
  _id: string;
  name: string;
  /** The camp's type: 'campamento', or an annual program's code. */
  type: string;
  description: string;
  /** The camp's first and last day, 'YYYY-MM-DD' (Santo Domingo). */
  start: string;
  end: string;
  /** The ages its categories take (the school's 6 to 18 where a category does not say). */
  age_min: number;
  age_max: number;
  /**
   * What one child pays at 'Pagar' in the cheapest week or option still offered (those with a
   * place first), priced by the wizard's own rule (priceCart): a camp's week, or an annual
   * option's first instalment plus the membership. Whole DOP, before any coupon.
   */
  price_from: number;
  /** Places left in the week or option with the most; null when one has no limit. */
  places_left: number | null;
  /** Weeks (options) still offered, and how many of them have a place. */
  offered: number;
  with_places: number;
}

export interface ProgramSources {
  /** Active camps of the school. */
  camps: ReadonlyArray<{
    _id: string;
    name: string;
    type: string;
    description?: string;
    membership: number;
    start_date: Date | string;
    end_date: Date | string;
  }>;
  /** The weeks a parent may pick (active and enabled), with their places left (null: no limit). */
  weeks: ReadonlyArray<{ campament: string; value: number; date: string; quota_f_left: number | null }>;
  /** The active categories. */
  categories: ReadonlyArray<{ campament: string; age_min?: number | null; age_max?: number | null }>;
  /** Today in Santo Domingo, 'YYYY-MM-DD'. */
  today: string;
}

const dayOf = (date: Date | string) => santoDomingoDay(new Date(date));

/** A week is still offered until its last day; one whose dates cannot be read is kept. */
function stillOffered(date: string, today: string): boolean {
  const days = readWeekDates(date);
  return !days || 'problem' in days || days.last >= today;
}

/** The camps and programs a family may enrol in now, by start date: active, not over, with a week offered. */
export function openPrograms({ camps, weeks, categories, today }: ProgramSources): OpenProgram[] {
  const open: OpenProgram[] = [];
  for (const camp of camps) {
    const end = dayOf(camp.end_date);
    if (end < today) continue;
    const own = weeks.filter((week) => week.campament === camp._id && stillOffered(week.date, today));
    if (own.length === 0) continue;
    const withPlaces = own.filter((week) => week.quota_f_left === null || week.quota_f_left > 0);
    const priced = withPlaces.length > 0 ? withPlaces : own;
    const price = (value: number) =>
      priceCart({ campType: camp.type, lines: [{ cupo: 1, value }], membershipFee: camp.membership }).total;
    const ages = categories.filter((category) => category.campament === camp._id);
    // A category without a bound, or a camp without categories, takes the school's ages.
    const mins = ages.map((category) => category.age_min ?? AGE_MIN);
    const maxes = ages.map((category) => category.age_max ?? AGE_MAX);
    open.push({
      _id: camp._id,
      name: camp.name,
      type: camp.type,
      description: camp.description ?? '',
      start: dayOf(camp.start_date),
      end,
      age_min: mins.length > 0 ? Math.min(...mins) : AGE_MIN,
      age_max: maxes.length > 0 ? Math.max(...maxes) : AGE_MAX,
      price_from: Math.min(...priced.map((week) => price(week.value))),
      places_left: own.some((week) => week.quota_f_left === null)
        ? null
        : Math.max(...own.map((week) => week.quota_f_left ?? 0)),
      offered: own.length,
      with_places: withPlaces.length,
    });
  }
  return open.sort((a, b) => a.start.localeCompare(b.start) || a.name.localeCompare(b.name, 'es'));
}
