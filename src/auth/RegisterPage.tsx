// Registration (spec 01 §2, §4, §8): e-mail + password twice, or Google / Facebook. Three
// independent loading states; while one runs, the other two buttons are disabled.
import { useFormik } from 'formik';
import { notify } from '../lib/toasts.tsx';
import * as Yup from 'yup';
import { register } from '../api/accounts.ts';
import { DEFAULT_TERMS } from '../domain/terms.ts';
import { AuthFrame } from '../lib/AuthFrame.tsx';
import { EmailField, PasswordField } from '../lib/AuthFields.tsx';
import { CheckField } from '../lib/FormControls.tsx';
import { AccountForm } from './AuthPieces.tsx';
import { emailRule, failureMessage, passwordRule, retypeRule } from './formRules.ts';
import { LinkedCamp } from './LinkedCamp.tsx';
import { useSignedIn } from './useSignedIn.ts';

/** The terms checkbox is never required (spec 01 §2). */
export const registerSchema = Yup.object({
  email: emailRule(),
  password: passwordRule(),
  passwordRetype: retypeRule('password'),
  terms: Yup.boolean(),
});

type RegisterValues = Yup.InferType<typeof registerSchema>;

/** Success toasts of spec 01 §8, per way of signing up, in Spanish (see FORM_MESSAGES). */
export const REGISTER_TOASTS = {
  email: 'Registro completado',
  google: 'Cuenta creada con Google',
  facebook: 'Cuenta creada con Facebook',
} as const;

export function RegisterPage() {
  const signedIn = useSignedIn();

  const formik = useFormik<RegisterValues>({
    initialValues: { email: '', password: '', passwordRetype: '', terms: false },
    validationSchema: registerSchema,
    onSubmit: async ({ email, password }) => {
      try {
        signedIn(await register({ email: email.trim(), password }), REGISTER_TOASTS.email);
      } catch (error) {
        notify.error(failureMessage(error));
      }
    },
  });

  return (
    <AuthFrame title="Registrar una nueva cuenta">
      <LinkedCamp />
      <AccountForm
        formik={formik}
        verb="Registrarse"
        intent="REGISTER"
        onSocial={(session, provider) => signedIn(session, REGISTER_TOASTS[provider])}
        links={[
          ['/login', 'Ya tengo una cuenta'],
          ['/', 'Volver al inicio'],
        ]}
      >
        <EmailField formik={formik} />
        <PasswordField formik={formik} name="password" autoComplete="new-password" />
        <PasswordField
          formik={formik}
          name="passwordRetype"
          label="Repita la contraseña"
          autoComplete="new-password"
          help="Escriba la misma contraseña otra vez."
        />
        <CheckField
          id="field-terms"
          name="terms"
          checked={formik.values.terms ?? false}
          onChange={(checked) => void formik.setFieldValue('terms', checked)}
          className="mb-3"
        >
          Acepto los términos y condiciones
        </CheckField>
        {/* The terms a parent accepts can be read here, without leaving the form. */}
        <details className="mb-3 small">
          <summary className="link-primary" style={{ minHeight: 44, lineHeight: '44px', cursor: 'pointer' }}>
            Leer los términos y condiciones
          </summary>
          <div className="border rounded p-2 mt-1" style={{ whiteSpace: 'pre-line' }}>
            {DEFAULT_TERMS}
          </div>
        </details>
      </AccountForm>
    </AuthFrame>
  );
}
