// TypeBox schemas of POST /inscripciones/cancelar/:id and /inscripciones/devolucion/:id, apart from ../cancellation.ts so the browser never bundles TypeBox.
import { Type, type Static } from 'typebox';
import { CANCEL_REASON_LIMIT } from '../cancellation.ts';

export const SelfCancelBody = Type.Object({
  reason: Type.Optional(Type.String({ maxLength: CANCEL_REASON_LIMIT })),
});

/** Staff record that what was paid at the counter went back to the family (issue 53). */
export const OfficeRefundBody = Type.Object({
  method: Type.Union([Type.Literal('efectivo'), Type.Literal('transferencia')]),
  note: Type.Optional(Type.String({ maxLength: CANCEL_REASON_LIMIT })),
});
export type OfficeRefundBody = Static<typeof OfficeRefundBody>;
