// Forgot password (DESIGN.md §2.4): asks for a reset e-mail, then shows the server's neutral
// message, which is the same whether or not the address has an account.
import { useFormik } from 'formik';
import * as Yup from 'yup';
import { requestPasswordReset } from '../api/accounts.ts';
import { AuthFrame } from '../lib/AuthFrame.tsx';
import { EmailField, SubmitRow } from '../lib/AuthFields.tsx';
import { AuthLinks, OutcomeOr, useOutcome } from './AuthPieces.tsx';
import { emailRule } from './formRules.ts';

export const forgotSchema = Yup.object({ email: emailRule() });

type ForgotValues = Yup.InferType<typeof forgotSchema>;

export function ForgotPasswordPage() {
  const { done, failure, run } = useOutcome();

  const formik = useFormik<ForgotValues>({
    initialValues: { email: '' },
    validationSchema: forgotSchema,
    onSubmit: ({ email }) => run(() => requestPasswordReset(email.trim())),
  });

  return (
    <AuthFrame title="¿Olvidó su contraseña?">
      <OutcomeOr
        done={done}
        failure={failure}
        intro={
          <p className="login-box-msg text-center text-body-secondary">
            Escriba su correo electrónico y le enviaremos un enlace para crear una nueva contraseña.
          </p>
        }
      >
        <form noValidate onSubmit={formik.handleSubmit}>
          <EmailField formik={formik} help="El correo con el que se registró." />
          <SubmitRow loading={formik.isSubmitting}>Solicitar nueva contraseña</SubmitRow>
        </form>
      </OutcomeOr>
      <AuthLinks links={[['/login', 'Iniciar sesión']]} />
    </AuthFrame>
  );
}
