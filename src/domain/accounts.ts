// Account rules and the usuarios API contract (spec 01 §5, §7; spec 02 §7), shared by the
// server's schemas, the browser's forms and the mocks.
import { Type, type Static } from 'typebox';

export const PASSWORD_MIN = 5;
export const PASSWORD_MAX = 30;
/** A pragmatic address check: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
export const EMAIL_MAX = 254;
/** Reset links expire after this long (DESIGN.md §2.4). */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export const ACCOUNT_MESSAGES = {
  badCredentials: 'Correo electrónico o contraseña incorrectos.',
  loginOk: 'Login exitoso',
  emailTaken: 'Ya existe una cuenta con este correo electrónico.',
  tooManyForAccount:
    'Demasiados intentos fallidos para esta cuenta. Por favor espere 15 minutos e intente de nuevo.',
  tooManyFromAddress:
    'Demasiados intentos fallidos desde esta conexión. Por favor espere unos minutos e intente de nuevo.',
  forgotSent: 'Si el correo electrónico está registrado, recibirá un enlace para restablecer su contraseña.',
  resetInvalid:
    'El enlace para restablecer la contraseña no es válido o ha expirado. Por favor solicite uno nuevo.',
  resetDone: 'Su contraseña fue cambiada. Ya puede iniciar sesión.',
  profileForbidden: 'No tiene permiso para ver o cambiar los datos de otra cuenta.',
  userNotFound: 'Usuario no encontrado.',
  userUpdated: 'Usuario actualizado',
  wrongCurrentPassword: 'La contraseña actual no es correcta.',
  currentPasswordNeeded: 'Para cambiar la contraseña escriba también la contraseña actual.',
  selfDemotion: 'No puede quitarse sus propios permisos de administrador.',
} as const;

/** The answers of the server's guards (and of the mocks): who may call what (DESIGN.md §2.12, §2.16). */
export const AUTH_MESSAGES = {
  missing: 'Debe iniciar sesión para continuar.',
  expired: 'Su sesión ha expirado. Por favor inicie sesión de nuevo.',
  notAdmin: 'No tiene permisos de administrador para realizar esta acción.',
  account: 'La cuenta de la aplicación no es válida.',
} as const;

const Email = Type.String({ pattern: EMAIL_PATTERN, maxLength: EMAIL_MAX });
const Password = Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX });
export const ObjectIdString = Type.String({ pattern: '^[0-9a-f]{24}$' });

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
  name: Type.Optional(Type.String({ maxLength: 120 })),
  phone: Type.Optional(Type.String({ maxLength: 30 })),
  address: Type.Optional(Type.String({ maxLength: 300 })),
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
