// TypeBox schemas of the usuarios API (spec 01 §7, spec 02 §7): validation on the server,
// types everywhere. Kept apart from ../accounts.ts so the browser never bundles TypeBox.
import { Type, type Static } from 'typebox';
import { EMAIL_MAX, EMAIL_PATTERN, ID_PATTERN, PASSWORD_MAX, PASSWORD_MIN, PROFILE_MAX } from '../fields.ts';

const Email = Type.String({ pattern: EMAIL_PATTERN, maxLength: EMAIL_MAX });
const Password = Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX });
export const ObjectIdString = Type.String({ pattern: ID_PATTERN });

export const Credentials = Type.Object({ email: Email, password: Password });
export type Credentials = Static<typeof Credentials>;

export const ForgotBody = Type.Object({ email: Email });
export const ResetBody = Type.Object({
  token: Type.String({ minLength: 20, maxLength: 200 }),
  password: Password,
});

/** What a parent may change on their own account; admins may also change the role fields. */
export const UpdateUserBody = Type.Object({
  _id: ObjectIdString,
  name: Type.Optional(Type.String({ maxLength: PROFILE_MAX.name })),
  phone: Type.Optional(Type.String({ maxLength: PROFILE_MAX.phone })),
  address: Type.Optional(Type.String({ maxLength: PROFILE_MAX.address })),
  picture: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
  currentPassword: Type.Optional(Type.String({ maxLength: PASSWORD_MAX })),
  newPassword: Type.Optional(Password),
  tipo: Type.Optional(Type.String({ maxLength: 40 })),
  puede_admin_ofertas: Type.Optional(Type.Boolean()),
  puede_admin_empleados: Type.Optional(Type.Boolean()),
  puede_admin_sucursales: Type.Optional(Type.Boolean()),
  status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('inactive')])),
});
export type UpdateUserBody = Static<typeof UpdateUserBody>;

/** A user as the API shows it: never the password hash. */
export const PublicUser = Type.Object({
  _id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  picture: Type.Union([Type.String(), Type.Null()]),
  phone: Type.String(),
  address: Type.String(),
  tipo: Type.String(),
  puede_admin_ofertas: Type.Boolean(),
  puede_admin_empleados: Type.Boolean(),
  puede_admin_sucursales: Type.Boolean(),
  /** A staff account's role (issue 25); absent for a family. */
  role: Type.Optional(
    Type.Union([Type.Literal('administrador'), Type.Literal('oficina'), Type.Literal('entrenador')]),
  ),
  /** The generated password must be changed before the panel is used (issue 25). */
  must_change_password: Type.Optional(Type.Boolean()),
  status: Type.String(),
  created_at: Type.String(),
});
export type PublicUser = Static<typeof PublicUser>;

export const LoginAnswer = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  result: Type.Intersect([PublicUser, Type.Object({ token: Type.String() })]),
});
export type LoginAnswer = Static<typeof LoginAnswer>;

export const CreateUserAnswer = Type.Object({ token: Type.String(), _id: Type.String() });
export type CreateUserAnswer = Static<typeof CreateUserAnswer>;

export const ProfileAnswer = Type.Object({ result: PublicUser });
export type ProfileAnswer = Static<typeof ProfileAnswer>;
