// 'Cuentas por cobrar' (issue 20): what each family owes per child of an annual program, with the
// aging buckets (al día, 1-30, 31-60, 61-90, más de 90 días) and their totals, filters by program,
// state and text, the Excel/CSV export of what is filtered, and a link to each enrolment's ledger.
import { useMemo } from 'react';
import { Link } from '../../lib/links.tsx';
import { AdminPage } from '../AdminPage.tsx';
import { CampPicker } from '../CampPicker.tsx';
import type { AdminColumn } from '../DataTable.tsx';
import { useReceivablesQuery } from '../api.ts';
import { FilterForm, LoadedTable, SearchInput } from '../TablePage.tsx';
import { ExportButtons } from './ExportButtons.tsx';
import { useDebounced, useUrlFilters } from '../filters.tsx';
import { formatDop } from '../../domain/pricing.ts';
import { formatDueDay } from '../../domain/plans.ts';
import {
  AGING_BUCKETS,
  agingLabel,
  RECEIVABLE_STATES,
  RECEIVABLE_STATE_LABELS,
  type ReceivableState,
} from '../../domain/ledger.ts';
import { type ReceivableRowAnswer } from '../../domain/schemas/ledger.ts';
import { SelectBox } from '../../lib/SelectBox.tsx';
import { ValueOptions } from '../../lib/Options.tsx';

export function ReceivablesPage() {
  // Kept in the address (issue 24): Back and reload bring the list back as it was.
  const url = useUrlFilters<{ campament: string; state: string; q: string }>();
  const campament = url.filters.campament ?? '';
  const state = (RECEIVABLE_STATES as readonly string[]).includes(url.filters.state ?? '')
    ? (url.filters.state as ReceivableState)
    : '';
  const q = url.filters.q ?? '';
  const set = (next: { campament?: string; state?: string; q?: string }) =>
    url.setFilters({ campament, state, q, ...next });
  const searched = useDebounced(q).trim();
  const filters = {
    ...(campament ? { campament } : {}),
    ...(state ? { state } : {}),
    ...(searched ? { q: searched } : {}),
  };
  const list = useReceivablesQuery(filters);
  const columns = useMemo<Array<AdminColumn<ReceivableRowAnswer>>>(
    () => [
      {
        id: 'family',
        header: 'Familia',
        cell: ({ row }) => (
          <>
            <Link to={`/admin/cuentas/${row.original.enrolment_id}`}>Orden {row.original.order_number}</Link>
            <span className="d-block small">{row.original.parent_name}</span>
            <span className="d-block small text-body-secondary">{row.original.parent_email}</span>
          </>
        ),
      },
      {
        id: 'child',
        header: 'Participante',
        cell: ({ row }) => (
          <>
            {row.original.child}
            <span className="d-block small text-body-secondary">{row.original.camp_name}</span>
            {row.original.cancelled ? <span className="badge text-bg-secondary">Cancelada</span> : null}
          </>
        ),
      },
      { id: 'paid', header: 'Pagado', cell: ({ row }) => formatDop(row.original.paid) },
      {
        id: 'balance',
        header: 'Saldo',
        cell: ({ row }) => <span data-testid="receivable-balance">{formatDop(row.original.balance)}</span>,
      },
      { id: 'overdue', header: 'Vencido', cell: ({ row }) => formatDop(row.original.overdue) },
      {
        id: 'bucket',
        header: 'Antigüedad',
        cell: ({ row }) => agingLabel(row.original),
      },
      {
        id: 'next_due',
        header: 'Próximo vencimiento',
        cell: ({ row }) => (row.original.next_due ? formatDueDay(row.original.next_due) : '—'),
      },
    ],
    [],
  );
  const totals = list.data?.totals;
  return (
    <AdminPage
      title="Cuentas por cobrar"
      actions={<ExportButtons path="/cuentas/export" filters={filters} />}
    >
      <FilterForm search={false} className="row g-2 align-items-end mb-3">
        <div className="col-12 col-md-4">
          <CampPicker
            id="receivables-camp"
            value={campament}
            onChange={(value) => set({ campament: value })}
            allowAll
          />
        </div>
        <div className="col-12 col-md-4">
          <SelectBox
            id="receivables-state"
            name="state"
            label="Estado"
            value={state}
            onChange={(value) => set({ state: value })}
          >
            <option value="">Todas</option>
            <ValueOptions values={RECEIVABLE_STATES} label={(key) => RECEIVABLE_STATE_LABELS[key]} />
          </SelectBox>
        </div>
        <div className="col-12 col-md-4">
          <SearchInput
            id="receivables-q"
            labelClassName="form-label"
            placeholder="Orden, correo o nombre"
            value={q}
            onChange={(value) => set({ q: value })}
          />
        </div>
      </FilterForm>
      {totals ? (
        <ul
          className="row row-cols-2 row-cols-md-6 g-2 mb-3 small list-unstyled"
          aria-label="Totales por antigüedad"
        >
          {[
            ...AGING_BUCKETS.map((bucket) => ({ key: bucket.key, label: bucket.label })),
            { key: 'balance', label: 'Total por cobrar' },
          ].map(({ key, label }) => (
            <li key={key} className="col">
              <div className={`border rounded p-2 h-100${key === 'balance' ? ' border-primary' : ''}`}>
                <span className="d-block text-body-secondary">{label}</span>
                <span className="fw-semibold" data-testid={`aging-${key}`}>
                  {formatDop(totals[key] ?? 0)}
                </span>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <LoadedTable
        load={{ error: list.error, data: list.data?.rows }}
        errorText="Error al cargar las cuentas por cobrar"
        empty="No hay cuentas con esos filtros."
        caption="Cuentas por cobrar"
        columns={columns}
        rowId={(row) => `${row.enrolment_id}-${row.child}`}
      />
    </AdminPage>
  );
}
