// 'Lista de espera' (issues 18 and 54): the families waiting for a full week of a camp, in line
// order, with the child, the phone, since when, an offer's deadline. 'Subir' and 'Bajar' move a
// waiting family in its week's line (the next place freed goes to the first); the office adds a
// family that phoned, takes one out, and offers the next place now to a chosen one (held and
// e-mailed as the automatic offer is).
import { useId, useMemo, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../lib/DialogFrame.tsx';
import { AdminPage } from '../AdminPage.tsx';
import { CampPicker } from '../CampPicker.tsx';
import type { AdminColumn } from '../DataTable.tsx';
import { LabeledInputs, SmallFormCard } from '../fields.tsx';
import { FilterForm, LoadedTable } from '../TablePage.tsx';
import {
  useAddToWaitlistMutation,
  useMoveInWaitlistMutation,
  useOfferWaitlistPlaceMutation,
  useRemoveFromWaitlistMutation,
  useWaitlistQuery,
} from '../api.ts';
import { notifyError, notifySuccess, serverMessage, withServerMessage } from '../feedback.ts';
import { WAITLIST_STATUS_LABELS, type WaitlistView } from '../../domain/waitlist.ts';
import { formatPaymentDate } from '../../domain/enrolment.ts';
import { WeekPicker } from './EnrolmentFiltersForm.tsx';

const when = (iso: string | null) => (iso ? formatPaymentDate(new Date(iso)) : '—');
const familyOf = (entry: WaitlistView) => `${entry.child} (${entry.email})`;

/** What staff do to one request, asked before it is done. */
type Action = { kind: 'offer' | 'remove'; entry: WaitlistView };

function RowActions({ entry, onAsk }: { entry: WaitlistView; onAsk: (action: Action) => void }) {
  const [move, { isLoading }] = useMoveInWaitlistMutation();
  if (entry.status !== 'waiting' && entry.status !== 'offered') return null;
  const go = async (direction: 'up' | 'down') => {
    try {
      notifySuccess((await move({ id: entry._id, direction }).unwrap()).message);
    } catch (error) {
      notifyError(withServerMessage('No fue posible mover a la familia', error));
    }
  };
  const button = 'btn btn-outline-secondary admin-tap';
  // Two short rows (order, then offer and remove) keep the line's rows low on a desk.
  return (
    <div className="d-flex flex-column align-items-start gap-1">
      {entry.status === 'waiting' ? (
        <div className="d-flex gap-1 text-nowrap">
          <button
            type="button"
            className={button}
            disabled={isLoading || entry.position === 1}
            onClick={() => void go('up')}
            aria-label={`Subir a ${familyOf(entry)}`}
          >
            Subir
          </button>
          <button
            type="button"
            className={button}
            disabled={isLoading}
            onClick={() => void go('down')}
            aria-label={`Bajar a ${familyOf(entry)}`}
          >
            Bajar
          </button>
        </div>
      ) : null}
      <div className="d-flex gap-1 text-nowrap">
        {entry.status === 'waiting' ? (
          <button
            type="button"
            className="btn btn-outline-primary admin-tap"
            onClick={() => onAsk({ kind: 'offer', entry })}
            aria-label={`Ofrecer cupo a ${familyOf(entry)}`}
          >
            Ofrecer cupo
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-outline-danger admin-tap"
          onClick={() => onAsk({ kind: 'remove', entry })}
          aria-label={`Quitar a ${familyOf(entry)}`}
        >
          Quitar
        </button>
      </div>
    </div>
  );
}

/** Offering or removing, once staff confirm: what happens is said before, the server's answer after. */
function ActionDialog({ action, onClose }: { action: Action | null; onClose: () => void }) {
  const [offer, offering] = useOfferWaitlistPlaceMutation();
  const [remove, removing] = useRemoveFromWaitlistMutation();
  const entry = action?.entry;
  const confirm = async () => {
    if (!action) return;
    try {
      const call = action.kind === 'offer' ? offer(action.entry._id) : remove(action.entry._id);
      notifySuccess((await call.unwrap()).message);
    } catch (error) {
      notifyError(
        withServerMessage(
          action.kind === 'offer' ? 'No fue posible ofrecer el cupo' : 'No fue posible quitar a la familia',
          error,
        ),
      );
    }
    onClose();
  };
  return (
    <ConfirmDialog
      show={action !== null}
      onClose={onClose}
      titleId="waitlist-action-title"
      title={
        action?.kind === 'offer'
          ? `Ofrecer un cupo de ${entry?.week_name ?? ''}`
          : `Quitar de la lista de ${entry?.week_name ?? ''}`
      }
      backLabel="Cancelar"
      confirmLabel={action?.kind === 'offer' ? 'Ofrecer cupo' : 'Quitar de la lista'}
      confirmVariant={action?.kind === 'offer' ? 'primary' : 'danger'}
      busy={offering.isLoading || removing.isLoading}
      onConfirm={() => void confirm()}
    >
      {action?.kind === 'offer' ? (
        <p className="mb-0">
          {entry?.child} ({entry?.email}) pasa al primer lugar de la lista. Si hay un cupo libre, se le
          reserva ahora por el tiempo de oferta del campamento y se le avisa por correo; si no, recibe el
          próximo que se libere.
        </p>
      ) : (
        <p className="mb-0">
          {entry?.child} ({entry?.email}) sale de la lista de espera.
          {entry?.status === 'offered' ? ' El cupo que tenía reservado pasa a la siguiente familia.' : ''}
        </p>
      )}
    </ConfirmDialog>
  );
}

/** A family that phoned, put in the chosen week's line under its account's e-mail. */
function AddFamilyForm({ week }: { week: string }) {
  const [add, { isLoading }] = useAddToWaitlistMutation();
  const [email, setEmail] = useState('');
  const [child, setChild] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const ids = { email: useId(), child: useId(), phone: useId(), error: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setDone('');
    add({ week, email: email.trim(), child: child.trim(), phone: phone.trim() })
      .unwrap()
      .then((answer) => {
        setDone(answer.message);
        setEmail('');
        setChild('');
        setPhone('');
      })
      .catch((failure: unknown) =>
        setError(serverMessage(failure) || 'No fue posible agregar a la familia.'),
      );
  };
  if (!week)
    return (
      <p className="small text-body-secondary">
        Elija el campamento y la semana para agregar a una familia que llamó.
      </p>
    );
  return (
    <SmallFormCard
      titleId="waitlist-add-title"
      title="Agregar una familia que llamó"
      onSubmit={submit}
      submitLabel="Agregar a la lista"
      submitColumn="col-12 col-md-3"
      busy={isLoading}
      error={error}
      errorId={ids.error}
      done={done}
    >
      <LabeledInputs
        fields={[
          {
            id: ids.email,
            name: 'email',
            label: 'Correo de la cuenta',
            type: 'email',
            inputMode: 'email',
            value: email,
            onChange: setEmail,
          },
          { id: ids.child, name: 'child', label: 'Participante', value: child, onChange: setChild },
          {
            id: ids.phone,
            name: 'phone',
            label: 'Teléfono',
            type: 'tel',
            inputMode: 'tel',
            autoComplete: 'off',
            value: phone,
            onChange: setPhone,
          },
        ]}
        className="col-12 col-md-3"
        error={error ? ids.error : undefined}
      />
    </SmallFormCard>
  );
}

export function WaitlistPage() {
  const [campament, setCampament] = useState('');
  const [week, setWeek] = useState('');
  const [action, setAction] = useState<Action | null>(null);
  const list = useWaitlistQuery({ ...(campament ? { campament } : {}), ...(week ? { week } : {}) });
  const columns = useMemo<Array<AdminColumn<WaitlistView>>>(
    () => [
      { id: 'week', header: 'Semana', cell: ({ row }) => row.original.week_name },
      { id: 'position', header: 'Posición', cell: ({ row }) => row.original.position ?? '—' },
      {
        id: 'family',
        header: 'Familia',
        cell: ({ row }) => (
          <>
            {row.original.email}
            <span className="d-block small text-body-secondary">{row.original.child}</span>
          </>
        ),
      },
      {
        id: 'phone',
        header: 'Teléfono',
        cell: ({ row }) =>
          row.original.phone ? (
            <a href={`tel:${row.original.phone.replace(/[^\d+]/g, '')}`} className="text-nowrap">
              {row.original.phone}
            </a>
          ) : (
            '—'
          ),
      },
      {
        id: 'status',
        header: 'Estado',
        cell: ({ row }) => (
          <>
            {WAITLIST_STATUS_LABELS[row.original.status]}
            {row.original.status === 'offered' ? (
              <span className="d-block small">hasta el {when(row.original.offer_expires_at)}</span>
            ) : null}
          </>
        ),
      },
      { id: 'created_at', header: 'Desde', cell: ({ row }) => when(row.original.created_at) },
      {
        id: 'actions',
        header: 'Acciones',
        cell: ({ row }) => <RowActions entry={row.original} onAsk={setAction} />,
      },
    ],
    [],
  );
  return (
    <AdminPage title="Lista de espera">
      <FilterForm search={false} className="row g-2 align-items-end mb-3">
        <div className="col-12 col-md-6">
          <CampPicker
            id="waitlist-camp"
            value={campament}
            onChange={(id) => {
              setCampament(id);
              setWeek('');
            }}
            allowAll
          />
        </div>
        <div className="col-12 col-md-6">
          <WeekPicker id="waitlist-week" campament={campament} value={week} onChange={setWeek} />
        </div>
      </FilterForm>
      <AddFamilyForm week={week} />
      <LoadedTable
        load={list}
        errorText="Error al cargar la lista de espera"
        empty="Nadie está en lista de espera."
        caption="Lista de espera"
        columns={columns}
      />
      <ActionDialog action={action} onClose={() => setAction(null)} />
    </AdminPage>
  );
}
