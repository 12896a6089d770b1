// Forgot password (DESIGN.md §2.4): asks for a reset e-mail, then shows the server's neutral
// message, which is the same whether or not the address has an account.
import { useFormik } from 'formik';
import { useState } from 'react';
import { Link } from '../lib/links.tsx';
import * as Yup from 'yup';
import { requestPasswordReset } from '../api/accounts.ts';
import { AuthFrame } from '../lib/AuthFrame.tsx';
import { LoadingButton, TextField } from '../lib/FormControls.tsx';
import { emailRule, failureMessage } from './formRules.ts';

export const forgotSchema = Yup.object({ email: emailRule() });

type ForgotValues = Yup.InferType<typeof forgotSchema>;

export function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const formik = useFormik<ForgotValues>({
    initialValues: { email: '' },
    validationSchema: forgotSchema,
    onSubmit: async ({ email }) => {
      setFailure(null);
      try {
        setSent(await requestPasswordReset(email.trim()));
      } catch (error) {
        setFailure(failureMessage(error));
      }
    },
  });

  return (
    <AuthFrame title="¿Olvidó su contraseña?">
      {sent !== null ? (
        <div className="alert alert-success" role="status">
          {sent}
        </div>
      ) : (
        <>
          <p className="login-box-msg text-center text-body-secondary">
            Escriba su correo electrónico y le enviaremos un enlace para crear una nueva contraseña.
          </p>
          {failure && (
            <div className="alert alert-danger" role="alert">
              {failure}
            </div>
          )}
          <form noValidate onSubmit={formik.handleSubmit}>
            <TextField
              formik={formik}
              name="email"
              label="Correo electrónico"
              type="email"
              autoComplete="email"
              help="El correo con el que se registró."
            />
            <div className="d-grid">
              <LoadingButton type="submit" loading={formik.isSubmitting}>
                Solicitar nueva contraseña
              </LoadingButton>
            </div>
          </form>
        </>
      )}
      <p className="mb-0 mt-3">
        <Link to="/login">Iniciar sesión</Link>
      </p>
    </AuthFrame>
  );
}
