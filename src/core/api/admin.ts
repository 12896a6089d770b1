// The admin areas' calls (spec 02 §7), from their declarations (../admin/areas.ts):
//   GET  /{area}/listpop         list (optional page, limit, q, status, sort, campament)
//   GET  /{area}/find/{id}       one record
//   GET  /{area}/{lookup}/{x}    records whose field equals x (findbycamp, bymodel, …)
//   POST /{area}/create          201
//   POST /{area}/update          body carries _id; partial update
//   GET|DELETE /{area}/delete/{id}   soft delete (status 'borrado')
// plus the wizard's two reads of a camp and the dashboard.
import { nowOf } from '../deps.ts';
import { CAMP_DAY_ROLES } from '../../domain/roles.ts';
import { offerFreedPlaces, withdrawWaitlist } from '../checkout/waitlist.ts';
import type { TSchema } from 'typebox';
import { ApiError } from '../errors.ts';
import { IdParams, SlugParams } from '../../domain/schemas/fields.ts';
import { ListQuery } from '../../domain/schemas/listing.ts';
import { isAdmin } from '../../domain/roles.ts';
import { ADMIN_AREAS } from '../admin/areas.ts';
import type { AreaConfig, Lookup } from '../admin/crud.ts';
import type { AnyDoc } from '../store/port.ts';
import { listAnswer } from '../admin/listing.ts';
import { dashboard } from '../admin/dashboard.ts';
import {
  accountOf,
  actorOf,
  Answer,
  JsonText,
  type ApiRoute,
  adminCall,
  callsOf,
  perAddress,
  publicCall,
  userCall,
} from './route.ts';
import { OpenProgramsAnswer } from '../../domain/schemas/programs.ts';
import {
  DashboardAnswer,
  MessageAnswer,
  RecordAnswer,
  RecordListAnswer,
  RecordMessageAnswer,
  RecordsAnswer,
  RecordsMessageAnswer,
  WeeksByCampAnswer,
} from '../../domain/schemas/answers.ts';

const lookupParams = (param: Lookup['param']): TSchema => (param === 'id' ? IdParams : SlugParams(param));

/** The catalogue a coach reads to find a roster (issue 25): its camps, weeks and categories. */
const CAMP_DAY_READS = new Set(['campamentos', 'semanas', 'categorias']);

function areaRoutes(config: AreaConfig): ApiRoute[] {
  const { routes, area } = config;
  const base = `/${area}`;
  const calls: ApiRoute[] = [];
  const reads = CAMP_DAY_READS.has(area) ? { roles: CAMP_DAY_ROLES } : {};

  if (routes.list !== undefined) {
    calls.push(
      adminCall('GET', routes.list ? `${base}/${routes.list}` : base, {
        ...reads,
        schema: { querystring: ListQuery, response: { 200: RecordListAnswer } },
        handle: ({ query }, core) => {
          const service = core.areas[area];
          return listAnswer(query, {
            area,
            collection: service.collection(),
            sort: config.sort,
            search: config.search,
            present: (records) => service.present(records),
            listAll: (filter, sort) => service.list(filter, sort),
          });
        },
      }),
    );
  }

  if (routes.find) {
    const { path, audience = 'admin', parentFilter = {} } = routes.find;
    calls.push(
      callsOf(audience)('GET', `${base}/${path}/:id`, {
        ...reads,
        schema: {
          params: IdParams,
          response: { 200: audience === 'user' ? RecordMessageAnswer : RecordAnswer },
        },
        handle: async (call, core) => {
          const service = core.areas[area];
          const { id } = call.params;
          const filter = isAdmin(accountOf(call)) ? { _id: id } : { ...parentFilter, _id: id };
          const record = await service.collection().findOne(filter);
          if (!record) throw new ApiError(404, service.messages.notFound);
          const [data] = await service.present([record]);
          // The enrolment wizard reads this one as { status, message, data } (spec 01 §7).
          return audience === 'user'
            ? { status: 'SUCCESS', message: service.messages.found, data }
            : { status: 'SUCCESS', data };
        },
      }),
    );
  }

  for (const lookup of routes.lookups ?? []) {
    calls.push(
      adminCall('GET', `${base}/${lookup.path}/:${lookup.param}`, {
        ...reads,
        schema: { params: lookupParams(lookup.param), response: { 200: RecordsAnswer } },
        handle: async ({ params }, core) => {
          const value = (params as Record<string, string>)[lookup.param];
          return { status: 'SUCCESS', data: await core.areas[area].list({ [lookup.field]: value }) };
        },
      }),
    );
  }

  if (routes.create && config.createBody) {
    calls.push(
      adminCall('POST', `${base}/create`, {
        schema: { body: config.createBody, response: { 201: RecordMessageAnswer } },
        handle: async (call, core) => {
          const service = core.areas[area];
          const data = await service.create(call.body, actorOf(call));
          return new Answer(201, { status: 'SUCCESS', message: service.messages.created, data });
        },
      }),
    );
  }

  if (routes.update && config.updateBody) {
    calls.push(
      adminCall('POST', `${base}/update`, {
        schema: { body: config.updateBody, response: { 200: RecordMessageAnswer } },
        handle: async (call, core) => {
          const service = core.areas[area];
          const { _id, ...fields } = call.body as { _id: string } & Record<string, unknown>;
          const data = await service.update(_id, fields, actorOf(call));
          // A week given more places (or reopened) offers them to its waiting list first, now
          // (issue 43): nobody outside the line can take them before.
          if (config.area === 'semanas') await offerFreedPlaces(core.deps, [_id]);
          return { status: 'SUCCESS', message: service.messages.updated, data };
        },
      }),
    );
  }

  if (routes.delete) {
    calls.push(
      adminCall(['GET', 'DELETE'], `${base}/delete/:id`, {
        schema: { params: IdParams, response: { 200: MessageAnswer } },
        handle: async (call, core) => {
          const service = core.areas[area];
          if (!(await service.remove(call.params.id, actorOf(call))))
            throw new ApiError(404, service.messages.notFound);
          // A week or camp no longer offered ends its waiting list, each family told (issue 24).
          if (area === 'semanas') await withdrawWaitlist(core.deps, { week: call.params.id });
          if (area === 'campamentos') await withdrawWaitlist(core.deps, { camp: call.params.id });
          return { status: 'SUCCESS', message: service.messages.deleted };
        },
      }),
    );
  }
  return calls;
}

