// Reset password (DESIGN.md §2.4): the e-mailed link /recover-password?token=… sets a new password.
// An invalid, used or expired link gets the server's message and a way to ask for a new one.
import { Link, useSearchParams } from 'react-router-dom';
import * as Yup from 'yup';
import { resetPassword } from '../api/accounts.ts';
import { ACCOUNT_MESSAGES } from '../domain/accounts.ts';
import { AuthForm, AuthFrame, AuthNote } from '../lib/AuthFrame.tsx';
import { passwordRule, retypeRule } from './formRules.ts';
import { passwordField, retypeField, useAnsweredForm } from './signInForms.ts';

export const resetSchema = Yup.object({ password: passwordRule(), confirmPassword: retypeRule('password') });

const FIELDS = [
  passwordField('password', 'Nueva contraseña', 'new-password'),
  retypeField('confirmPassword', 'Confirmar contraseña'),
];

export function RecoverPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { formik, done, failure } = useAnsweredForm({
    initialValues: { password: '', confirmPassword: '' },
    validationSchema: resetSchema,
    send: ({ password }) => resetPassword(token, password),
    failed: token === '' ? ACCOUNT_MESSAGES.resetInvalid : null,
  });

  return (
    <AuthFrame title="Cambiar contraseña" links={[['/login', 'Iniciar sesión']]}>
      {done !== null ? (
        <AuthNote tone="success">{done}</AuthNote>
      ) : (
        <>
          {failure && (
            <AuthNote tone="danger">
              {failure} <Link to="/forgot-password">Solicitar un nuevo enlace</Link>
            </AuthNote>
          )}
          {token !== '' && <AuthForm formik={formik} fields={FIELDS} submit="Cambiar contraseña" />}
        </>
      )}
    </AuthFrame>
  );
}
