// 'Usuarios' (issue 25): each staff member signs in as themselves with a role. An administrator
// creates a member (name, e-mail, role; the member gets an e-mail to choose a password), changes a
// role, deactivates or reactivates, and sends a new password link. The last administrator can
// never be demoted or deactivated (the server says so).
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Button } from 'react-bootstrap';
import { AdminPage } from '../AdminPage.tsx';
import { LabeledInput } from '../fields.tsx';
import { DataTable, type AdminColumn } from '../DataTable.tsx';
import {
  useCreateStaffMutation,
  useResetStaffPasswordMutation,
  useStaffQuery,
  useUpdateStaffMutation,
} from '../api.ts';
import { notifyError, notifySuccess, serverMessage, withServerMessage } from '../feedback.ts';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole, type StaffView } from '../../domain/roles.ts';

function RoleOptions() {
  return (
    <>
      {STAFF_ROLES.map((role) => (
        <option key={role} value={role}>
          {STAFF_ROLE_LABELS[role]}
        </option>
      ))}
    </>
  );
}

function NewMemberForm() {
  const [create, { isLoading }] = useCreateStaffMutation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('oficina');
  const [error, setError] = useState('');
  const ids = { name: useId(), email: useId(), role: useId(), error: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError('');
    create({ name: name.trim(), email: email.trim(), role })
      .unwrap()
      .then((answer) => {
        notifySuccess(answer.message);
        setName('');
        setEmail('');
      })
      .catch((failure: unknown) => setError(serverMessage(failure) || 'No fue posible crear la cuenta.'));
  };
  const described = error ? ids.error : undefined;
  return (
    <form className="card mb-3" onSubmit={submit} noValidate aria-labelledby="new-member-title">
      <div className="card-header">
        <h2 id="new-member-title" className="h6 mb-0">
          Nuevo miembro del personal
        </h2>
      </div>
      <div className="card-body row g-2 align-items-end">
        {(
          [
            {
              id: ids.name,
              name: 'name',
              label: 'Nombre',
              type: 'text',
              mode: 'text',
              value: name,
              set: setName,
            },
            {
              id: ids.email,
              name: 'email',
              label: 'Correo electrónico',
              type: 'email',
              mode: 'email',
              value: email,
              set: setEmail,
            },
          ] as const
        ).map((field) => (
          <LabeledInput
            key={field.name}
            id={field.id}
            name={field.name}
            label={field.label}
            type={field.type}
            inputMode={field.mode}
            value={field.value}
            onChange={field.set}
            className="col-12 col-md-4"
            error={described}
          />
        ))}
        <div className="col-12 col-md-2">
          <label htmlFor={ids.role} className="form-label">
            Rol
          </label>
          <select
            id={ids.role}
            name="role"
            autoComplete="off"
            className="form-select admin-tap"
            value={role}
            onChange={(event) => setRole(event.target.value as StaffRole)}
          >
            <RoleOptions />
          </select>
        </div>
        <div className="col-12 col-md-2">
          <Button type="submit" className="admin-tap w-100" disabled={isLoading}>
            Crear cuenta
          </Button>
        </div>
        {error ? (
          <p id={ids.error} className="text-danger small mb-0" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </form>
  );
}

export function UsersPage() {
  const list = useStaffQuery();
  const [update] = useUpdateStaffMutation();
  const [reset] = useResetStaffPasswordMutation();
  const columns = useMemo<Array<AdminColumn<StaffView>>>(() => {
    const change = (member: StaffView, patch: { role?: StaffRole; active?: boolean }) =>
      update({ _id: member._id, ...patch })
        .unwrap()
        .then((answer) => notifySuccess(answer.message))
        .catch((error: unknown) => notifyError(withServerMessage('No fue posible guardar', error)));
    return [
      {
        id: 'name',
        header: 'Nombre',
        cell: ({ row }) => (
          <>
            {row.original.name || '—'}
            <span className="d-block small text-body-secondary">{row.original.email}</span>
          </>
        ),
      },
      {
        id: 'role',
        header: 'Rol',
        cell: ({ row }) => (
          <select
            name={`role-${row.original._id}`}
            autoComplete="off"
            aria-label={`Rol de ${row.original.email}`}
            className="form-select admin-tap"
            value={row.original.role}
            onChange={(event) => void change(row.original, { role: event.target.value as StaffRole })}
          >
            <RoleOptions />
          </select>
        ),
      },
      {
        id: 'status',
        header: 'Estado',
        cell: ({ row }) => (row.original.status === 'active' ? 'Activo' : 'Inactivo'),
      },
      {
        id: 'actions',
        header: 'Acciones',
        cell: ({ row }) => (
          <div className="d-flex flex-wrap gap-1">
            <button
              type="button"
              className="btn btn-outline-secondary admin-tap"
              aria-label={`${row.original.status === 'active' ? 'Desactivar' : 'Activar'} a ${row.original.email}`}
              onClick={() => void change(row.original, { active: row.original.status !== 'active' })}
            >
              {row.original.status === 'active' ? 'Desactivar' : 'Activar'}
            </button>
            {row.original.status === 'active' ? (
              <button
                type="button"
                className="btn btn-outline-primary admin-tap"
                aria-label={`Enviar enlace de contraseña a ${row.original.email}`}
                onClick={() =>
                  void reset(row.original._id)
                    .unwrap()
                    .then((answer) => notifySuccess(answer.message))
                    .catch((error: unknown) => notifyError(withServerMessage('No fue posible enviar', error)))
                }
              >
                Enviar enlace de contraseña
              </button>
            ) : null}
          </div>
        ),
      },
    ];
  }, [update, reset]);
  return (
    <AdminPage title="Usuarios">
      <NewMemberForm />
      {list.error ? (
        <p role="alert">{withServerMessage('Error al cargar los usuarios', list.error)}</p>
      ) : !list.data ? (
        <p role="status">Cargando…</p>
      ) : (
        <div className="card">
          <div className="card-body p-0">
            <DataTable
              caption="Personal"
              columns={columns}
              rows={list.data}
              sorting={[]}
              onSortingChange={() => {}}
              sortable={[]}
              rowId={(member) => member._id}
            />
          </div>
        </div>
      )}
    </AdminPage>
  );
}
