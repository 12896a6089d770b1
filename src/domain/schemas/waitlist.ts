// TypeBox schemas of the waiting list's calls (issue 18), apart from ../waitlist.ts so the browser never bundles TypeBox.
import { Type } from 'typebox';
import { messageOf, Nullable } from './envelope.ts';
import { Id } from './fields.ts';
import { WAITLIST_CHILD_MAX, WAITLIST_STATUSES } from '../waitlist.ts';

export const JoinWaitlistBody = Type.Object({
  week: Id,
  child: Type.String({ maxLength: WAITLIST_CHILD_MAX }),
});

export const WaitlistQuery = Type.Object({
  campament: Type.Optional(Id),
  week: Type.Optional(Id),
});

export const MoveInWaitlistBody = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 120 }),
  direction: Type.Union([Type.Literal('up'), Type.Literal('down')]),
});

/** Staff add a family that phoned (issue 54); the rules on its fields are the core's, in Spanish. */
export const AddToWaitlistBody = Type.Object({
  week: Id,
  email: Type.String({ maxLength: 254 }),
  child: Type.String({ maxLength: WAITLIST_CHILD_MAX }),
  phone: Type.String({ maxLength: 30 }),
});

export const WaitlistEntryBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 120 }) });

export const WaitlistViewSchema = Type.Object({
  _id: Type.String(),
  campament: Type.String(),
  campament_name: Type.String(),
  week: Type.String(),
  week_name: Type.String(),
  child: Type.String(),
  status: Type.Union(WAITLIST_STATUSES.map((status) => Type.Literal(status))),
  position: Nullable(Type.Integer()),
  created_at: Type.String(),
  offer_expires_at: Nullable(Type.String()),
  email: Type.Optional(Type.String()),
  phone: Type.Optional(Type.String()),
});

export const WaitlistAnswer = messageOf(Type.Array(WaitlistViewSchema));
export const WaitlistJoinAnswer = messageOf(WaitlistViewSchema);
