// The fields and submit row the sign-in, registration and password forms (families' and staff's)
// have in common, written once so that every page asks for an address or a password the same way.
// The pages rendered ahead on the server (src/prerender.tsx) use them too: same markup both sides.
import type { FormikProps } from 'formik';
import type { ReactNode } from 'react';
import { LoadingButton, TextField, type TextFieldProps } from './FormControls.tsx';

type FieldOf<V> = Omit<TextFieldProps<V>, 'label' | 'type' | 'help' | 'name'> & {
  formik: FormikProps<V>;
  help?: string;
};

/** The e-mail address a family signs in with. */
export function EmailField<V extends { email: string }>({
  help = 'Ejemplo: nombre@correo.com',
  label = 'Correo electrónico',
  autoComplete = 'email',
  ...rest
}: FieldOf<V> & { label?: string }) {
  return (
    <TextField {...rest} name="email" label={label} type="email" autoComplete={autoComplete} help={help} />
  );
}

/** A password; `new-password` where one is chosen, so the browser offers to make one up. */
export function PasswordField<V>({
  name,
  label = 'Contraseña',
  help = 'Entre 5 y 30 caracteres.',
  ...rest
}: FieldOf<V> & {
  name: keyof V & string;
  label?: string;
  autoComplete: 'current-password' | 'new-password';
}) {
  return <TextField {...rest} name={name} label={label} type="password" help={help} />;
}

/** The form's full-width submit button. */
export function SubmitRow({
  loading,
  disabled,
  children,
}: {
  loading: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="d-grid">
      <LoadingButton type="submit" loading={loading} disabled={disabled}>
        {children}
      </LoadingButton>
    </div>
  );
}
