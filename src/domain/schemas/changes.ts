// TypeBox schemas of the partial changes of an order (issue 24, ../changes.ts), apart so the browser
// never bundles TypeBox.
import { Type, type Static } from 'typebox';
import { Id } from './fields.ts';
import { CHANGE_ACTIONS, CHANGE_REFUNDS, CHANGE_TARGET_STATES } from '../changes.ts';
import { CANCEL_REASON_MAX } from '../staff.ts';

const fields = {
  action: Type.Enum(CHANGE_ACTIONS),
  cupo: Type.Integer({ minimum: 1, maximum: 20 }),
  week: Type.Optional(Id),
  to_week: Type.Optional(Id),
  /** True: only what the change would do (the dialog's figures); nothing is changed. */
  preview: Type.Optional(Type.Boolean()),
};

/** POST /inscripciones/cambios/:id (staff): the refund as staff choose it, and why. */
export const StaffChangeBody = Type.Object({
  ...fields,
  refund: Type.Enum(CHANGE_REFUNDS),
  reason: Type.String({ maxLength: CANCEL_REASON_MAX }),
});
export type StaffChangeBody = Static<typeof StaffChangeBody>;

/** POST /inscripciones/cambiar/:id (the parent): the camp's rule decides the refund. */
export const ParentChangeBody = Type.Object(fields);
export type ParentChangeBody = Static<typeof ParentChangeBody>;

/** GET /inscripciones/cambios/:id/semanas (staff) and /inscripciones/cambiar/:id/semanas (parent). */
export const ChangeTargetsQuery = Type.Object({ cupo: fields.cupo });
export type ChangeTargetsQuery = Static<typeof ChangeTargetsQuery>;

/** The camp's weeks the child could be moved to, each with its state (../changes.ts). */
export const ChangeTargetsAnswer = Type.Object({
  status: Type.Literal('SUCCESS'),
  data: Type.Array(
    Type.Object({
      _id: Type.String(),
      name: Type.String(),
      date: Type.String(),
      value: Type.Number(),
      state: Type.Enum(CHANGE_TARGET_STATES),
      order_number: Type.Optional(Type.String()),
    }),
  ),
});
