// 'Inscripciones': every order, searched by order number, parent or child, filtered by camp, week,
// state and date, paged by the server; the export buttons download exactly what is filtered, and
// 'Nueva inscripción' enrols a family at the counter (./WalkInDialog.tsx).
import { useEffect, useMemo, useState } from 'react';
import { Button } from 'react-bootstrap';
import { Link } from '../../lib/links.tsx';
import { AdminPage } from '../AdminPage.tsx';
import type { AdminColumn } from '../DataTable.tsx';
import { counted, pageOf, TableCard } from '../TablePage.tsx';
import { useEnrolmentsQuery } from '../api.ts';
import { formatDay, notifyError, withServerMessage } from '../feedback.ts';
import { formatDop } from '../../domain/pricing.ts';
import type { EnrolmentFilters, EnrolmentSummary } from '../../domain/staff.ts';
import { EnrolmentFiltersForm } from './EnrolmentFiltersForm.tsx';
import { useDebounced, useUrlFilters } from '../filters.tsx';
import { ExportButtons } from './ExportButtons.tsx';
import { StateBadge } from './StateBadge.tsx';
import { WalkInDialog } from './WalkInDialog.tsx';

const PAGE_SIZE = 20;

/** '25 min', '3 h', '2 días': how long a payment has been waiting. */
export function waitingFor(since: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - new Date(since).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.round(hours / 24)} días`;
}

export function EnrolmentsPage() {
  const { filters, page, setFilters, setPage } = useUrlFilters<EnrolmentFilters>();
  const q = useDebounced(filters.q ?? '');
  const query = { ...filters, q, page, limit: PAGE_SIZE };
  const list = useEnrolmentsQuery(query);
  // A family at the counter or on the phone (issue 54).
  const [walkIn, setWalkIn] = useState(false);
  const { rows, total, pages } = pageOf(list.data, PAGE_SIZE);
  useEffect(() => {
    if (list.error) notifyError(withServerMessage('Error al cargar inscripciones', list.error));
  }, [list.error]);

  const columns = useMemo<Array<AdminColumn<EnrolmentSummary>>>(
    () => [
      {
        id: 'order_number',
        header: 'Orden',
        cell: ({ row }) => (
          <Link to={`/admin/inscripciones/${row.original._id}`} className="admin-tap d-inline-block">
            {row.original.order_number}
          </Link>
        ),
      },
      { id: 'created_at', header: 'Fecha', cell: ({ row }) => formatDay(row.original.created_at) },
      {
        id: 'family',
        header: 'Familia',
        cell: ({ row }) => (
          <>
            <span className="d-block">{row.original.parent_name}</span>
            <span className="small text-body-secondary">{row.original.parent_email}</span>
          </>
        ),
      },
      { id: 'children', header: 'Participantes', cell: ({ row }) => row.original.children.join(', ') },
      { id: 'camp_name', header: 'Campamento', cell: ({ row }) => row.original.camp_name },
      { id: 'amount', header: 'Monto', cell: ({ row }) => formatDop(row.original.amount) },
      {
        id: 'state',
        header: 'Estado',
        cell: ({ row }) => (
          <>
            <StateBadge
              state={row.original.state}
              refund={row.original.refund_status}
              failure={row.original.failure}
            />
            {row.original.state === 'pending' && (
              <span className="d-block small text-body-secondary">
                hace {waitingFor(row.original.created_at)}
              </span>
            )}
          </>
        ),
      },
    ],
    [],
  );

  return (
    <AdminPage
      title="Inscripciones"
      actions={
        <>
          <Button variant="primary" className="admin-tap" onClick={() => setWalkIn(true)}>
            Nueva inscripción
          </Button>
          <ExportButtons filters={{ ...filters, q }} />
        </>
      }
    >
      {walkIn && <WalkInDialog onClose={() => setWalkIn(false)} />}
      <TableCard
        filters={<EnrolmentFiltersForm filters={filters} onChange={setFilters} />}
        load={list}
        skeleton
        empty="No se encontraron inscripciones con esos filtros."
        caption="Inscripciones"
        columns={columns}
        rows={rows}
        pager={{ page, pages, summary: counted(total, 'inscripción', 'inscripciones'), onPage: setPage }}
      />
    </AdminPage>
  );
}
