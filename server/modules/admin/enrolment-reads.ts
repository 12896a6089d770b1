// The two lists the enrolment wizard loads for its camp (spec 01 §7), open to any signed-in user:
//   GET /semanas/findbycamp/{campId}    → { status, message, data: { uid, weekData } }
//   GET /categorias/findbycamp/{campId} → { status, message, data: [...] }
// A parent sees the active, enabled weeks and the active categories of an active camp; an admin
// sees every record that is not deleted (the admin screens use the same calls).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/errors.ts';
import type { Filter } from '../../store/port.ts';
import { isAdmin } from '../../../src/domain/records.ts';
import { IdParams, NOUNS, recordMessages } from '../../../src/domain/admin-contract.ts';
import { adminRoute, type AreaService } from './crud.ts';

const campNotFound = recordMessages(NOUNS.campamentos).notFound;

const asAdmin = (request: FastifyRequest) => Boolean(request.account && isAdmin(request.account));

export function registerEnrolmentReads(
  app: FastifyInstance,
  areas: { semanas: AreaService; categorias: AreaService },
): void {
  /** The camp the call names, as this user may see it; 404 otherwise. */
  const campFor = async (request: FastifyRequest): Promise<string> => {
    const { id } = request.params as { id: string };
    const camp = await app.store
      .collection('campamentos')
      .findOne(asAdmin(request) ? { _id: id } : { _id: id, status: 'active' });
    if (!camp) throw new ApiError(404, campNotFound);
    return camp._id;
  };

  adminRoute(app, {
    method: 'GET',
    url: '/semanas/findbycamp/:id',
    guard: app.requireUser,
    schema: { params: IdParams },
    handler: async (request) => {
      const campament = await campFor(request);
      const filter: Filter = asAdmin(request)
        ? { campament }
        : { campament, status: 'active', isChecked: true };
      const weekData = await areas.semanas.list(filter);
      return {
        status: 'SUCCESS',
        message: 'Semanas del campamento',
        data: { uid: request.account!._id, weekData },
      };
    },
  });

  adminRoute(app, {
    method: 'GET',
    url: '/categorias/findbycamp/:id',
    guard: app.requireUser,
    schema: { params: IdParams },
    handler: async (request) => {
      const campament = await campFor(request);
      const filter: Filter = asAdmin(request) ? { campament } : { campament, status: 'active' };
      return {
        status: 'SUCCESS',
        message: 'Categorías del campamento',
        data: await areas.categorias.list(filter),
      };
    },
  });
}
