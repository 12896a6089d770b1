// /admin/login (spec 02 §2, §5, §6, §8): user-or-email and password, both required. Only an
// administrator gets a session; a parent is refused with the spec's message.
import { ApiError, httpClient } from '../api/http.ts';
import { ACCOUNT_MESSAGES } from '../domain/accounts.ts';
import type { LoginAnswer } from '../domain/schemas/accounts.ts';
import { isAdmin } from '../domain/roles.ts';
import { adminHome, adminRole, adminUserOf, startAdminSession } from '../lib/adminSession.ts';
import { SignInForm } from './SignInForm.tsx';

export const ADMIN_LOGIN_MESSAGES = {
  success: ACCOUNT_MESSAGES.loginOk,
  notAdmin: 'Usuario sin permisos de administrador',
  badCredentials: 'Credenciales incorrectas',
  network: 'Error al conectar con el servidor',
  unexpected: 'Error inesperado al iniciar sesión',
  userRequired: 'Escriba su usuario o correo electrónico.',
  passwordRequired: 'Escriba su contraseña.',
} as const;

/** The sign-in call, read as spec 02 §8 says; resolves with nothing, or throws the message to show. */
async function adminLogin(email: string, password: string): Promise<void> {
  let answer: LoginAnswer | { success?: boolean; message?: string };
  try {
    answer = await httpClient.post('/usuarios/login', { email: email.trim(), password }, { token: null });
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.network) throw new Error(ADMIN_LOGIN_MESSAGES.network, { cause: error });
      const body = error.body as { message?: unknown } | undefined;
      throw new Error(
        typeof body?.message === 'string' ? body.message : ADMIN_LOGIN_MESSAGES.badCredentials,
        {
          cause: error,
        },
      );
    }
    throw new Error(ADMIN_LOGIN_MESSAGES.unexpected, { cause: error });
  }
  if (typeof answer !== 'object' || answer === null) throw new Error(ADMIN_LOGIN_MESSAGES.unexpected);
  if (!('result' in answer) || answer.success !== true || !answer.result?.token) {
    throw new Error(answer.message || ADMIN_LOGIN_MESSAGES.badCredentials);
  }
  const { result } = answer;
  if (!isAdmin(result)) throw new Error(ADMIN_LOGIN_MESSAGES.notAdmin);
  startAdminSession(result.token, adminUserOf(result));
}

export function AdminLoginPage() {
  return (
    <SignInForm
      texts={{
        title: 'Admin Panel',
        form: 'Acceso de administradores',
        userLabel: 'Usuario o correo electrónico',
        userHelp: 'El correo de su cuenta de administrador, p. ej. admin@escuela.do',
        userRequired: ADMIN_LOGIN_MESSAGES.userRequired,
        passwordHelp: 'La contraseña de su cuenta de administrador.',
        passwordRequired: ADMIN_LOGIN_MESSAGES.passwordRequired,
        unexpected: ADMIN_LOGIN_MESSAGES.unexpected,
      }}
      signIn={adminLogin}
      home={() => adminHome(adminRole())}
    />
  );
}