/**
 * A parent's list is one frozen array shared by every parent while it is current (../admin/reads.ts):
 * its JSON is written once and reused, the busiest read of the API. An admin's fresh list is not
 * frozen and goes through the response schema as usual.
 */
const listJson = new WeakMap<readonly AnyDoc[], string>();
function jsonOfList(list: readonly AnyDoc[]): string {
  let text = listJson.get(list);
  if (text === undefined) {
    text = JSON.stringify(list);
    listJson.set(list, text);
  }
  return text;
}

/** `{ status, message, data }` with `data` holding the list under `key` (or being it). */
function campListAnswer(message: string, list: readonly AnyDoc[], wrap?: { uid: string }) {
  if (!Object.isFrozen(list))
    return { status: 'SUCCESS', message, data: wrap ? { uid: wrap.uid, weekData: list } : list };
  const data = wrap ? `{"uid":${JSON.stringify(wrap.uid)},"weekData":${jsonOfList(list)}}` : jsonOfList(list);
  return new JsonText(200, `{"status":"SUCCESS","message":${JSON.stringify(message)},"data":${data}}`);
}

/** The wizard's two reads of its camp, open to any signed-in user (spec 01 §7). */
const enrolmentReads: ApiRoute[] = [
  userCall('GET', '/semanas/findbycamp/:id', {
    schema: { params: IdParams, response: { 200: WeeksByCampAnswer } },
    handle: async (call, core) =>
      campListAnswer('Semanas del campamento', await core.reads.weeks(accountOf(call), call.params.id), {
        uid: accountOf(call)._id,
      }),
  }),
  // The school's open camps and programs (issue 59): public, so the sign-in page names the link's.
  publicCall('GET', '/campamentos/abiertos', {
    schema: { response: { 200: OpenProgramsAnswer } },
    rateLimit: perAddress(60),
    handle: async (_call, core) => ({ status: 'SUCCESS', data: await core.reads.open() }),
  }),
  userCall('GET', '/categorias/findbycamp/:id', {
    schema: { params: IdParams, response: { 200: RecordsMessageAnswer } },
    handle: async (call, core) =>
      campListAnswer(
        'Categorías del campamento',
        await core.reads.categories(accountOf(call), call.params.id),
      ),
  }),
];

const dashboardRoute = adminCall('GET', '/dashboard', {
  schema: { response: { 200: DashboardAnswer } },
  handle: async (_call, core) => ({
    status: 'SUCCESS',
    data: await dashboard(core.deps.store, nowOf(core.deps), core.deps.settings.backups ?? false),
  }),
});

export const ADMIN_ROUTES: ApiRoute[] = [
  ...enrolmentReads,
  dashboardRoute,
  ...ADMIN_AREAS.flatMap((config) => areaRoutes(config)),
];
