// Forgot password (DESIGN.md §2.4): asks for a reset e-mail, then shows the server's neutral
// message, which is the same whether or not the address has an account.
import * as Yup from 'yup';
import { requestPasswordReset } from '../api/accounts.ts';
import { AuthForm, AuthFrame, AuthNote } from '../lib/AuthFrame.tsx';
import { emailRule } from './formRules.ts';
import { emailField, useAnsweredForm } from './signInForms.ts';

export const forgotSchema = Yup.object({ email: emailRule() });

const FIELDS = [emailField('El correo con el que se registró.')];

export function ForgotPasswordPage() {
  const { formik, done, failure } = useAnsweredForm({
    initialValues: { email: '' },
    validationSchema: forgotSchema,
    send: ({ email }) => requestPasswordReset(email.trim()),
  });

  return (
    <AuthFrame title="¿Olvidó su contraseña?" links={[['/login', 'Iniciar sesión']]}>
      {done !== null ? (
        <AuthNote tone="success">{done}</AuthNote>
      ) : (
        <>
          <p className="login-box-msg text-center text-body-secondary">
            Escriba su correo electrónico y le enviaremos un enlace para crear una nueva contraseña.
          </p>
          {failure && <AuthNote tone="danger">{failure}</AuthNote>}
          <AuthForm formik={formik} fields={FIELDS} submit="Solicitar nueva contraseña" />
        </>
      )}
    </AuthFrame>
  );
}
