// The camp day (issue 25, ../admin/camp-day.ts): coaches, the office and administrators.
//   GET  /dia            a week's children for a day (one category or all) with the day's marks
//   POST /dia/llegada    'Llegó'
//   POST /dia/salida     'Salió', with the authorised person (or an administrator's override)
//   GET  /dia/export     the day's sheet for the office (.xlsx or .csv): not a coach's
import { CAMP_DAY_ROLES } from '../../domain/roles.ts';
import { MessageAnswer } from '../../domain/schemas/answers.ts';
import {
  ArrivalBody,
  CampDayAnswer,
  CampDayExportQuery,
  CampDayQuery,
  DepartureBody,
} from '../../domain/schemas/camp-day.ts';
import { Type } from 'typebox';
import { CAMP_DAY_COLUMNS, campDay, campDaySheet, markArrival, markDeparture } from '../admin/camp-day.ts';
import { exportCampCode, exportFileName } from '../admin/export.ts';
import { recordAudit, recordNames } from '../admin/audit.ts';
import { exportFilterWords } from '../../domain/audit.ts';
import { accountOf, actorOf, FileAnswer, route, type ApiRoute } from './route.ts';
import { coachScopeOf } from '../../domain/roles.ts';

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
  route({
    method: 'GET',
    url: '/dia/export',
    audience: 'admin',
    // The office's (the default roles): a coach has the day on the phone, not a download.
    schema: { querystring: CampDayExportQuery, response: { 200: Type.Unknown() } },
    handle: async (call, core) => {
      const { format, ...query } = call.query;
      const store = core.deps.store;
      await recordAudit(store, actorOf(call), {
        action: 'export',
        kind: 'asistencia',
        record_id: null,
        note: `${exportFilterWords(
          format,
          query,
          await recordNames(
            store,
            [query.campament, query.week, query.category].filter((id) => id !== undefined),
          ),
        )} · Día: ${query.day}`,
      });
      return new FileAnswer(
        exportFileName(
          await exportCampCode(store, query.campament),
          format,
          new Date(`${query.day}T12:00:00-04:00`),
          'asistencia',
        ),
        format,
        campDaySheet(core.deps, query),
        CAMP_DAY_COLUMNS,
        'Asistencia',
      );
    },
  }),
];
