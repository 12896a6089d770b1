// 'Lista de espera' (issue 18): the families waiting for a full week of a camp, in line order, with
// the child, since when, an offer's deadline; 'Subir' and 'Bajar' move a waiting family in its
// week's line (the next place freed goes to the first).
import { useMemo, useState } from 'react';
import { AdminPage } from '../AdminPage.tsx';
import { CampPicker } from '../CampPicker.tsx';
import type { AdminColumn } from '../DataTable.tsx';
import { FilterForm, LoadedTable } from '../TablePage.tsx';
import { useMoveInWaitlistMutation, useWaitlistQuery } from '../api.ts';
import { notifyError, notifySuccess, withServerMessage } from '../feedback.ts';
import { WAITLIST_STATUS_LABELS, type WaitlistView } from '../../domain/waitlist.ts';
import { formatPaymentDate } from '../../domain/enrolment.ts';
import { WeekPicker } from './EnrolmentFiltersForm.tsx';

const when = (iso: string | null) => (iso ? formatPaymentDate(new Date(iso)) : '—');

function MoveButtons({ entry }: { entry: WaitlistView }) {
  const [move, { isLoading }] = useMoveInWaitlistMutation();
  if (entry.status !== 'waiting') return null;
  const go = async (direction: 'up' | 'down') => {
    try {
      notifySuccess((await move({ id: entry._id, direction }).unwrap()).message);
    } catch (error) {
      notifyError(withServerMessage('No fue posible mover a la familia', error));
    }
  };
  return (
    <div className="d-flex gap-1">
      <button
        type="button"
        className="btn btn-outline-secondary admin-tap"
        disabled={isLoading || entry.position === 1}
        onClick={() => void go('up')}
        aria-label={`Subir a ${entry.child} (${entry.email})`}
      >
        Subir
      </button>
      <button
        type="button"
        className="btn btn-outline-secondary admin-tap"
        disabled={isLoading}
        onClick={() => void go('down')}
        aria-label={`Bajar a ${entry.child} (${entry.email})`}
      >
        Bajar
      </button>
    </div>
  );
}

export function WaitlistPage() {
  const [campament, setCampament] = useState('');
  const [week, setWeek] = useState('');
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
      { id: 'actions', header: 'Orden', cell: ({ row }) => <MoveButtons entry={row.original} /> },
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
      <LoadedTable
        error={list.error}
        errorText="Error al cargar la lista de espera"
        empty="Nadie está en lista de espera."
        caption="Lista de espera"
        columns={columns}
        rows={list.data}
        rowId={(entry) => entry._id}
      />
    </AdminPage>
  );
}
