// Reset password (DESIGN.md §2.4): the e-mailed link /recover-password?token=… sets a new password.
// An invalid, used or expired link gets the server's message and a way to ask for a new one.
import { useFormik } from 'formik';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../lib/links.tsx';
import * as Yup from 'yup';
import { resetPassword } from '../api/accounts.ts';
import { ACCOUNT_MESSAGES } from '../domain/accounts.ts';
import { AuthFrame } from '../lib/AuthFrame.tsx';
import { LoadingButton, TextField } from '../lib/FormControls.tsx';
import { failureMessage, passwordRule, retypeRule } from './formRules.ts';

export const resetSchema = Yup.object({ password: passwordRule(), confirmPassword: retypeRule('password') });

type ResetValues = Yup.InferType<typeof resetSchema>;

export function RecoverPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  // A staff member's link (an invitation, a reset from the panel) leads back to the panel's sign-in.
  const signIn = params.get('panel') === '1' ? '/admin/login' : '/login';
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(token === '' ? ACCOUNT_MESSAGES.resetInvalid : null);

  const formik = useFormik<ResetValues>({
    initialValues: { password: '', confirmPassword: '' },
    validationSchema: resetSchema,
    onSubmit: async ({ password }) => {
      setFailure(null);
      try {
        setDone(await resetPassword(token, password));
      } catch (error) {
        setFailure(failureMessage(error));
      }
    },
  });

  return (
    <AuthFrame title="Cambiar contraseña">
      {done !== null ? (
        <div className="alert alert-success" role="status">
          {done}
        </div>
      ) : (
        <>
          {failure && (
            <div className="alert alert-danger" role="alert">
              {failure} <Link to="/forgot-password">Solicitar un nuevo enlace</Link>
            </div>
          )}
          {token !== '' && (
            <form noValidate onSubmit={formik.handleSubmit}>
              <TextField
                formik={formik}
                name="password"
                label="Nueva contraseña"
                type="password"
                autoComplete="new-password"
                help="Entre 5 y 30 caracteres."
              />
              <TextField
                formik={formik}
                name="confirmPassword"
                label="Confirmar contraseña"
                type="password"
                autoComplete="new-password"
                help="Escriba la misma contraseña otra vez."
              />
              <div className="d-grid">
                <LoadingButton type="submit" loading={formik.isSubmitting}>
                  Cambiar contraseña
                </LoadingButton>
              </div>
            </form>
          )}
        </>
      )}
      <p className="mb-0 mt-3">
        <Link to={signIn}>Iniciar sesión</Link>
      </p>
    </AuthFrame>
  );
}
