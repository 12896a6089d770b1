// Staff operations (the staff issue), admin only:
//   GET  /inscripciones/lista          paged list: q, campament, week, state, from, to
//   GET  /inscripciones/detalle/{id}   one order, whole
//   POST /inscripciones/cancel/{id}    { reason }: places back, memberships voided, refund, e-mail
//   POST /inscripciones/devolucion/{id} { method, note }: what was paid at the counter went back (issue 53)
//   POST /inscripciones/cambios/{id}   drop a child or a week, move a week (issue 24); preview: figures only
//   GET  /inscripciones/cambios/{id}/semanas  ?cupo: the weeks the child could move to, with their state
//   POST /inscripciones/datos/{id}     contacts, pick-up people and medical notes corrected (issue 54)
//   POST /inscripciones/verify/{id}    asks the gateway about a pending payment and settles it
//   GET  /inscripciones/export       ?format=xlsx|csv and the list's filters: one row per child and week
//   GET  /inscripciones/listas        rosters of a camp: per week and category, its paid children
//   GET  /auditoria/listpop            the audit log: kind, action, user, record, from, to
import { orderFamily } from '../../domain/family.ts';
import { ApiError } from '../errors.ts';
import { IdParams } from '../../domain/schemas/fields.ts';
import { findPage } from '../admin/listing.ts';
import {
  AuditQuery,
  CancelBody,
  EnrolmentExportQuery,
  EnrolmentListQuery,
  RosterQuery,
  enrolmentState,
  STAFF_MESSAGES,
} from '../../domain/staff.ts';
import { type Enrolment } from '../../domain/records.ts';
import { coachScopeOf } from '../../domain/roles.ts';
import {
  AuditListAnswer,
  EnrolmentDetailAnswer,
  EnrolmentListAnswer,
  ChangeAnswer,
  RecordMessageAnswer,
  RosterAnswer,
} from '../../domain/schemas/answers.ts';
import { ChangeTargetsAnswer, ChangeTargetsQuery, StaffChangeBody } from '../../domain/schemas/changes.ts';
import { CHANGE_MESSAGES, changeDoneMessage } from '../../domain/changes.ts';
import { changeEnrolment } from '../admin/changes.ts';
import { changeTargets } from '../admin/change-targets.ts';
import { enrolmentFilter } from '../admin/enrolments-filter.ts';
import { cancelEnrolment, enrolmentDetail, recordOfficeRefund } from '../admin/enrolments.ts';
import { OfficeRefundBody } from '../../domain/schemas/cancellation.ts';
import { GIVE_BACK_MESSAGES } from '../../domain/give-back.ts';
import { OrderDataBody } from '../../domain/schemas/order-data.ts';
import { correctOrderData } from '../admin/order-data.ts';
import { exportNote, listAudit, recordAudit, recordExport } from '../admin/audit.ts';
import { verifyPayment } from '../checkout/reconciler.ts';
import { accountOf, actorOf, adminCall, campDayCall, FileAnswer, FileDownload, perAccount } from './route.ts';
import type { ApiRoute, FileSheet } from './route.ts';
import {
  EXPORT_COLUMNS,
  ORDER_COLUMNS,
  exportCampCode,
  exportFileName,
  exportRows,
  orderExportRows,
} from '../admin/export.ts';
import { rosters } from '../admin/rosters.ts';
import type { Core } from '../services.ts';

/** One line of the list: enough to find an order at a glance. */
const summary = (enrolment: Enrolment) => ({
  _id: enrolment._id,
  order_number: enrolment.order_number,
  created_at: enrolment.created_at,
  paid_at: enrolment.paid_at,
  camp_name: enrolment.camp_name,
  ...orderFamily(enrolment),
  amount: enrolment.amount,
  state: enrolmentState(enrolment),
  payment_status: enrolment.payment_status,
  refund_status: enrolment.refund_status ?? null,
  failure: enrolment.failure ?? null,
});

/** The order a staff call names, or 404. */
async function foundEnrolment(core: Core, id: string): Promise<Enrolment> {
  const enrolment = await core.deps.store.collection<Enrolment>('inscripciones').findById(id);
  if (!enrolment) throw new ApiError(404, STAFF_MESSAGES.enrolmentNotFound);
  return enrolment;
}

