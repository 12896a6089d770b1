// Sign in (spec 01 §2, §4): e-mail + password, or Google / Facebook. The ?camp= of the enrolment
// link is stored by LoginRoute (src/app/guards.tsx) before this page shows.
import { useFormik } from 'formik';
import { useNavigate } from 'react-router-dom';
import { notify } from '../lib/toasts.tsx';
import * as Yup from 'yup';
import { login } from '../api/accounts.ts';
import { AuthFrame } from '../lib/AuthFrame.tsx';
import { EmailField, PasswordField } from '../lib/AuthFields.tsx';
import { AccountForm } from './AuthPieces.tsx';
import { emailRule, failureMessage, passwordRule } from './formRules.ts';
import { LinkedCamp } from './LinkedCamp.tsx';
import { useSignedIn } from './useSignedIn.ts';

export const loginSchema = Yup.object({ email: emailRule(), password: passwordRule() });

type LoginValues = Yup.InferType<typeof loginSchema>;

export function LoginPage() {
  const signedIn = useSignedIn();
  const navigate = useNavigate();

  const formik = useFormik<LoginValues>({
    initialValues: { email: '', password: '' },
    validationSchema: loginSchema,
    onSubmit: async ({ email, password }) => {
      try {
        const session = await login({ email: email.trim(), password });
        // Staff who signed in here are taken to the panel, signed in there (issue 45); a family
        // account ('cliente', no role) loads nothing more.
        const user = session.user;
        if (user && (user.tipo !== 'cliente' || user.role)) {
          const { staffSignedIn } = await import(/* webpackChunkName: "admin" */ '../lib/staffSignIn.ts');
          const home = staffSignedIn(session.token, user);
          if (home) {
            void navigate(home, { replace: true });
            return;
          }
        }
        signedIn(session);
      } catch (error) {
        notify.error(failureMessage(error));
      }
    },
  });

  return (
    <AuthFrame title="Iniciar sesión">
      <p className="login-box-msg text-center text-body-secondary">
        Inicie sesión para inscribir a sus hijos.
      </p>
      <LinkedCamp />
      <AccountForm
        formik={formik}
        verb="Iniciar sesión"
        intent="LOGIN"
        onSocial={(session) => signedIn(session)}
        links={[
          ['/forgot-password', 'Olvidé mi contraseña'],
          ['/register', 'Registrar una nueva cuenta'],
        ]}
      >
        <EmailField formik={formik} />
        <PasswordField formik={formik} name="password" autoComplete="current-password" />
      </AccountForm>
    </AuthFrame>
  );
}
