// TypeBox schemas of the fiscal receipts' calls (issue 18), apart from ../receipts.ts so the browser never bundles TypeBox.
import { Type } from 'typebox';
import { Success } from './envelope.ts';
import { Id } from './fields.ts';
import {
  ELECTRONIC_TYPES,
  ENCF_NUMBER_MAX,
  ITBIS_MODES,
  NCF_TYPE_CODES,
  RECEIPT_REF_PATTERN,
} from '../receipts.ts';
import { ECF_STATES } from '../ecf.ts';

const NcfTypeSchema = Type.Union(NCF_TYPE_CODES.map((type) => Type.Literal(type)));

/** An order's receipt: `tipo` is the receipt's ref (the type, or the type and the change or payment). */
export const ReceiptParams = Type.Object({ id: Id, tipo: Type.String({ pattern: RECEIPT_REF_PATTERN }) });

/** GET /comprobantes/ecf: the office's e-CF list (issue 22), newest first, by state and type. */
export const EcfListQuery = Type.Object({
  state: Type.Optional(Type.Union(ECF_STATES.map((state) => Type.Literal(state)))),
  type: Type.Optional(Type.Union(ELECTRONIC_TYPES.map((type) => Type.Literal(type)))),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

export const EcfListAnswer = Type.Object({
  status: Success,
  data: Type.Array(
    Type.Object({
      _id: Type.String(),
      type: Type.String(),
      encf: Type.String(),
      order_number: Type.String(),
      enrolment_id: Type.String(),
      total: Type.Number(),
      issued_at: Type.String(),
      state: Type.String(),
      track_id: Type.String(),
      messages: Type.Array(Type.String()),
      buyer_rnc: Type.String(),
      buyer_name: Type.String(),
      replaces: Type.Array(Type.String()),
    }),
  ),
  total: Type.Integer(),
});

/** GET /comprobantes/ecf/xml/{id}: a receipt's id (order and type, and a payment's for an instalment). */
export const EcfXmlParams = Type.Object({
  id: Type.String({ pattern: '^[0-9a-fA-F]{24}-E3[124](-[0-9a-fA-F]{24}|-[0-9a-zA-Z]{1,40})?$' }),
});

/** POST /comprobantes/ecf/corregir/{id}: a rejected E31's buyer, as corrected (checked by the service). */
export const EcfCorrectionBody = Type.Object({
  rnc: Type.Optional(Type.String({ maxLength: 20 })),
  rnc_nombre: Type.Optional(Type.String({ maxLength: 150 })),
});

export const FiscalSettingsBody = Type.Object({
  school_name: Type.String({ maxLength: 150 }),
  rnc: Type.String({ maxLength: 13 }),
  address: Type.String({ maxLength: 300 }),
  phone: Type.String({ maxLength: 30 }),
  email: Type.Optional(Type.String({ maxLength: 254 })),
  itbis: Type.Union(Object.keys(ITBIS_MODES).map((mode) => Type.Literal(mode as keyof typeof ITBIS_MODES))),
});

export const SequenceBody = Type.Object({
  type: NcfTypeSchema,
  // The bound of each series (8 digits for B, 10 for E) is checked by the service.
  first: Type.Integer({ minimum: 1, maximum: ENCF_NUMBER_MAX }),
  last: Type.Integer({ minimum: 1, maximum: ENCF_NUMBER_MAX }),
  expires_on: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
});

const SettingsView = Type.Object({
  school_name: Type.String(),
  rnc: Type.String(),
  address: Type.String(),
  phone: Type.String(),
  email: Type.Optional(Type.String()),
  itbis: Type.String(),
});

export const FiscalStatusAnswer = Type.Object({
  status: Success,
  data: Type.Object({
    types: Type.Array(NcfTypeSchema),
    ecf: Type.Boolean(),
    settings: Type.Union([SettingsView, Type.Null()]),
    sequences: Type.Array(
      Type.Object({
        _id: Type.String(),
        type: Type.String(),
        first: Type.String(),
        last: Type.String(),
        next: Type.String(),
        left: Type.Integer(),
        expires_on: Type.String(),
        status: Type.String(),
      }),
    ),
    alerts: Type.Array(Type.String()),
    waiting: Type.Integer(),
  }),
});
