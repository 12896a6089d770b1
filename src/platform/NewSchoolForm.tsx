// 'Nueva escuela' (issue 46): its id (the x-account-id: letters, digits, dashes), name, host names
// (one a line or comma-separated), the first administrator's e-mail and, optionally, a password
// (left empty, the administrator is e-mailed a link to choose one). The rules are the server's
// (domain/platform.ts), checked here first; what only the server knows (an id or host taken) comes
// back by the field it concerns, anything else at the top of the form.
import { useFormik } from 'formik';
import { Button } from 'react-bootstrap';
import * as Yup from 'yup';
import { TextField, LoadingButton } from '../lib/FormControls.tsx';
import { notifySuccess, serverMessage } from '../admin/feedback.ts';
import { HOST_PATTERN, normalHost, PLATFORM_MESSAGES, SCHOOL_ID_PATTERN } from '../domain/platform.ts';
import { useCreateSchoolMutation, type NewSchoolBody } from './api.ts';

const HOST = new RegExp(HOST_PATTERN);

/** 'a.do, b.do\nc.do' → ['a.do', 'b.do', 'c.do'], compared as the server does. */
export const hostList = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map(normalHost),
  ),
];

const schema = Yup.object({
  id: Yup.string()
    .trim()
    .required('Escriba el identificador de la escuela.')
    .matches(new RegExp(SCHOOL_ID_PATTERN), PLATFORM_MESSAGES.badId),
  name: Yup.string()
    .trim()
    .required('Escriba el nombre de la escuela.')
    .max(120, 'Admite hasta 120 caracteres.'),
  hosts: Yup.string()
    .required('Escriba al menos una dirección.')
    .test('hosts', (value, context) => {
      const hosts = hostList(value ?? '');
      if (hosts.length === 0) return context.createError({ message: 'Escriba al menos una dirección.' });
      if (hosts.length > 10) return context.createError({ message: 'Admite hasta 10 direcciones.' });
      const bad = hosts.find((host) => !HOST.test(host));
      return bad ? context.createError({ message: PLATFORM_MESSAGES.badHost(bad) }) : true;
    }),
  admin_email: Yup.string()
    .trim()
    .required('Escriba el correo del administrador.')
    .matches(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Escriba un correo válido, p. ej. direccion@escuela.do'),
  admin_password: Yup.string()
    .min(5, 'La contraseña debe tener entre 5 y 30 caracteres.')
    .max(30, 'La contraseña debe tener entre 5 y 30 caracteres.'),
});
type Values = Yup.InferType<typeof schema>;

const EMPTY: Values = { id: '', name: '', hosts: '', admin_email: '', admin_password: '' };

/** The field a refusal of the server concerns, if it names one. */
function fieldOf(message: string): keyof Values | null {
  if (message === PLATFORM_MESSAGES.idTaken || message === PLATFORM_MESSAGES.badId) return 'id';
  if (message.startsWith('La dirección')) return 'hosts';
  return null;
}

export function NewSchoolForm({ onClose }: { onClose: () => void }) {
  const [create] = useCreateSchoolMutation();
  const formik = useFormik<Values>({
    initialValues: EMPTY,
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      helpers.setStatus(undefined);
      const body: NewSchoolBody = {
        id: values.id.trim(),
        name: values.name.trim(),
        hosts: hostList(values.hosts),
        admin_email: values.admin_email.trim(),
        ...(values.admin_password ? { admin_password: values.admin_password } : {}),
      };
      try {
        notifySuccess((await create(body).unwrap()).message);
        helpers.resetForm();
        onClose();
      } catch (error) {
        // What was typed stays, with the server's reason by its field or above the form.
        const message = serverMessage(error) || 'No fue posible crear la escuela.';
        const field = fieldOf(message);
        if (field) helpers.setFieldError(field, message);
        else helpers.setStatus(message);
      }
    },
  });
  const failure = typeof formik.status === 'string' ? formik.status : '';

  return (
    <form
      id="new-school"
      className="card mb-3"
      noValidate
      onSubmit={formik.handleSubmit}
      aria-labelledby="new-school-title"
      aria-describedby={failure ? 'new-school-error' : undefined}
    >
      <div className="card-header">
        <h2 id="new-school-title" className="h6 mb-0">
          Nueva escuela
        </h2>
      </div>
      <div className="card-body">
        {failure && (
          <p id="new-school-error" className="alert alert-danger py-2" role="alert">
            {failure}
          </p>
        )}
        <div className="row">
          <div className="col-12 col-lg-6">
            <TextField
              formik={formik}
              name="id"
              label="Identificador *"
              autoComplete="off"
              help="Minúsculas, números y guiones, p. ej. los-tigres. Es la cuenta (x-account-id) de la escuela."
              transform={(value) => value.toLowerCase()}
            />
          </div>
          <div className="col-12 col-lg-6">
            <TextField
              formik={formik}
              name="name"
              label="Nombre *"
              autoComplete="organization"
              help="Como lo verán las familias, p. ej. Escuela de Baloncesto Los Tigres."
            />
          </div>
          <div className="col-12 col-lg-6">
            <TextField
              formik={formik}
              name="hosts"
              label="Direcciones *"
              multiline
              help="Una por línea o separadas por comas, sin https://, p. ej. tigres.example.do"
            />
          </div>
          <div className="col-12 col-lg-6">
            <TextField
              formik={formik}
              name="admin_email"
              label="Correo del primer administrador *"
              type="email"
              inputMode="email"
              autoComplete="email"
              help="Recibe el enlace para elegir su contraseña si no escribe una abajo."
            />
            <TextField
              formik={formik}
              name="admin_password"
              label="Contraseña del administrador (opcional)"
              type="password"
              autoComplete="new-password"
              help="De 5 a 30 caracteres. Vacía: el administrador la elige desde el correo."
            />
          </div>
        </div>
        <div className="d-flex flex-wrap gap-2 justify-content-end">
          <Button variant="secondary" className="admin-tap" onClick={onClose}>
            Cancelar
          </Button>
          <LoadingButton type="submit" loading={formik.isSubmitting} className="btn-primary admin-tap">
            Crear escuela
          </LoadingButton>
        </div>
      </div>
    </form>
  );
}
