// TypeBox schemas of the staff accounts' calls (issue 25, src/core/api/personal.ts).
import { Type } from 'typebox';
import { messageOf, successOf } from './envelope.ts';
import { Id } from './fields.ts';
import { EMAIL_MAX } from '../fields.ts';

const Role = Type.Union([Type.Literal('administrador'), Type.Literal('oficina'), Type.Literal('entrenador')]);

const StaffView = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  role: Role,
  status: Type.Union([Type.Literal('active'), Type.Literal('inactive')]),
  weeks: Type.Array(Type.String()),
  categories: Type.Array(Type.String()),
  assigned: Type.String(),
});

export const StaffListAnswer = successOf(Type.Array(StaffView));
export const StaffAnswer = messageOf(StaffView);
export const CreateStaffBody = Type.Object({
  name: Type.String({ maxLength: 120 }),
  email: Type.String({ maxLength: EMAIL_MAX }),
  role: Role,
});
export const UpdateStaffBody = Type.Object({
  _id: Id,
  role: Type.Optional(Role),
  active: Type.Optional(Type.Boolean()),
  /** A coach's weeks and categories (issue 25): the whole new lists. */
  weeks: Type.Optional(Type.Array(Id, { maxItems: 200 })),
  categories: Type.Optional(Type.Array(Id, { maxItems: 200 })),
});
