// /admin/login (spec 02 §2, §5, §6, §8): user-or-email and password, both required. Only an
// administrator gets a session; a parent is refused with the spec's message.
import { useState } from 'react';
import { useFormik } from 'formik';
import { useNavigate } from 'react-router-dom';
import * as Yup from 'yup';
import { ApiError, httpClient } from '../api/http.ts';
import { ACCOUNT_MESSAGES } from '../domain/accounts.ts';
import type { LoginAnswer } from '../domain/schemas/accounts.ts';
import { isAdmin } from '../domain/roles.ts';
import { AuthFrame } from '../lib/AuthFrame.tsx';
import { LoadingButton, TextField } from '../lib/FormControls.tsx';
import { adminHome, adminRole, adminUserOf, startAdminSession } from '../lib/adminSession.ts';
import { notifyError, notifySuccess } from './feedback.ts';
import { notify } from '../lib/toasts.tsx';

export const ADMIN_LOGIN_MESSAGES = {
  success: ACCOUNT_MESSAGES.loginOk,
  notAdmin: 'Usuario sin permisos de administrador',
  badCredentials: 'Credenciales incorrectas',
  network: 'Error al conectar con el servidor',
  unexpected: 'Error inesperado al iniciar sesión',
  userRequired: 'Escriba su usuario o correo electrónico.',
  passwordRequired: 'Escriba su contraseña.',
} as const;

const schema = Yup.object({
  email: Yup.string().trim().required(ADMIN_LOGIN_MESSAGES.userRequired),
  password: Yup.string().required(ADMIN_LOGIN_MESSAGES.passwordRequired),
});

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
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const formik = useFormik({
    initialValues: { email: '', password: '' },
    validationSchema: schema,
    onSubmit: async ({ email, password }) => {
      setLoading(true);
      try {
        await adminLogin(email, password);
        // An earlier failed try's error must not follow the admin onto the dashboard (issue 24).
        notify.dismissAll();
        notifySuccess(ADMIN_LOGIN_MESSAGES.success);
        void navigate(adminHome(adminRole()), { replace: true });
      } catch (error) {
        notifyError(
          error instanceof Error && error.message ? error.message : ADMIN_LOGIN_MESSAGES.unexpected,
        );
        setLoading(false);
      }
    },
  });

  return (
    <AuthFrame title="Admin Panel">
      <form noValidate onSubmit={formik.handleSubmit} aria-label="Acceso de administradores">
        <TextField
          formik={formik}
          name="email"
          label="Usuario o correo electrónico"
          type="email"
          inputMode="email"
          autoComplete="username"
          help="El correo de su cuenta de administrador, p. ej. admin@escuela.do"
          disabled={loading}
        />
        <TextField
          formik={formik}
          name="password"
          label="Contraseña"
          type="password"
          autoComplete="current-password"
          help="La contraseña de su cuenta de administrador."
          disabled={loading}
        />
        <LoadingButton type="submit" loading={loading} className="btn-primary w-100">
          Iniciar Sesión
        </LoadingButton>
      </form>
    </AuthFrame>
  );
}
