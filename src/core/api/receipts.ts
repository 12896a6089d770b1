// Fiscal receipts (issue 18, ../receipts/): a family downloads its own receipts' PDFs,
// staff any; staff set the school's fiscal data and the NCF sequences, and see what needs doing.
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
import {
  accountOf,
  actorOf,
  adminCall,
  BytesAnswer,
  administratorCall,
  perAccount,
  userCall,
  type ApiRoute,
} from './route.ts';
import type { Core } from '../services.ts';
import { listEcf, resendEcf, sendEcfReceipts, signedEcf } from '../receipts/ecf.ts';
import { ECF_MESSAGES, ECF_STATE_LABELS } from '../../domain/ecf.ts';
import { ApiError } from '../errors.ts';
import { correctEcf } from '../receipts/correction.ts';

/** A receipt's PDF: the family's own (`owner`), or any for staff (null). */
async function pdfAnswer(core: Core, params: { id: string; tipo: string }, owner: string | null) {
  const file = await receiptPdf(core.deps, params.id, params.tipo, owner);
  return new BytesAnswer(file.filename, 'application/pdf', file.bytes);
}

// A PDF goes out as bytes: no JSON schema describes it (the 200 below is never serialised).
const PdfAnswer = { 200: MessageAnswer };

export const RECEIPT_ROUTES: ApiRoute[] = [
  userCall('GET', '/comprobantes/:id/:tipo', {
    schema: { params: ReceiptParams, response: PdfAnswer },
    rateLimit: perAccount(30),
    handle: (call, core) => pdfAnswer(core, call.params, accountOf(call)._id),
  }),
  adminCall('GET', '/comprobantes/staff/:id/:tipo', {
    schema: { params: ReceiptParams, response: PdfAnswer },
    handle: (call, core) => pdfAnswer(core, call.params, null),
  }),
  adminCall('GET', '/comprobantes/ecf', {
    schema: { querystring: EcfListQuery, response: { 200: EcfListAnswer } },
    handle: async (call, core) => ({ status: 'SUCCESS', ...(await listEcf(core.deps.store, call.query)) }),
  }),
  adminCall('GET', '/comprobantes/ecf/xml/:id', {
    schema: { params: EcfXmlParams, response: PdfAnswer },
    handle: async (call, core) => {
      const file = await signedEcf(core.deps.store, call.params.id);
      if (!file) throw new ApiError(404, ECF_MESSAGES.notFound);
      return new BytesAnswer(file.filename, 'application/xml', new TextEncoder().encode(file.xml));
    },
  }),
  adminCall('POST', '/comprobantes/ecf/enviar', {
    schema: { response: { 200: MessageAnswer } },
    // Each press talks to DGII: a few a minute is plenty.
    rateLimit: perAccount(6),
    handle: async (_call, core) => {
      const report = await sendEcfReceipts(core.deps);
      return {
        status: 'SUCCESS',
        message: ECF_MESSAGES.sent(report.sent, report.accepted, report.unreachable),
      };
    },
  }),
  adminCall('POST', '/comprobantes/ecf/enviar/:id', {
    schema: { params: EcfXmlParams, response: { 200: MessageAnswer } },
    // Each press talks to DGII, as 'Enviar ahora' does.
    rateLimit: perAccount(6),
    handle: async (call, core) => {
      const { encf, state, unreachable } = await resendEcf(core.deps, call.params.id);
      return { status: 'SUCCESS', message: ECF_MESSAGES.resent(encf, ECF_STATE_LABELS[state], unreachable) };
    },
  }),
  adminCall('POST', '/comprobantes/ecf/corregir/:id', {
    schema: { params: EcfXmlParams, body: EcfCorrectionBody, response: { 200: MessageAnswer } },
    handle: async (call, core) => {
      const { receipt, sameNumber } = await correctEcf(core.deps, actorOf(call), call.params.id, call.body);
      return { status: 'SUCCESS', message: ECF_MESSAGES.corrected(receipt.ncf, sameNumber) };
    },
  }),
  administratorCall('GET', '/ajustes/fiscal', {
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
  administratorCall('POST', '/ajustes/fiscal', {
    schema: { body: FiscalSettingsBody, response: { 200: MessageAnswer } },
    handle: async (call, core) => {
      await saveFiscalSettings(core.deps, actorOf(call), call.body);
      return { status: 'SUCCESS', message: R.settingsSaved };
    },
  }),
  administratorCall('POST', '/secuencias-ncf', {
    schema: { body: SequenceBody, response: { 200: MessageAnswer } },
    handle: async (call, core) => {
      await addSequence(core.deps, actorOf(call), call.body);
      return { status: 'SUCCESS', message: R.sequenceAdded };
    },
  }),
  administratorCall('POST', '/secuencias-ncf/desactivar/:id', {
    schema: { params: IdParams, response: { 200: MessageAnswer } },
    handle: async (call, core) => {
      await disableSequence(core.deps.store, actorOf(call), call.params.id);
      return { status: 'SUCCESS', message: R.sequenceDisabled };
    },
  }),
];
