// Frame shared by the sign-in, registration and password pages (AdminLTE 4 login box), and the
// form those pages put in it: the fields, then one full-width submit button.
import type { ReactNode } from 'react';
import type { FormikProps } from 'formik';
import { Link } from 'react-router-dom';
import { LOGO_URL as logo } from './logo.ts';
import { DocumentTitle } from './DocumentTitle.tsx';
import { PageShown } from './nextPages.ts';
import { LoadingButton, TextField, type TextFieldProps } from './FormControls.tsx';

export function AuthFrame({
  title,
  links = [],
  children,
}: {
  title: string;
  /** The ways on under the form (address, text), one a line. */
  links?: readonly (readonly [string, string])[];
  children?: ReactNode;
}) {
  return (
    <main className="login-page bg-body-secondary min-vh-100 d-flex align-items-center justify-content-center px-3">
      <DocumentTitle title={title} />
      <PageShown />
      <div className="login-box w-100" style={{ maxWidth: 400 }}>
        <div className="card card-outline card-primary">
          <div className="card-header text-center">
            <img src={logo} alt="Escuela de baloncesto" width={72} height={72} />
          </div>
          <div className="card-body login-card-body">
            <h1 className="h4 text-center mb-3">{title}</h1>
            {children}
            {links.map(([to, text], index) => (
              <p
                key={to}
                className={`${index === links.length - 1 ? 'mb-0' : 'mb-1'}${index === 0 ? ' mt-3' : ''}`}
              >
                <Link to={to}>{text}</Link>
              </p>
            ))}
          </div>
        </div>
      </div>
    </main>
  );
}

/** A field of an AuthForm: a TextField's props but the form, which AuthForm passes. */
export type AuthField<V> = Omit<TextFieldProps<V>, 'formik'>;

export function AuthForm<V>({
  formik,
  fields,
  submit,
  loading = formik.isSubmitting,
  disabled,
  submitClassName,
  label,
  children,
}: {
  formik: FormikProps<V>;
  fields: readonly AuthField<V>[];
  /** The submit button's text. */
  submit: string;
  /** The submit button's spinner; the form's own submitting state unless the page keeps its own. */
  loading?: boolean;
  /** Off while another way of signing in of the page runs. */
  disabled?: boolean;
  submitClassName?: string;
  /** The form's accessible name, where the page has more than one way in. */
  label?: string;
  /** What stands between the fields and the button (e.g. a checkbox). */
  children?: ReactNode;
}) {
  return (
    <form noValidate onSubmit={formik.handleSubmit} aria-label={label}>
      {fields.map((field) => (
        <TextField key={field.name} formik={formik} {...field} />
      ))}
      {children}
      <div className="d-grid">
        <LoadingButton type="submit" loading={loading} disabled={disabled} className={submitClassName}>
          {submit}
        </LoadingButton>
      </div>
    </form>
  );
}

/** The frame's outcome notes: what the server answered once done, or why it failed. */
export function AuthNote({ tone, children }: { tone: 'success' | 'danger'; children: ReactNode }) {
  return (
    <div className={`alert alert-${tone}`} role={tone === 'success' ? 'status' : 'alert'}>
      {children}
    </div>
  );
}
