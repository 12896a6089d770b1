// The camp day (issue 25, ../admin/camp-day.ts): coaches, the office and administrators.
//   GET  /dia            a week's children for a day (one category or all) with the day's marks
//   POST /dia/llegada    'Llegó'
//   POST /dia/salida     'Salió', with the authorised person (or an administrator's override)
//   GET  /dia/export     the day's sheet for the office (.xlsx or .csv): not a coach's
import { MessageAnswer } from '../../domain/schemas/answers.ts';
import {
  ArrivalBody,
  CampDayAnswer,
  CampDayExportQuery,
  CampDayQuery,
  DepartureBody,
} from '../../domain/schemas/camp-day.ts';
import { CAMP_DAY_COLUMNS, campDay, campDaySheet, markArrival, markDeparture } from '../admin/camp-day.ts';
import { exportCampCode, exportFileName } from '../admin/export.ts';
import { exportNote, recordExport } from '../admin/audit.ts';
import { accountOf, actorOf, adminCall, campDayCall, FileAnswer, FileDownload } from './route.ts';
import type { ApiRoute } from './route.ts';
import { coachScopeOf } from '../../domain/roles.ts';

export const CAMP_DAY_ROUTES: ApiRoute[] = [
  campDayCall('GET', '/dia', {
    schema: { querystring: CampDayQuery, response: { 200: CampDayAnswer } },
    handle: async (call, core) => ({
      status: 'SUCCESS',
      data: await campDay(core.deps, call.query, coachScopeOf(accountOf(call))),
    }),
  }),
  campDayCall('POST', '/dia/llegada', {
    schema: { body: ArrivalBody, response: { 200: MessageAnswer } },
    handle: async (call, core) => ({
      status: 'SUCCESS',
      message: await markArrival(core.deps, accountOf(call), call.body),
    }),
  }),
  campDayCall('POST', '/dia/salida', {
    schema: { body: DepartureBody, response: { 200: MessageAnswer } },
    handle: async (call, core) => ({
      status: 'SUCCESS',
      message: await markDeparture(core.deps, actorOf(call), accountOf(call), call.body),
    }),
  }),
  adminCall('GET', '/dia/export', {
    // The office's (the default roles): a coach has the day on the phone, not a download.
    schema: { querystring: CampDayExportQuery, response: FileDownload },
    handle: async (call, core) => {
      const { format, ...query } = call.query;
      const store = core.deps.store;
      const note = `${await exportNote(store, format, query)} · Día: ${query.day}`;
      await recordExport(store, actorOf(call), 'asistencia', note);
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
