// The two forms of the profile's Configuración tab: contact details and password. Both call
// POST /api/usuarios/update and show the server's message.
import { useFormik } from 'formik';
import { useState } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import * as yup from 'yup';
import { loadUser, loginUser } from '../auth/authSlice.ts';
import { PASSWORD_MAX, PASSWORD_MIN, PROFILE_MAX, type PublicUser } from '../domain/accounts.ts';
import { useAppDispatch } from '../lib/hooks.ts';
import { updateAccount, type ProfileChanges } from './accountApi.ts';

type Outcome = { variant: 'success' | 'danger'; message: string } | null;

const FAILED = 'No fue posible guardar los cambios. Intente de nuevo.';

async function save(
  userId: string,
  changes: ProfileChanges,
): Promise<{ outcome: Outcome; user?: PublicUser; token?: string }> {
  try {
    const answer = await updateAccount(userId, changes);
    return {
      outcome: { variant: 'success', message: answer.message },
      user: answer.data,
      ...(answer.token ? { token: answer.token } : {}),
    };
  } catch (error) {
    return { outcome: { variant: 'danger', message: error instanceof Error ? error.message : FAILED } };
  }
}

export const profileSchema = yup.object({
  name: yup.string().trim().max(PROFILE_MAX.name, `El nombre admite hasta ${PROFILE_MAX.name} caracteres.`),
  phone: yup
    .string()
    .trim()
    .max(PROFILE_MAX.phone, `El teléfono admite hasta ${PROFILE_MAX.phone} caracteres.`),
  address: yup
    .string()
    .trim()
    .max(PROFILE_MAX.address, `La dirección admite hasta ${PROFILE_MAX.address} caracteres.`),
});

export function ProfileForm({ user, onSaved }: { user: PublicUser; onSaved: (user: PublicUser) => void }) {
  const dispatch = useAppDispatch();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useFormik({
    initialValues: { name: user.name, phone: user.phone, address: user.address },
    validationSchema: profileSchema,
    onSubmit: async (values) => {
      setOutcome(null);
      const result = await save(user._id, {
        name: values.name.trim(),
        phone: values.phone.trim(),
        address: values.address.trim(),
      });
      setOutcome(result.outcome);
      if (result.user) {
        onSaved(result.user);
        dispatch(loadUser(result.user));
      }
    },
  });

  const field = (name: 'name' | 'phone' | 'address', label: string, help: string) => (
    <Form.Group className="mb-3" controlId={`profile-${name}`}>
      <Form.Label>{label}</Form.Label>
      {name === 'address' ? (
        <Form.Control
          as="textarea"
          rows={2}
          autoComplete="street-address"
          {...form.getFieldProps(name)}
          isInvalid={Boolean(form.touched[name] && form.errors[name])}
        />
      ) : (
        <Form.Control
          type={name === 'phone' ? 'tel' : 'text'}
          autoComplete={name === 'phone' ? 'tel-national' : 'name'}
          {...form.getFieldProps(name)}
          isInvalid={Boolean(form.touched[name] && form.errors[name])}
        />
      )}
      <Form.Text>{help}</Form.Text>
      <Form.Control.Feedback type="invalid">{form.errors[name]}</Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <Form noValidate onSubmit={form.handleSubmit} aria-labelledby="profile-data-title">
      <h3 id="profile-data-title" className="h6">
        Datos personales
      </h3>
      {field('name', 'Nombre', 'Ej. María Pérez')}
      {field('phone', 'Teléfono', 'Ej. 809-555-1234')}
      {field('address', 'Dirección', 'Ej. Calle El Conde 101, Santo Domingo')}
      {outcome ? <Alert variant={outcome.variant}>{outcome.message}</Alert> : null}
      <Button type="submit" disabled={form.isSubmitting}>
        {form.isSubmitting ? <Spinner animation="border" size="sm" className="me-2" /> : null}
        Guardar datos
      </Button>
    </Form>
  );
}

const PASSWORD_LENGTH = `La contraseña debe tener entre ${PASSWORD_MIN} y ${PASSWORD_MAX} caracteres.`;

export const passwordSchema = yup.object({
  currentPassword: yup.string().required('Escriba su contraseña actual.'),
  newPassword: yup
    .string()
    .required('Escriba la nueva contraseña.')
    .min(PASSWORD_MIN, PASSWORD_LENGTH)
    .max(PASSWORD_MAX, PASSWORD_LENGTH),
  confirmPassword: yup
    .string()
    .required('Confirme la nueva contraseña.')
    .oneOf([yup.ref('newPassword')], 'Las contraseñas no coinciden.'),
});

export function PasswordForm({ userId }: { userId: string }) {
  const dispatch = useAppDispatch();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useFormik({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validationSchema: passwordSchema,
    onSubmit: async (values, helpers) => {
      setOutcome(null);
      const result = await save(userId, {
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      setOutcome(result.outcome);
      // The server ended every other session; this one goes on with the token it answered.
      if (result.token) dispatch(loginUser(result.token, userId));
      if (result.user) helpers.resetForm();
    },
  });

  const field = (name: 'currentPassword' | 'newPassword' | 'confirmPassword', label: string) => (
    <Form.Group className="mb-3" controlId={`profile-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="password"
        autoComplete={name === 'currentPassword' ? 'current-password' : 'new-password'}
        {...form.getFieldProps(name)}
        isInvalid={Boolean(form.touched[name] && form.errors[name])}
      />
      <Form.Control.Feedback type="invalid">{form.errors[name]}</Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <Form noValidate onSubmit={form.handleSubmit} aria-labelledby="profile-password-title">
      <h3 id="profile-password-title" className="h6">
        Cambiar contraseña
      </h3>
      {field('currentPassword', 'Contraseña actual')}
      {field('newPassword', 'Nueva contraseña')}
      {field('confirmPassword', 'Confirmar nueva contraseña')}
      {outcome ? <Alert variant={outcome.variant}>{outcome.message}</Alert> : null}
      <Button type="submit" disabled={form.isSubmitting}>
        {form.isSubmitting ? <Spinner animation="border" size="sm" className="me-2" /> : null}
        Cambiar contraseña
      </Button>
    </Form>
  );
}