export const STAFF_ROUTES: ApiRoute[] = [
  adminCall('GET', '/inscripciones/lista', {
    schema: { querystring: EnrolmentListQuery, response: { 200: EnrolmentListAnswer } },
    handle: async ({ query }, core) => {
      const { records, total, page, limit } = await findPage(
        core.deps.store.collection<Enrolment>('inscripciones'),
        await enrolmentFilter(core.deps.store, query),
        { created_at: -1, _id: -1 },
        query,
      );
      return { status: 'SUCCESS', data: records.map(summary), total, page, limit };
    },
  }),
  adminCall('GET', '/inscripciones/detalle/:id', {
    schema: { params: IdParams, response: { 200: EnrolmentDetailAnswer } },
    handle: async ({ params }, core) => ({
      status: 'SUCCESS',
      data: await enrolmentDetail(core.deps, params.id),
    }),
  }),
  adminCall('POST', '/inscripciones/cancel/:id', {
    schema: { params: IdParams, body: CancelBody, response: { 200: RecordMessageAnswer } },
    handle: async (call, core) => {
      const reason = call.body.reason.trim();
      if (reason.length < 3) throw new ApiError(400, 'Escriba el motivo de la cancelación.');
      const { enrolment, cancelledNow } = await cancelEnrolment(
        core.deps,
        call.params.id,
        reason,
        actorOf(call),
      );
      const message = !cancelledNow
        ? STAFF_MESSAGES.alreadyCancelled
        : enrolment.refund_status === 'pending'
          ? STAFF_MESSAGES.refundPending
          : STAFF_MESSAGES.cancelled;
      return { status: 'SUCCESS', message, data: await enrolmentDetail(core.deps, enrolment._id) };
    },
  }),
  adminCall('POST', '/inscripciones/devolucion/:id', {
    schema: { params: IdParams, body: OfficeRefundBody, response: { 200: RecordMessageAnswer } },
    handle: async (call, core) => {
      await recordOfficeRefund(core.deps, call.params.id, call.body, actorOf(call));
      return {
        status: 'SUCCESS',
        message: GIVE_BACK_MESSAGES.officeReturned,
        data: await enrolmentDetail(core.deps, call.params.id),
      };
    },
  }),
  adminCall('POST', '/inscripciones/cambios/:id', {
    schema: { params: IdParams, body: StaffChangeBody, response: { 200: ChangeAnswer } },
    handle: async (call, core) => {
      const { preview = false, refund, reason, ...request } = call.body;
      if (!preview && reason.trim().length < 3) throw new ApiError(400, CHANGE_MESSAGES.reason);
      const outcome = await changeEnrolment(core.deps, call.params.id, request, {
        actor: actorOf(call),
        refund,
        reason: reason.trim(),
        preview,
      });
      if (preview) return { status: 'SUCCESS', message: '', data: { preview: outcome.preview } };
      return {
        status: 'SUCCESS',
        message: changeDoneMessage(outcome.change),
        data: { preview: outcome.preview, enrolment: await enrolmentDetail(core.deps, call.params.id) },
      };
    },
  }),
  adminCall('GET', '/inscripciones/cambios/:id/semanas', {
    schema: { params: IdParams, querystring: ChangeTargetsQuery, response: { 200: ChangeTargetsAnswer } },
    handle: async (call, core) => {
      const order = await foundEnrolment(core, call.params.id);
      return { status: 'SUCCESS', data: await changeTargets(core.deps, order, call.query.cupo) };
    },
  }),
  adminCall('POST', '/inscripciones/datos/:id', {
    schema: { params: IdParams, body: OrderDataBody, response: { 200: RecordMessageAnswer } },
    rateLimit: perAccount(60),
    handle: async (call, core) => {
      const { message } = await correctOrderData(core.deps, call.params.id, call.body, actorOf(call));
      return { status: 'SUCCESS', message, data: await enrolmentDetail(core.deps, call.params.id) };
    },
  }),
  adminCall('POST', '/inscripciones/verify/:id', {
    schema: { params: IdParams, response: { 200: RecordMessageAnswer } },
    handle: async (call, core) => {
      const id = call.params.id;
      const before = await foundEnrolment(core, id);
      const verified = await verifyPayment(core.deps, id);
      const data = await enrolmentDetail(core.deps, id);
      if (verified?.settledNow)
        await recordAudit(core.deps.store, actorOf(call), {
          action: 'verify',
          kind: 'inscripciones',
          record_id: id,
          before: { payment_status: before.payment_status },
          after: { payment_status: data.payment_status },
        });
      const message =
        verified?.outcome === 'paid'
          ? STAFF_MESSAGES.verifiedPaid
          : verified?.outcome === 'failed'
            ? STAFF_MESSAGES.verifiedFailed
            : STAFF_MESSAGES.verifyLater;
      return { status: 'SUCCESS', message, data };
    },
  }),
  adminCall('GET', '/inscripciones/export', {
    schema: { querystring: EnrolmentExportQuery, response: FileDownload },
    handle: async (call, core) => {
      const { format, hoja, ...filters } = call.query;
      const store = core.deps.store;
      const campCode = await exportCampCode(store, filters.campament);
      // Refused filters (a backwards date range) answer 400 before the download starts.
      await enrolmentFilter(store, filters);
      const note = await exportNote(store, format, { ...filters, hoja });
      await recordExport(store, actorOf(call), 'inscripciones', note);
      // Two sheets that reconcile (issue 24): 'Pedidos', one row per order with its money, whose net
      // adds up to the dashboard's income; 'Participantes', one row per child and week.
      const participants: FileSheet = {
        sheet: 'Participantes',
        columns: EXPORT_COLUMNS,
        rows: exportRows(store, filters),
      };
      const orders: FileSheet = {
        sheet: 'Pedidos',
        columns: ORDER_COLUMNS,
        rows: orderExportRows(store, filters),
      };
      const csvOrders = format === 'csv' && hoja === 'pedidos';
      const first = format === 'csv' && !csvOrders ? participants : orders;
      return new FileAnswer(
        exportFileName(campCode, format, undefined, csvOrders ? 'pedidos' : 'inscripciones'),
        format,
        first.rows,
        first.columns,
        first.sheet,
        format === 'xlsx' ? [participants] : [],
      );
    },
  }),
  campDayCall('GET', '/inscripciones/listas', {
    schema: { querystring: RosterQuery, response: { 200: RosterAnswer } },
    handle: async (call, core) => ({
      status: 'SUCCESS',
      data: await rosters(core.deps.store, call.query, coachScopeOf(accountOf(call))),
    }),
  }),
  adminCall('GET', '/auditoria/listpop', {
    schema: { querystring: AuditQuery, response: { 200: AuditListAnswer } },
    handle: async ({ query }, core) => listAudit(core.deps.store, query),
  }),
];
