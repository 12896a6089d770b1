// TypeBox schema of POST /carritos/{campId}, apart from ../reminders.ts so the browser never bundles TypeBox.
import { Type, type Static } from 'typebox';
import { Id } from './fields.ts';
import { CART_WEEKS_MAX } from '../reminders.ts';

export const SaveCartBody = Type.Object({
  /** The weeks (or payment options) in the cart, each once; [] when the parent emptied it. */
  weeks: Type.Array(Id, { maxItems: CART_WEEKS_MAX }),
  participants: Type.Integer({ minimum: 0, maximum: 50 }),
  /**
   * The places to hold (issue 18, ../holds.ts): one per cart line, counted by week. Absent (a page
   * from before holds): the holds stay as they are.
   */
  places: Type.Optional(
    Type.Array(Type.Object({ week: Id, count: Type.Integer({ minimum: 1, maximum: 50 }) }), {
      maxItems: CART_WEEKS_MAX,
    }),
  ),
});
export type SaveCartBody = Static<typeof SaveCartBody>;

/** What the family's cart holds after the report (POST /carritos/{campId}). */
export const CartHoldAnswer = Type.Object({
  status: Type.Literal('SUCCESS'),
  message: Type.String(),
  data: Type.Object({
    /** When the holds stop counting unless renewed; null when the camp holds nothing. */
    expires_at: Type.Union([Type.String(), Type.Null()]),
    weeks: Type.Array(
      Type.Object({
        _id: Type.String(),
        wanted: Type.Integer(),
        held: Type.Integer(),
        /** Places left for this family (its own holds count as its own); null = no limit. */
        quota_f_left: Type.Union([Type.Integer(), Type.Null()]),
      }),
    ),
  }),
});

export const OptOutQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
