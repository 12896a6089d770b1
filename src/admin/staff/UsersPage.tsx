// 'Usuarios' (issue 25): each staff member signs in as themselves with a role. An administrator
// creates a member (name, e-mail, role; the member gets an e-mail to choose a password), changes a
// role, deactivates or reactivates, and sends a new password link. The last administrator can
// never be demoted or deactivated (the server says so). A coach is assigned the weeks and
// categories they run ('Asignar'): their rosters and camp day show those only.
import { useId, useMemo, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../lib/DialogFrame.tsx';
import { CampPicker } from '../CampPicker.tsx';
import { AdminPage } from '../AdminPage.tsx';
import { LabeledInputs, SmallFormCard } from '../fields.tsx';
import type { AdminColumn } from '../DataTable.tsx';
import { LoadedTable } from '../TablePage.tsx';
import {
  useAreaList,
  useCreateStaffMutation,
  useResetStaffPasswordMutation,
  useStaffQuery,
  useUpdateStaffMutation,
} from '../api.ts';
import { notifyError, notifySuccess, serverMessage, withServerMessage } from '../feedback.ts';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole, type StaffView } from '../../domain/roles.ts';
import { ValueOptions } from '../../lib/Options.tsx';

function RoleOptions() {
  return (
    <>
      <ValueOptions values={STAFF_ROLES} label={(role) => STAFF_ROLE_LABELS[role]} />
    </>
  );
}

function NewMemberForm() {
  const [create, { isLoading }] = useCreateStaffMutation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('oficina');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const ids = { name: useId(), email: useId(), role: useId(), error: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setDone('');
    create({ name: name.trim(), email: email.trim(), role })
      .unwrap()
      .then((answer) => {
        setDone(answer.message);
        setName('');
        setEmail('');
      })
      .catch((failure: unknown) => setError(serverMessage(failure) || 'No fue posible crear la cuenta.'));
  };
  const described = error ? ids.error : undefined;
  return (
    <SmallFormCard
      titleId="new-member-title"
      title="Nuevo miembro del personal"
      onSubmit={submit}
      submitLabel="Crear cuenta"
      busy={isLoading}
      error={error}
      errorId={ids.error}
      done={done}
    >
      <LabeledInputs
        fields={[
          { id: ids.name, name: 'name', label: 'Nombre', value: name, onChange: setName },
          {
            id: ids.email,
            name: 'email',
            label: 'Correo electrónico',
            type: 'email',
            inputMode: 'email',
            value: email,
            onChange: setEmail,
          },
        ]}
        className="col-12 col-md-4"
        error={described}
      />
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
    </SmallFormCard>
  );
}

/** A list of checkboxes, each a 44 px row (a phone at the gate uses this screen too). */
function Choices({
  legend,
  name,
  options,
  chosen,
  onToggle,
  empty,
}: {
  legend: string;
  name: string;
  options: Array<{ _id: string; name: string }>;
  chosen: readonly string[];
  onToggle: (id: string) => void;
  empty: string;
}) {
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">{legend}</legend>
      {options.length === 0 ? <p className="small text-body-secondary mb-0">{empty}</p> : null}
      {options.map((option) => (
        <div key={option._id} className="form-check admin-check-row">
          <input
            id={`${name}-${option._id}`}
            name={name}
            type="checkbox"
            className="form-check-input"
            checked={chosen.includes(option._id)}
            onChange={() => onToggle(option._id)}
          />
          <label htmlFor={`${name}-${option._id}`} className="form-check-label">
            {option.name}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

/**
 * A coach's weeks and categories, a camp at a time: what is ticked in the camp shown replaces that
 * camp's part of the lists; other camps' assignments stay. No category ticked: all of them.
 */
function AssignDialog({ member, onClose }: { member: StaffView | null; onClose: () => void }) {
  const [update, { isLoading }] = useUpdateStaffMutation();
  const [campament, setCampament] = useState('');
  const [weeks, setWeeks] = useState<string[]>(member?.weeks ?? []);
  const [categories, setCategories] = useState<string[]>(member?.categories ?? []);
  const [error, setError] = useState('');
  const params = { campament, sort: 'order', page: 1, limit: 100 } as const;
  const campWeeks = useAreaList('semanas', params, !campament);
  const campCategories = useAreaList('categorias', params, !campament);
  const toggle = (list: string[], set: (next: string[]) => void) => (id: string) =>
    set(list.includes(id) ? list.filter((one) => one !== id) : [...list, id]);
  const save = () =>
    update({ _id: member!._id, weeks, categories })
      .unwrap()
      .then((answer) => {
        notifySuccess(answer.message);
        onClose();
      })
      .catch((failure: unknown) => setError(serverMessage(failure) || 'No fue posible guardar.'));
  return (
    <ConfirmDialog
      show={member !== null}
      onClose={onClose}
      titleId="assign-title"
      title={<>Semanas y categorías de {member?.name || member?.email}</>}
      backLabel="Cancelar"
      confirmLabel="Guardar"
      busy={isLoading}
      onConfirm={() => void save()}
    >
      <div className="mb-3">
        <CampPicker id="assign-camp" value={campament} onChange={setCampament} />
      </div>
      {campament ? (
        [
          {
            legend: 'Semanas',
            name: 'weeks',
            options: campWeeks.data?.data ?? [],
            chosen: weeks,
            onToggle: toggle(weeks, setWeeks),
            empty: 'Este campamento no tiene semanas.',
          },
          {
            legend: 'Categorías (ninguna marcada: todas)',
            name: 'categories',
            options: campCategories.data?.data ?? [],
            chosen: categories,
            onToggle: toggle(categories, setCategories),
            empty: 'Este campamento no tiene categorías.',
          },
        ].map((choices) => <Choices key={choices.name} {...choices} />)
      ) : (
        <p className="small text-body-secondary">Elija un campamento para ver sus semanas y categorías.</p>
      )}
      {error ? (
        <p className="text-danger small mb-0" role="alert">
          {error}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}

export function UsersPage() {
  const list = useStaffQuery();
  const [update] = useUpdateStaffMutation();
  const [reset] = useResetStaffPasswordMutation();
  const [assigning, setAssigning] = useState<StaffView | null>(null);
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
            className="form-select admin-tap admin-cell-select"
            value={row.original.role}
            onChange={(event) => void change(row.original, { role: event.target.value as StaffRole })}
          >
            <RoleOptions />
          </select>
        ),
      },
      {
        id: 'assigned',
        header: 'Semanas asignadas',
        cell: ({ row }) =>
          row.original.role === 'entrenador' ? (
            <>
              <span className="d-block small">{row.original.assigned}</span>
              <button
                type="button"
                className="btn btn-outline-primary btn-sm admin-tap mt-1"
                aria-label={`Asignar semanas a ${row.original.email}`}
                onClick={() => setAssigning(row.original)}
              >
                Asignar
              </button>
            </>
          ) : (
            <span className="small text-body-secondary">Todas</span>
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
      {/* Keyed by the member: the dialog starts from that member's lists each time. */}
      <AssignDialog key={assigning?._id ?? 'none'} member={assigning} onClose={() => setAssigning(null)} />
      <LoadedTable
        load={list}
        errorText="Error al cargar los usuarios"
        caption="Personal"
        columns={columns}
      />
    </AdminPage>
  );
}
