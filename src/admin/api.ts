// The admin panel's one RTK Query API (spec 02 §7): every call goes through the app's HTTP client
// (API base, x-account-id) with the admin bearer token. Tags per area: a save refreshes the lists
// it changed and the dashboard. Loaded only in the admin chunk and injected into the store then
// (src/app/AdminArea.tsx), so none of it reaches the parents' bundle.
import type { StaffRole, StaffView } from '../domain/roles.ts';
import type { CampDayChild, CampDayMarkBody } from '../domain/camp-day.ts';
import type { WaitlistView } from '../domain/waitlist.ts';
import type { NoticeBody, NoticePreview, NoticeView } from '../domain/notices.ts';
import type { InboundMessage } from '../domain/schemas/whatsapp.ts';
import type { OrderDataBody } from '../domain/order-data.ts';
import type { ChangePreview, ChangeTargetWeek, StaffChangeRequest } from '../domain/changes.ts';
import type { FiscalSettingsInput, FiscalStatus, SequenceInput } from '../domain/receipts.ts';
import type { EcfRecord, EcfType, EcfView } from '../domain/ecf.ts';
import type { SchoolSettingsInput, SchoolSettingsView } from '../domain/school-settings.ts';
import { createApi } from '@reduxjs/toolkit/query/react';
import { bearerBaseQuery } from './baseQuery.ts';
import type {
  CampAnswer,
  CategoryAnswer,
  CouponAnswer,
  DeleteAnswer,
  ListAnswer,
  RecordAnswer,
  WeekAnswer,
} from '../domain/answers.ts';
import type { DashboardAnswer } from '../domain/dashboard.ts';
import { endAdminSession, getAdminToken } from '../lib/adminSession.ts';
import type {
  EnrolmentLedgerAnswer,
  InstalmentUpdateBody,
  ManualPaymentBody,
  ReceivablesAnswer,
  ReceivablesQuery,
} from '../domain/schemas/ledger.ts';
import type {
  AuditQuery,
  AuditRow,
  EnrolmentDetail,
  EnrolmentListQuery,
  EnrolmentSummary,
  RosterQuery,
  RosterWeek,
} from '../domain/staff.ts';

import type { OfficeEnrolmentBody } from '../domain/schemas/office-sales.ts';
import type { PaymentResult } from '../domain/enrolment.ts';

export type { AdminCall, AdminCallError } from './baseQuery.ts';

export const adminBaseQuery = bearerBaseQuery({ token: getAdminToken, end: endAdminSession });

/** The catalogue areas with a list screen, and what their records look like. */
export interface CatalogueRecords {
  campamentos: CampAnswer;
  categorias: CategoryAnswer;
  semanas: WeekAnswer;
  cupones: CouponAnswer;
}
export type CatalogueArea = keyof CatalogueRecords;

export interface ListParams {
  page?: number;
  limit?: number;
  q?: string;
  /** A sortable field, '-' in front for descending. */
  sort?: string;
  status?: 'active' | 'inactive';
  /** Only the records of this camp (categories, weeks). */
  campament?: string;
}

export interface TypeOption {
  _id: string;
  code: string;
  name: string;
}

const TAGS = [
  'personal',
  'dia',
  'campamentos',
  'categorias',
  'semanas',
  'cupones',
  'dashboard',
  'inscripciones',
  'auditoria',
  'esperas',
  'comprobantes',
  'cuentas',
  'ajustes',
  'avisos',
] as const;

/** Lists a change of `area` makes stale: its own, the dashboard's counts, and lists that show its names. */
export function staleAfterChange(area: CatalogueArea): Array<(typeof TAGS)[number]> {
  // Categories and weeks show their camp's name; weeks show their categories.
  if (area === 'campamentos') return ['campamentos', 'categorias', 'semanas', 'dashboard', 'auditoria'];
  if (area === 'categorias') return ['categorias', 'semanas', 'dashboard', 'auditoria'];
  return [area, 'dashboard', 'auditoria'];
}

/** A cancel or a verify changes the order, its week's places, the dashboard and the log. */
const STALE_AFTER_STAFF_WRITE = [
  'inscripciones',
  'semanas',
  'dashboard',
  'auditoria',
  'esperas',
  'cuentas',
  'avisos',
] as const;

/** A payment or an instalment's change: the receivables, the ledger and the log. */
const STALE_AFTER_LEDGER_WRITE = ['cuentas', 'auditoria'] as const;

