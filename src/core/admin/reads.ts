// The two lists the enrolment wizard loads for its camp (spec 01 §7), open to any signed-in user.
// A parent sees the active, enabled weeks and the active categories of an active camp; an admin
// sees every record that is not deleted (the admin screens use the same calls).
import { ApiError } from '../errors.ts';
import type { Filter, Store } from '../store/port.ts';
import { isAdmin, type UserRecord } from '../../domain/records.ts';
import { NOUNS, recordMessages } from '../../domain/admin-contract.ts';
import type { AreaService } from './crud.ts';

const campNotFound = recordMessages(NOUNS.campamentos).notFound;

export function enrolmentReads(store: Store, areas: { semanas: AreaService; categorias: AreaService }) {
  /** The camp's id, if this user may see it; 404 otherwise. */
  const campFor = async (account: UserRecord, id: string): Promise<string> => {
    const camp = await store
      .collection('campamentos')
      .findOne(isAdmin(account) ? { _id: id } : { _id: id, status: 'active' });
    if (!camp) throw new ApiError(404, campNotFound);
    return camp._id;
  };
  return {
    async weeks(account: UserRecord, campId: string) {
      const campament = await campFor(account, campId);
      const filter: Filter = isAdmin(account)
        ? { campament }
        : { campament, status: 'active', isChecked: true };
      return areas.semanas.list(filter);
    },
    async categories(account: UserRecord, campId: string) {
      const campament = await campFor(account, campId);
      return areas.categorias.list(isAdmin(account) ? { campament } : { campament, status: 'active' });
    },
  };
}
