// TypeBox schema of POST /inscripciones/cancelar/:id, apart from ../cancellation.ts so the browser never bundles TypeBox.
import { Type } from 'typebox';
import { CANCEL_REASON_LIMIT } from '../cancellation.ts';

export const SelfCancelBody = Type.Object({
  reason: Type.Optional(Type.String({ maxLength: CANCEL_REASON_LIMIT })),
});
