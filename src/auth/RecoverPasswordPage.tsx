// Reset password (DESIGN.md §2.4): the e-mailed link /recover-password?token=… sets a new password.
// An invalid, used or expired link gets the server's message and a way to ask for a new one.
import { useFormik } from 'formik';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../lib/links.tsx';
import * as Yup from 'yup';
import { resetPassword } from '../api/accounts.ts';
import { ACCOUNT_MESSAGES } from '../domain/accounts.ts';
import { AuthFrame } from '../lib/AuthFrame.tsx';
import { PasswordField, SubmitRow } from '../lib/AuthFields.tsx';
import { AuthLinks, OutcomeOr, useOutcome } from './AuthPieces.tsx';
import { passwordRule, retypeRule } from './formRules.ts';

export const resetSchema = Yup.object({ password: passwordRule(), confirmPassword: retypeRule('password') });

type ResetValues = Yup.InferType<typeof resetSchema>;

export function RecoverPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  // A staff member's link (an invitation, a reset from the panel) leads back to the panel's sign-in.
  const signIn = params.get('panel') === '1' ? '/admin/login' : '/login';
  const { done, failure, run } = useOutcome(token === '' ? ACCOUNT_MESSAGES.resetInvalid : null);

  const formik = useFormik<ResetValues>({
    initialValues: { password: '', confirmPassword: '' },
    validationSchema: resetSchema,
    onSubmit: ({ password }) => run(() => resetPassword(token, password)),
  });

  return (
    <AuthFrame title="Cambiar contraseña">
      <OutcomeOr
        done={done}
        failure={failure}
        failureAfter={
          <>
            {' '}
            <Link to="/forgot-password">Solicitar un nuevo enlace</Link>
          </>
        }
      >
        {token !== '' && (
          <form noValidate onSubmit={formik.handleSubmit}>
            <PasswordField
              formik={formik}
              name="password"
              label="Nueva contraseña"
              autoComplete="new-password"
            />
            <PasswordField
              formik={formik}
              name="confirmPassword"
              label="Confirmar contraseña"
              autoComplete="new-password"
              help="Escriba la misma contraseña otra vez."
            />
            <SubmitRow loading={formik.isSubmitting}>Cambiar contraseña</SubmitRow>
          </form>
        )}
      </OutcomeOr>
      <AuthLinks links={[[signIn, 'Iniciar sesión']]} />
    </AuthFrame>
  );
}
