// Registration (spec 01 §2, §4, §8): e-mail + password twice, or Google / Facebook. Three
// independent loading states; while one runs, the other two buttons are disabled.
import * as Yup from 'yup';
import { register } from '../api/accounts.ts';
import { AuthForm, AuthFrame } from '../lib/AuthFrame.tsx';
import { emailRule, passwordRule, retypeRule } from './formRules.ts';
import { SocialButtons } from './SocialButtons.tsx';
import { emailField, passwordField, retypeField, useSignIn } from './signInForms.ts';

/** The terms checkbox is never required (spec 01 §2). */
export const registerSchema = Yup.object({
  email: emailRule(),
  password: passwordRule(),
  passwordRetype: retypeRule('password'),
  terms: Yup.boolean(),
});

/** Success toasts of spec 01 §8, per way of signing up, in Spanish (see FORM_MESSAGES). */
export const REGISTER_TOASTS = {
  email: 'Registro completado',
  google: 'Cuenta creada con Google',
  facebook: 'Cuenta creada con Facebook',
} as const;

const FIELDS = [
  emailField(),
  passwordField('password', 'Contraseña', 'new-password'),
  retypeField('passwordRetype', 'Repita la contraseña'),
];

export function RegisterPage() {
  const { formik, social, withProvider } = useSignIn({
    intent: 'REGISTER',
    initialValues: { email: '', password: '', passwordRetype: '', terms: false },
    validationSchema: registerSchema,
    send: register,
    toasts: REGISTER_TOASTS,
  });

  return (
    <AuthFrame
      title="Registrar una nueva cuenta"
      links={[
        ['/login', 'Ya tengo una cuenta'],
        ['/', 'Volver al inicio'],
      ]}
    >
      <AuthForm formik={formik} fields={FIELDS} submit="Registrarse" disabled={social !== null}>
        <div className="form-check mb-3">
          <input
            id="field-terms"
            type="checkbox"
            name="terms"
            className="form-check-input"
            checked={formik.values.terms ?? false}
            onChange={(event) => void formik.setFieldValue('terms', event.target.checked)}
          />
          <label htmlFor="field-terms" className="form-check-label">
            Acepto los términos y condiciones
          </label>
        </div>
      </AuthForm>
      <SocialButtons
        verb="Registrarse"
        loading={social}
        disabled={formik.isSubmitting}
        onClick={withProvider}
      />
    </AuthFrame>
  );
}
