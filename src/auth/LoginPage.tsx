// Sign in (spec 01 §2, §4): e-mail + password, or Google / Facebook. The ?camp= of the enrolment
// link is stored by LoginRoute (src/app/guards.tsx) before this page shows.
import * as Yup from 'yup';
import { login } from '../api/accounts.ts';
import { AuthForm, AuthFrame } from '../lib/AuthFrame.tsx';
import { emailRule, passwordRule } from './formRules.ts';
import { SocialButtons } from './SocialButtons.tsx';
import { emailField, passwordField, useSignIn } from './signInForms.ts';

export const loginSchema = Yup.object({ email: emailRule(), password: passwordRule() });

const FIELDS = [emailField(), passwordField('password', 'Contraseña', 'current-password')];

export function LoginPage() {
  const { formik, social, withProvider } = useSignIn({
    intent: 'LOGIN',
    initialValues: { email: '', password: '' },
    validationSchema: loginSchema,
    send: login,
  });

  return (
    <AuthFrame
      title="Iniciar sesión"
      links={[
        ['/forgot-password', 'Olvidé mi contraseña'],
        ['/register', 'Registrar una nueva cuenta'],
      ]}
    >
      <p className="login-box-msg text-center text-body-secondary">
        Inicie sesión para inscribir a sus hijos.
      </p>
      <AuthForm formik={formik} fields={FIELDS} submit="Iniciar sesión" disabled={social !== null} />
      <SocialButtons
        verb="Iniciar sesión"
        loading={social}
        disabled={formik.isSubmitting}
        onClick={withProvider}
      />
    </AuthFrame>
  );
}
