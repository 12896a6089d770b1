// Account rules and the usuarios API contract (spec 01 §5, §7; spec 02 §7), shared by the
// server's schemas, the browser's forms and the mocks.

export { EMAIL_MAX, EMAIL_PATTERN, PASSWORD_MAX, PASSWORD_MIN, PROFILE_MAX } from './fields.ts';
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
  pictureNotOwn: 'La foto de perfil no es válida. Por favor súbala de nuevo.',
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
  passwordChanged:
    'La contraseña de la cuenta cambió y esta sesión se cerró. Por favor inicie sesión de nuevo.',
  roleChanged: 'Su rol en el panel cambió y esta sesión se cerró. Por favor inicie sesión de nuevo.',
  notAdmin: 'No tiene permisos de administrador para realizar esta acción.',
  account: 'La cuenta de la aplicación no es válida.',
} as const;

import type { UserRecord } from './records.ts';
import { staffRoleOf } from './roles.ts';
import type { PublicUser } from './schemas/accounts.ts';

// The API contract's schemas live in ./schemas/accounts.ts (TypeBox stays out of the browser bundle).
export type {
  Credentials,
  UpdateUserBody,
  PublicUser,
  LoginAnswer,
  CreateUserAnswer,
  ProfileAnswer,
} from './schemas/accounts.ts';

/** A user as the API shows it: never the password hash. */
export function publicUser(user: UserRecord): PublicUser {
  const role = staffRoleOf(user);
  return {
    _id: user._id,
    email: user.email,
    name: user.name,
    picture: user.picture,
    phone: user.phone ?? '',
    address: user.address ?? '',
    tipo: user.tipo,
    puede_admin_ofertas: user.puede_admin_ofertas,
    puede_admin_empleados: user.puede_admin_empleados,
    puede_admin_sucursales: user.puede_admin_sucursales,
    ...(role ? { role } : {}),
    ...(user.must_change_password ? { must_change_password: true } : {}),
    status: user.status,
    created_at: user.created_at.toISOString(),
  };
}

/** A new active account: a parent ('cliente') unless overridden. */
export function newUser(
  email: string,
  passwordHash: string,
  overrides: Partial<Omit<UserRecord, '_id'>> = {},
): Omit<UserRecord, '_id'> {
  return {
    email,
    password_hash: passwordHash,
    name: '',
    picture: null,
    phone: '',
    address: '',
    tipo: 'cliente',
    puede_admin_ofertas: false,
    puede_admin_empleados: false,
    puede_admin_sucursales: false,
    status: 'active',
    created_at: new Date(),
    ...overrides,
  };
}