export function listSearch(params: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const adminApi = createApi({
  reducerPath: 'adminApi',
  baseQuery: adminBaseQuery,
  tagTypes: TAGS,
  // Parents enrol while staff work: opening a screen always shows the server's figures of now.
  refetchOnMountOrArgChange: true,
  endpoints: (build) => ({
    dashboard: build.query<DashboardAnswer['data'], void>({
      query: () => ({ path: '/dashboard' }),
      transformResponse: (answer: DashboardAnswer) => answer.data,
      providesTags: ['dashboard'],
    }),
    list: build.query<
      ListAnswer<CatalogueRecords[CatalogueArea]>,
      { area: CatalogueArea; params: ListParams }
    >({
      query: ({ area, params }) => ({ path: `/${area}/listpop${listSearch(params)}` }),
      providesTags: (_result, _error, { area }) => [area],
    }),
    campTypes: build.query<TypeOption[], void>({
      query: () => ({ path: '/tipos/bymodel/campamentos' }),
      transformResponse: (answer: ListAnswer<TypeOption>) => answer.data,
    }),
    createRecord: build.mutation<RecordAnswer<unknown>, { area: CatalogueArea; body: object }>({
      query: ({ area, body }) => ({ path: `/${area}/create`, method: 'POST', body }),
      invalidatesTags: (_result, error, { area }) => (error ? [] : staleAfterChange(area)),
    }),
    updateRecord: build.mutation<RecordAnswer<unknown>, { area: CatalogueArea; body: { _id: string } }>({
      query: ({ area, body }) => ({ path: `/${area}/update`, method: 'POST', body }),
      invalidatesTags: (_result, error, { area }) => (error ? [] : staleAfterChange(area)),
    }),
    deleteRecord: build.mutation<DeleteAnswer, { area: CatalogueArea; id: string }>({
      query: ({ area, id }) => ({ path: `/${area}/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { area }) => (error ? [] : staleAfterChange(area)),
    }),
    enrolments: build.query<ListAnswer<EnrolmentSummary>, EnrolmentListQuery>({
      query: (params) => ({ path: `/inscripciones/lista${listSearch(params)}` }),
      providesTags: ['inscripciones'],
    }),
    enrolment: build.query<EnrolmentDetail, string>({
      query: (id) => ({ path: `/inscripciones/detalle/${id}` }),
      transformResponse: (answer: { data: EnrolmentDetail }) => answer.data,
      providesTags: ['inscripciones'],
    }),
    cancelEnrolment: build.mutation<
      { message: string; data: EnrolmentDetail },
      { id: string; reason: string }
    >({
      query: ({ id, reason }) => ({ path: `/inscripciones/cancel/${id}`, method: 'POST', body: { reason } }),
      invalidatesTags: (_result, error) => (error ? [] : [...STALE_AFTER_STAFF_WRITE]),
    }),
    // What was paid at the counter of a cancelled order went back to the family (issue 53).
    recordOfficeRefund: build.mutation<
      { message: string; data: EnrolmentDetail },
      { id: string; method: 'efectivo' | 'transferencia'; note: string }
    >({
      query: ({ id, method, note }) => ({
        path: `/inscripciones/devolucion/${id}`,
        method: 'POST',
        body: { method, ...(note.trim() ? { note: note.trim() } : {}) },
      }),
      invalidatesTags: (_result, error) => (error ? [] : [...STALE_AFTER_STAFF_WRITE]),
    }),
    // A partial change (issue 24): with `preview` only its figures, nothing stale.
    changeEnrolment: build.mutation<
      { message: string; data: { preview: ChangePreview; enrolment?: EnrolmentDetail } },
      { id: string; body: StaffChangeRequest }
    >({
      query: ({ id, body }) => ({ path: `/inscripciones/cambios/${id}`, method: 'POST', body }),
      invalidatesTags: (_result, error, { body }) =>
        error || body.preview ? [] : [...STALE_AFTER_STAFF_WRITE, ...STALE_AFTER_LEDGER_WRITE],
    }),
    // The weeks a child could move to, each with its state (issue 53): refreshed after any staff write.
    changeTargets: build.query<ChangeTargetWeek[], { id: string; cupo: number }>({
      query: ({ id, cupo }) => ({ path: `/inscripciones/cambios/${id}/semanas?cupo=${cupo}` }),
      transformResponse: (answer: { data: ChangeTargetWeek[] }) => answer.data,
      providesTags: ['inscripciones', 'semanas'],
    }),
    // A paid order's contacts, pick-up people and medical notes corrected (issue 54): the
    // rosters and the camp day read them, so they are stale too.
    correctEnrolmentData: build.mutation<
      { message: string; data: EnrolmentDetail },
      { id: string; body: OrderDataBody }
    >({
      query: ({ id, body }) => ({ path: `/inscripciones/datos/${id}`, method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [...STALE_AFTER_STAFF_WRITE, 'dia']),
    }),
    verifyEnrolment: build.mutation<{ message: string; data: EnrolmentDetail }, string>({
      query: (id) => ({ path: `/inscripciones/verify/${id}`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : [...STALE_AFTER_STAFF_WRITE]),
    }),
    rosters: build.query<RosterWeek[], RosterQuery>({
      query: (params) => ({ path: `/inscripciones/listas${listSearch(params)}` }),
      transformResponse: (answer: { data: RosterWeek[] }) => answer.data,
      providesTags: ['inscripciones'],
    }),
    campDay: build.query<CampDayChild[], { campament: string; week: string; category?: string; day: string }>(
      {
        query: (params) => ({ path: `/dia${listSearch(params)}` }),
        transformResponse: (answer: { data: CampDayChild[] }) => answer.data,
        providesTags: ['dia'],
      },
    ),
    markCampDay: build.mutation<{ message: string }, { kind: 'llegada' | 'salida'; body: CampDayMarkBody }>({
      query: ({ kind, body }) => ({ path: `/dia/${kind}`, method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['dia']),
    }),
    waitlist: build.query<WaitlistView[], { campament?: string; week?: string }>({
      query: (params) => ({ path: `/esperas/lista${listSearch(params)}` }),
      transformResponse: (answer: { data: WaitlistView[] }) => answer.data,
      providesTags: ['esperas'],
    }),
    notices: build.query<NoticeView[], void>({
      query: () => ({ path: '/avisos' }),
      transformResponse: (answer: { data: NoticeView[] }) => answer.data,
      providesTags: ['avisos'],
    }),
    whatsappInbox: build.query<InboundMessage[], void>({
      query: () => ({ path: '/whatsapp/mensajes' }),
      transformResponse: (answer: { data: InboundMessage[] }) => answer.data,
    }),
    previewNotice: build.mutation<NoticePreview, NoticeBody>({
      query: (body) => ({ path: '/avisos/vista-previa', method: 'POST', body }),
      transformResponse: (answer: { data: NoticePreview }) => answer.data,
    }),
    sendNotice: build.mutation<{ message: string; id: string }, NoticeBody & { key: string }>({
      query: (body) => ({ path: '/avisos', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['avisos']),
    }),
    changeOwnPassword: build.mutation<
      { message: string; token?: string },
      { _id: string; currentPassword: string; newPassword: string }
    >({
      query: (body) => ({ path: '/usuarios/update', method: 'POST', body }),
    }),
    staff: build.query<StaffView[], void>({
      query: () => ({ path: '/personal/lista' }),
      transformResponse: (answer: { data: StaffView[] }) => answer.data,
      providesTags: ['personal'],
    }),
    createStaff: build.mutation<{ message: string }, { name: string; email: string; role: StaffRole }>({
      query: (body) => ({ path: '/personal/create', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['personal', 'auditoria']),
    }),
    updateStaff: build.mutation<
      { message: string },
      { _id: string; role?: StaffRole; active?: boolean; weeks?: string[]; categories?: string[] }
    >({
      query: (body) => ({ path: '/personal/update', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['personal', 'auditoria']),
    }),
    resetStaffPassword: build.mutation<{ message: string }, string>({
      query: (id) => ({ path: `/personal/restablecer/${id}`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : ['auditoria']),
    }),
    moveInWaitlist: build.mutation<{ message: string }, { id: string; direction: 'up' | 'down' }>({
      query: (body) => ({ path: '/esperas/mover', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['esperas']),
    }),
    addToWaitlist: build.mutation<
      { message: string },
      { week: string; email: string; child: string; phone: string }
    >({
      query: (body) => ({ path: '/esperas/agregar', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['esperas']),
    }),
    // Removing or offering holds or frees a place: the weeks' counts change too.
    removeFromWaitlist: build.mutation<{ message: string }, string>({
      query: (id) => ({ path: '/esperas/quitar', method: 'POST', body: { id } }),
      invalidatesTags: (_result, error) => (error ? [] : ['esperas', 'semanas']),
    }),
    offerWaitlistPlace: build.mutation<{ message: string }, string>({
      query: (id) => ({ path: '/esperas/ofrecer', method: 'POST', body: { id } }),
      invalidatesTags: (_result, error) => (error ? [] : ['esperas', 'semanas']),
    }),
    fiscal: build.query<FiscalStatus, void>({
      query: () => ({ path: '/ajustes/fiscal' }),
      transformResponse: (answer: { data: FiscalStatus }) => answer.data,
      providesTags: ['comprobantes'],
    }),
    schoolSettings: build.query<SchoolSettingsView, void>({
      query: () => ({ path: '/ajustes/escuela' }),
      transformResponse: (answer: { data: SchoolSettingsView }) => answer.data,
      providesTags: ['ajustes'],
    }),
    saveSchoolSettings: build.mutation<{ message: string }, SchoolSettingsInput>({
      query: (body) => ({ path: '/ajustes/escuela', method: 'POST', body }),
      invalidatesTags: ['ajustes', 'auditoria'],
    }),
    uploadLogo: build.mutation<{ message: string }, File>({
      query: (file) => {
        const body = new FormData();
        body.append('logo', file);
        return { path: '/ajustes/escuela/logo', method: 'POST', body };
      },
      invalidatesTags: ['ajustes', 'auditoria'],
    }),
    testAzul: build.mutation<{ message: string }, void>({
      query: () => ({ path: '/ajustes/escuela/probar-azul', method: 'POST' }),
    }),
    saveFiscal: build.mutation<{ message: string }, FiscalSettingsInput>({
      query: (body) => ({ path: '/ajustes/fiscal', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['comprobantes', 'inscripciones', 'auditoria']),
    }),
    addSequence: build.mutation<{ message: string }, SequenceInput>({
      query: (body) => ({ path: '/secuencias-ncf', method: 'POST', body }),
      // Adding one issues the receipts that waited for it: the orders' details change too.
      invalidatesTags: (_result, error) => (error ? [] : ['comprobantes', 'inscripciones', 'auditoria']),
    }),
    ecfReceipts: build.query<
      { data: EcfView[]; total: number },
      { state?: EcfRecord['state'] | undefined; type?: EcfType | undefined; page?: number }
    >({
      query: (params) => ({ path: `/comprobantes/ecf${listSearch(params)}` }),
      transformResponse: (answer: { data: EcfView[]; total: number }) => ({
        data: answer.data,
        total: answer.total,
      }),
      providesTags: ['comprobantes'],
    }),
    sendEcf: build.mutation<{ message: string }, void>({
      query: () => ({ path: '/comprobantes/ecf/enviar', method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : ['comprobantes']),
    }),
    resendEcf: build.mutation<{ message: string }, string>({
      query: (id) => ({ path: `/comprobantes/ecf/enviar/${id}`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : ['comprobantes']),
    }),
    correctEcf: build.mutation<{ message: string }, { id: string; rnc?: string; rnc_nombre?: string }>({
      query: ({ id, ...body }) => ({ path: `/comprobantes/ecf/corregir/${id}`, method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['comprobantes', 'inscripciones', 'auditoria']),
    }),
    disableSequence: build.mutation<{ message: string }, string>({
      query: (id) => ({ path: `/secuencias-ncf/desactivar/${id}`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : ['comprobantes', 'auditoria']),
    }),
    receivables: build.query<ReceivablesAnswer['data'], ReceivablesQuery>({
      query: (params) => ({ path: `/cuentas/lista${listSearch(params)}` }),
      transformResponse: (answer: ReceivablesAnswer) => answer.data,
      providesTags: ['cuentas'],
    }),
    ledger: build.query<EnrolmentLedgerAnswer, string>({
      query: (id) => ({ path: `/cuentas/detalle/${id}` }),
      transformResponse: (answer: { data: EnrolmentLedgerAnswer }) => answer.data,
      providesTags: ['cuentas'],
    }),
    recordPayment: build.mutation<{ message: string; data: EnrolmentLedgerAnswer }, ManualPaymentBody>({
      query: (body) => ({ path: '/pagos/manual', method: 'POST', body }),
      // A 409 (the line was paid, or its balance changed, meanwhile) reads the ledger again too.
      invalidatesTags: (_result, error) =>
        error && error.status !== 409 ? [] : [...STALE_AFTER_LEDGER_WRITE],
    }),
    updateInstalment: build.mutation<{ message: string; data: EnrolmentLedgerAnswer }, InstalmentUpdateBody>({
      query: (body) => ({ path: '/cuotas/update', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [...STALE_AFTER_LEDGER_WRITE]),
    }),
    sendReminder: build.mutation<{ message: string }, string>({
      query: (id) => ({ path: `/cuentas/recordatorio/${id}`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : ['auditoria']),
    }),
    // A family enrolled at the counter (issue 54): its price first, then the order, once per key.
    officePrice: build.mutation<{ amount: number; discount: number }, OfficeEnrolmentBody>({
      query: (body) => ({ path: '/inscripciones/oficina/precio', method: 'POST', body }),
      transformResponse: (answer: { data: { amount: number; discount: number } }) => answer.data,
    }),
    officeEnrol: build.mutation<
      { message: string; result: PaymentResult },
      { body: OfficeEnrolmentBody; key: string }
    >({
      query: ({ body, key }) => ({
        path: '/inscripciones/oficina',
        method: 'POST',
        body,
        headers: { 'idempotency-key': key },
      }),
      invalidatesTags: (_result, error) =>
        error ? [] : [...STALE_AFTER_STAFF_WRITE, ...STALE_AFTER_LEDGER_WRITE],
    }),
    // A participant's photo taken at the counter (the wizard's upload call).
    uploadPhoto: build.mutation<string, FormData>({
      query: (body) => ({ path: '/inscripciones/uploadtoazurecdn', method: 'POST', body }),
      transformResponse: (answer: { result: string }) => answer.result,
    }),
    audit: build.query<ListAnswer<AuditRow>, AuditQuery>({
      query: (params) => ({ path: `/auditoria/listpop${listSearch(params)}` }),
      providesTags: ['auditoria'],
    }),
  }),
});

/** A typed list of one area (the endpoint is shared; the area decides the record type). */
export function useAreaList<A extends CatalogueArea>(area: A, params: ListParams, skip = false) {
  const result = adminApi.useListQuery({ area, params }, { skip });
  return result as Omit<typeof result, 'data' | 'currentData'> & {
    data?: ListAnswer<CatalogueRecords[A]>;
    currentData?: ListAnswer<CatalogueRecords[A]>;
  };
}

export const {
  useDashboardQuery,
  useCampTypesQuery,
  useCreateRecordMutation,
  useUpdateRecordMutation,
  useDeleteRecordMutation,
  useEnrolmentsQuery,
  useEnrolmentQuery,
  useCancelEnrolmentMutation,
  useRecordOfficeRefundMutation,
  useChangeEnrolmentMutation,
  useChangeTargetsQuery,
  useVerifyEnrolmentMutation,
  useCorrectEnrolmentDataMutation,
  useRostersQuery,
  useAuditQuery,
  useWaitlistQuery,
  useMoveInWaitlistMutation,
  useAddToWaitlistMutation,
  useRemoveFromWaitlistMutation,
  useOfferWaitlistPlaceMutation,
  useNoticesQuery,
  useWhatsappInboxQuery,
  usePreviewNoticeMutation,
  useSendNoticeMutation,
  useFiscalQuery,
  useSaveFiscalMutation,
  useSchoolSettingsQuery,
  useSaveSchoolSettingsMutation,
  useTestAzulMutation,
  useUploadLogoMutation,
  useAddSequenceMutation,
  useDisableSequenceMutation,
  useEcfReceiptsQuery,
  useSendEcfMutation,
  useResendEcfMutation,
  useStaffQuery,
  useCampDayQuery,
  useMarkCampDayMutation,
  useChangeOwnPasswordMutation,
  useCreateStaffMutation,
  useUpdateStaffMutation,
  useResetStaffPasswordMutation,
  useCorrectEcfMutation,
  useReceivablesQuery,
  useLedgerQuery,
  useRecordPaymentMutation,
  useUpdateInstalmentMutation,
  useSendReminderMutation,
  useOfficePriceMutation,
  useOfficeEnrolMutation,
  useUploadPhotoMutation,
} = adminApi;
