// The envelope every answer of the API comes in ({ status: 'SUCCESS', message?, data }), and a
// value that may be null: written once for every schema file (./answers.ts and each area's).
import { Type, type TSchema } from 'typebox';

export const Success = Type.Literal('SUCCESS');

/** { status: 'SUCCESS', data } around `data`. */
export const successOf = <T extends TSchema>(data: T) => Type.Object({ status: Success, data });

/** { status: 'SUCCESS', message, data } around `data` (keys in this order, as the spec shows them). */
export const messageOf = <T extends TSchema>(data: T) =>
  Type.Object({ status: Success, message: Type.String(), data });

/** `schema` or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
