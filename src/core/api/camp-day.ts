// The camp day (issue 25, ../admin/camp-day.ts): coaches, the office and administrators.
//   GET  /dia            a week's children for a day (one category or all) with the day's marks
//   POST /dia/llegada    'Llegó'
//   POST /dia/salida     'Salió', with the authorised person (or an administrator's override)
import { CAMP_DAY_ROLES } from '../../domain/roles.ts';
import { MessageAnswer } from '../../domain/schemas/answers.ts';
import { ArrivalBody, CampDayAnswer, CampDayQuery, DepartureBody } from '../../domain/schemas/camp-day.ts';
import { campDay, markArrival, markDeparture } from '../admin/camp-day.ts';
import { accountOf, actorOf, route, type ApiRoute } from './route.ts';
import { coachScopeOf } from '../../domain/records.ts';

export const CAMP_DAY_ROUTES: ApiRoute[] = [
  route({
    method: 'GET',
    url: '/dia',
    audience: 'admin',
    roles: CAMP_DAY_ROLES,
    schema: { querystring: CampDayQuery, response: { 200: CampDayAnswer } },
    handle: async (call, core) => ({
      status: 'SUCCESS',
      data: await campDay(core.deps, call.query, coachScopeOf(accountOf(call))),
    }),
  }),
  route({
    method: 'POST',
    url: '/dia/llegada',
    audience: 'admin',
    roles: CAMP_DAY_ROLES,
    schema: { body: ArrivalBody, response: { 200: MessageAnswer } },
    handle: async (call, core) => ({
      status: 'SUCCESS',
      message: await markArrival(core.deps, accountOf(call), call.body),
    }),
  }),
  route({
    method: 'POST',
    url: '/dia/salida',
    audience: 'admin',
    roles: CAMP_DAY_ROLES,
    schema: { body: DepartureBody, response: { 200: MessageAnswer } },
    handle: async (call, core) => ({
      status: 'SUCCESS',
      message: await markDeparture(core.deps, actorOf(call), accountOf(call), call.body),
    }),
  }),
];
