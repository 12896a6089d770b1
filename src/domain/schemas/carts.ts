// TypeBox schema of POST /carritos/{campId}, apart from ../reminders.ts so the browser never bundles TypeBox.
import { Type } from 'typebox';
import { Id } from '../admin-contract.ts';
import { CART_WEEKS_MAX } from '../reminders.ts';

export const SaveCartBody = Type.Object({
  /** The weeks (or payment options) in the cart, each once; [] when the parent emptied it. */
  weeks: Type.Array(Id, { maxItems: CART_WEEKS_MAX }),
  participants: Type.Integer({ minimum: 0, maximum: 50 }),
});

export const OptOutQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
