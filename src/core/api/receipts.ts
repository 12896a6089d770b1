// Fiscal receipts (issue 18, ../receipts/): a family downloads its own receipts' PDFs,
// staff any; staff set the school's fiscal data and the NCF sequences, and see what needs doing.
import { ADMINISTRATION_ROLES } from '../../domain/roles.ts';
import { IdParams } from '../../domain/schemas/fields.ts';
import { RECEIPT_MESSAGES as R } from '../../domain/receipts.ts';
import { MessageAnswer } from '../../domain/schemas/answers.ts';
import {
  FiscalSettingsBody,
  EcfCorrectionBody,
  EcfListAnswer,
  EcfListQuery,
  EcfXmlParams,
  FiscalStatusAnswer,
  ReceiptParams,
  SequenceBody,
} from '../../domain/schemas/receipts.ts';
import { nowOf } from '../deps.ts';
import { addSequence, disableSequence, fiscalStatus, saveFiscalSettings } from '../receipts/fiscal-setup.ts';
import { receiptPdf } from '../receipts/delivery.ts';
import { accountOf, actorOf, BytesAnswer, route, type ApiRoute } from './route.ts';
import { listEcf, resendEcf, sendEcfReceipts, signedEcf } from '../receipts/ecf.ts';
import { ECF_MESSAGES, ECF_STATE_LABELS } from '../../domain/ecf.ts';
import { ApiError } from '../errors.ts';
import { correctEcf } from '../receipts/correction.ts';

// A PDF goes out as bytes: no JSON schema describes it (the 200 below is never serialised).
const PdfAnswer = { 200: MessageAnswer };

export const RECEIPT_ROUTES: ApiRoute[] = [
  route({
    method: 'GET',
    url: '/comprobantes/:id/:tipo',
    audience: 'user',
    schema: { params: ReceiptParams, response: PdfAnswer },
    rateLimit: { max: 30, timeWindow: '1 minute', perAccount: true },
    handle: async (call, core) => {
      const file = await receiptPdf(core.deps, call.params.id, call.params.tipo, accountOf(call)._id);
      return new BytesAnswer(file.filename, 'application/pdf', file.bytes);
    },
  }),
  route({
    method: 'GET',
    url: '/comprobantes/staff/:id/:tipo',
    audience: 'admin',
    schema: { params: ReceiptParams, response: PdfAnswer },
    handle: async (call, core) => {
      const file = await receiptPdf(core.deps, call.params.id, call.params.tipo, null);
      return new BytesAnswer(file.filename, 'application/pdf', file.bytes);
    },
  }),
  route({
    method: 'GET',
    url: '/comprobantes/ecf',
    audience: 'admin',
    schema: { querystring: EcfListQuery, response: { 200: EcfListAnswer } },
    handle: async (call, core) => ({ status: 'SUCCESS', ...(await listEcf(core.deps.store, call.query)) }),
  }),
  route({
    method: 'GET',
    url: '/comprobantes/ecf/xml/:id',
    audience: 'admin',
    schema: { params: EcfXmlParams, response: PdfAnswer },
    handle: async (call, core) => {
      const file = await signedEcf(core.deps.store, call.params.id);
      if (!file) throw new ApiError(404, ECF_MESSAGES.notFound);
      return new BytesAnswer(file.filename, 'application/xml', new TextEncoder().encode(file.xml));
    },
  }),
  route({
    method: 'POST',
    url: '/comprobantes/ecf/enviar',
    audience: 'admin',
    schema: { response: { 200: MessageAnswer } },
    // Each press talks to DGII: a few a minute is plenty.
    rateLimit: { max: 6, timeWindow: '1 minute', perAccount: true },
    handle: async (_call, core) => {
      const report = await sendEcfReceipts(core.deps);
      return {
        status: 'SUCCESS',
        message: ECF_MESSAGES.sent(report.sent, report.accepted, report.unreachable),
      };
    },
  }),
  route({
    method: 'POST',
    url: '/comprobantes/ecf/enviar/:id',
    audience: 'admin',
    schema: { params: EcfXmlParams, response: { 200: MessageAnswer } },
    // Each press talks to DGII, as 'Enviar ahora' does.
    rateLimit: { max: 6, timeWindow: '1 minute', perAccount: true },
    handle: async (call, core) => {
      const { encf, state, unreachable } = await resendEcf(core.deps, call.params.id);
      return { status: 'SUCCESS', message: ECF_MESSAGES.resent(encf, ECF_STATE_LABELS[state], unreachable) };
    },
  }),
  route({
    method: 'POST',
    url: '/comprobantes/ecf/corregir/:id',
    audience: 'admin',
    schema: { params: EcfXmlParams, body: EcfCorrectionBody, response: { 200: MessageAnswer } },
    handle: async (call, core) => {
      const { receipt, sameNumber } = await correctEcf(core.deps, actorOf(call), call.params.id, call.body);
      return { status: 'SUCCESS', message: ECF_MESSAGES.corrected(receipt.ncf, sameNumber) };
    },
  }),
  route({
    method: 'GET',
    url: '/ajustes/fiscal',
    audience: 'admin',
    // The school's fiscal data and ranges: administrators only (issue 25).
    roles: ADMINISTRATION_ROLES,
    schema: { response: { 200: FiscalStatusAnswer } },
    handle: async (_call, core) => ({
      status: 'SUCCESS',
      data: await fiscalStatus(
        core.deps.store,
        nowOf(core.deps),
        core.deps.settings.ecf === true,
        core.deps.ecf?.certificateValidUntil,
      ),
    }),
  }),
  route({
    method: 'POST',
    url: '/ajustes/fiscal',
    audience: 'admin',
    // The school's fiscal data and ranges: administrators only (issue 25).
    roles: ADMINISTRATION_ROLES,
    schema: { body: FiscalSettingsBody, response: { 200: MessageAnswer } },
    handle: async (call, core) => {
      await saveFiscalSettings(core.deps, actorOf(call), call.body);
      return { status: 'SUCCESS', message: R.settingsSaved };
    },
  }),
  route({
    method: 'POST',
    url: '/secuencias-ncf',
    audience: 'admin',
    // The school's fiscal data and ranges: administrators only (issue 25).
    roles: ADMINISTRATION_ROLES,
    schema: { body: SequenceBody, response: { 200: MessageAnswer } },
    handle: async (call, core) => {
      await addSequence(core.deps, actorOf(call), call.body);
      return { status: 'SUCCESS', message: R.sequenceAdded };
    },
  }),
  route({
    method: 'POST',
    url: '/secuencias-ncf/desactivar/:id',
    audience: 'admin',
    // The school's fiscal data and ranges: administrators only (issue 25).
    roles: ADMINISTRATION_ROLES,
    schema: { params: IdParams, response: { 200: MessageAnswer } },
    handle: async (call, core) => {
      await disableSequence(core.deps.store, actorOf(call), call.params.id);
      return { status: 'SUCCESS', message: R.sequenceDisabled };
    },
  }),
];
