// The two lists the enrolment wizard loads for its camp (spec 01 §7), open to any signed-in user.
// A parent sees the active, enabled weeks and the active categories of an active camp; an admin
// sees every record that is not deleted (the admin screens use the same calls). A parent's lists
// are reused for a second while nothing writes to them: the calendar's first call is the API's
// busiest read.
import { ApiError } from '../errors.ts';
import type { AnyDoc, Filter, Store } from '../store/port.ts';
import { type Camp, type UserRecord } from '../../domain/records.ts';
import { openPrograms, type OpenProgram, type ProgramSources } from '../../domain/programs.ts';
import { santoDomingoDay } from '../../domain/days.ts';
import { isAdmin } from '../../domain/roles.ts';
import { NOUNS, recordMessages } from '../../domain/admin-areas.ts';
import type { AreaService } from './crud.ts';

const campNotFound = recordMessages(NOUNS.campamentos).notFound;

/**
 * How long a parent's list of a camp's weeks or categories is reused. A write made through this
 * process ends the reuse at once (Store.revision); writes of another instance on the same MongoDB
 * show within this time. Places are counted again at payment, atomically, so a list a second old
 * can never oversell; it can only show a place that has just gone.
 */
export const PARENT_LIST_CACHE_MS = 1000;
/** The lists depend on these: the camp (active or not), its weeks or categories, their names. */
const LIST_SOURCES = ['campamentos', 'semanas', 'categorias'];
/** A bound on memory: camps are few; past it, the cache starts again. */
const CACHE_SIZE = 1000;

interface Cached {
  revision: number;
  until: number;
  records: Promise<readonly object[]>;
}

/** Frozen: one list answers many parents, none may change it for the others. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export function enrolmentReads(
  store: Store,
  areas: { semanas: AreaService; categorias: AreaService },
  // The business clock: a list's places left change as holds expire (../../domain/holds.ts).
  clock: () => Date = () => new Date(),
) {
  /** The camp's id, if this user may see it; 404 otherwise. */
  const campFor = async (account: UserRecord, id: string): Promise<string> => {
    const camp = await store
      .collection('campamentos')
      .findOne(isAdmin(account) ? { _id: id } : { _id: id, status: 'active' });
    if (!camp) throw new ApiError(404, campNotFound);
    return camp._id;
  };

  const cache = new Map<string, Cached>();
  /** A parent's list from the cache while it is current, else read (once for concurrent calls). */
  const parentList = <T extends object = AnyDoc>(
    key: string,
    read: () => Promise<T[]>,
  ): Promise<readonly T[]> => {
    // Counts only grow, so their sum changes with any write to any of them.
    let revision = 0;
    for (const name of LIST_SOURCES) revision += store.revision(name);
    const now = clock().getTime();
    const cached = cache.get(key);
    if (cached && cached.revision === revision && cached.until > now)
      return cached.records as Promise<readonly T[]>;
    const records = read().then(deepFreeze);
    if (cache.size >= CACHE_SIZE) cache.clear();
    const entry = { revision, until: now + PARENT_LIST_CACHE_MS, records };
    cache.set(key, entry);
    // A refusal (no such camp) or a failure is never reused.
    records.catch(() => {
      if (cache.get(key) === entry) cache.delete(key);
    });
    return records;
  };

  /** A camp's records of one area: all of them for an admin, read fresh; what a parent may pick, cached. */
  const listOfCamp =
    (name: string, area: AreaService, forParents: Filter) =>
    (account: UserRecord, campId: string): Promise<readonly AnyDoc[]> => {
      if (isAdmin(account)) return campFor(account, campId).then((campament) => area.list({ campament }));
      return parentList(`${name}:${campId}`, async () =>
        area.list({ campament: await campFor(account, campId), ...forParents }),
      );
    };

  /**
   * The school's open camps and programs (issue 59), for the family's list and the sign-in page's
   * name of the link's camp: what a parent may pick, cached like the camp's lists.
   */
  const open = () =>
    parentList<OpenProgram>('abiertos', async () => {
      const camps = await store.collection<Camp>('campamentos').find({ status: 'active' });
      const campament = { $in: camps.map((camp) => camp._id) };
      const [weeks, categories] = await Promise.all([
        areas.semanas.list({ campament, status: 'active', isChecked: true }),
        areas.categorias.list({ campament, status: 'active' }),
      ]);
      // The stored records, as the parents' own lists answer them (places left derived).
      const sources = { weeks, categories } as unknown as Pick<ProgramSources, 'weeks' | 'categories'>;
      return openPrograms({ camps, ...sources, today: santoDomingoDay(clock()) });
    });

  /**
   * The camp an enrolment link names, for the sign-in pages (issue 59): open when a parent may
   * pick it now, closed when the school has it (inactive, over, nothing offered); null otherwise.
   */
  const linkedCamp = async (id: string): Promise<{ name: string; open: boolean } | null> => {
    const listed = (await open()).find((camp) => camp._id === id);
    if (listed) return { name: listed.name, open: true };
    const camp = await store.collection<Camp>('campamentos').findById(id);
    return camp ? { name: camp.name, open: false } : null;
  };

  return {
    open,
    linkedCamp,
    weeks: listOfCamp('semanas', areas.semanas, { status: 'active', isChecked: true }),
    categories: listOfCamp('categorias', areas.categorias, { status: 'active' }),
  };
}
