// Sign in (spec 01 §2, §4): e-mail + password, or Google / Facebook. The ?camp= of the enrolment
// link is stored by LoginRoute (src/app/guards.tsx) before this page shows.
import { useFormik } from 'formik';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '../lib/links.tsx';
import { notify } from '../lib/toasts.tsx';
import * as Yup from 'yup';
import { login } from '../api/accounts.ts';
import type { SocialProvider } from '../domain/social.ts';
import { AuthFrame } from '../lib/AuthFrame.tsx';
import { LoadingButton, TextField } from '../lib/FormControls.tsx';
import { emailRule, failureMessage, passwordRule } from './formRules.ts';
import { LinkedCamp } from './LinkedCamp.tsx';
import { SocialButtons } from './SocialButtons.tsx';
import { socialSignIn } from './social.ts';
import { useSignedIn } from './useSignedIn.ts';

export const loginSchema = Yup.object({ email: emailRule(), password: passwordRule() });

type LoginValues = Yup.InferType<typeof loginSchema>;

export function LoginPage() {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const [social, setSocial] = useState<SocialProvider | null>(null);

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

  const signInWith = (provider: SocialProvider) => {
    setSocial(provider);
    socialSignIn(provider, 'LOGIN').then(
      (session) => signedIn(session),
      (error: unknown) => {
        setSocial(null);
        notify.error(failureMessage(error));
      },
    );
  };

  return (
    <AuthFrame title="Iniciar sesión">
      <p className="login-box-msg text-center text-body-secondary">
        Inicie sesión para inscribir a sus hijos.
      </p>
      <LinkedCamp />
      <form noValidate onSubmit={formik.handleSubmit}>
        <TextField
          formik={formik}
          name="email"
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          help="Ejemplo: nombre@correo.com"
        />
        <TextField
          formik={formik}
          name="password"
          label="Contraseña"
          type="password"
          autoComplete="current-password"
          help="Entre 5 y 30 caracteres."
        />
        <div className="d-grid">
          <LoadingButton type="submit" loading={formik.isSubmitting} disabled={social !== null}>
            Iniciar sesión
          </LoadingButton>
        </div>
      </form>
      <SocialButtons
        verb="Iniciar sesión"
        loading={social}
        disabled={formik.isSubmitting}
        onClick={signInWith}
      />
      <p className="mb-1 mt-3">
        <Link to="/forgot-password">Olvidé mi contraseña</Link>
      </p>
      <p className="mb-0">
        <Link to="/register">Registrar una nueva cuenta</Link>
      </p>
    </AuthFrame>
  );
}
