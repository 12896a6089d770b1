// The staff sign-in box (AdminLTE's login box): e-mail and password, both required, a toast with
// the outcome. The admin panel (/admin/login) and the platform console (/plataforma) each give it
// their own texts and sign-in call, which resolves or throws the Spanish message to show.
import { useState } from 'react';
import { useFormik } from 'formik';
import { useNavigate } from 'react-router-dom';
import * as Yup from 'yup';
import { ACCOUNT_MESSAGES } from '../domain/accounts.ts';
import { AuthFrame } from '../lib/AuthFrame.tsx';
import { EmailField, PasswordField } from '../lib/AuthFields.tsx';
import { LoadingButton } from '../lib/FormControls.tsx';
import { notify } from '../lib/toasts.tsx';
import { notifyError, notifySuccess } from './feedback.ts';

export interface SignInTexts {
  title: string;
  /** The form's accessible name. */
  form: string;
  userLabel: string;
  userHelp: string;
  userRequired: string;
  passwordHelp: string;
  passwordRequired: string;
  /** Shown when the call failed without a message. */
  unexpected: string;
}

export function SignInForm({
  texts,
  signIn,
  home,
}: {
  texts: SignInTexts;
  signIn: (email: string, password: string) => Promise<void>;
  /** Where the signed-in person goes, read once signed in. */
  home: () => string;
}) {
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const formik = useFormik({
    initialValues: { email: '', password: '' },
    validationSchema: Yup.object({
      email: Yup.string().trim().required(texts.userRequired),
      password: Yup.string().required(texts.passwordRequired),
    }),
    onSubmit: async ({ email, password }) => {
      setLoading(true);
      try {
        await signIn(email, password);
        // An earlier failed try's error must not follow the person onto the next page (issue 24).
        notify.dismissAll();
        notifySuccess(ACCOUNT_MESSAGES.loginOk);
        void navigate(home(), { replace: true });
      } catch (error) {
        notifyError(error instanceof Error && error.message ? error.message : texts.unexpected);
        setLoading(false);
      }
    },
  });

  return (
    <AuthFrame title={texts.title}>
      <form noValidate onSubmit={formik.handleSubmit} aria-label={texts.form}>
        <EmailField
          formik={formik}
          label={texts.userLabel}
          inputMode="email"
          autoComplete="username"
          help={texts.userHelp}
          disabled={loading}
        />
        <PasswordField
          formik={formik}
          name="password"
          autoComplete="current-password"
          help={texts.passwordHelp}
          disabled={loading}
        />
        <LoadingButton type="submit" loading={loading} className="btn-primary w-100">
          Iniciar Sesión
        </LoadingButton>
      </form>
    </AuthFrame>
  );
}
