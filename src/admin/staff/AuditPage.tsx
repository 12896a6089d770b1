// 'Auditoría': every admin write, newest first: who, when, from where, which record, and the
// fields before and after. Filtered by kind of record, action, admin and dates.
import { useMemo, useState } from 'react';
import { AdminPage } from '../AdminPage.tsx';
import { DayRangeFields, FilterSelect, Pager } from '../filters.tsx';
import { DataTable, type AdminColumn } from '../DataTable.tsx';
import { useAuditQuery } from '../api.ts';
import { withServerMessage } from '../feedback.ts';
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS, type AuditQuery, type AuditRow } from '../../domain/staff.ts';
import { useDebounced } from '../filters.tsx';

const PAGE_SIZE = 25;
const KINDS: Record<string, string> = {
  campamentos: 'Campamentos',
  categorias: 'Categorías',
  semanas: 'Semanas',
  cupones: 'Cupones',
  inscripciones: 'Inscripciones',
  membresias: 'Membresías',
};
const WHEN = new Intl.DateTimeFormat('es-DO', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Santo_Domingo',
});

/** A logged value in a few characters: texts as they are, anything else as JSON. */
const show = (value: unknown): string =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

function Changes({ entry }: { entry: AuditRow }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (keys.length === 0) return <span className="small">{entry.note}</span>;
  return (
    <ul className="list-unstyled small mb-0">
      {keys.slice(0, 8).map((key) => (
        <li key={key}>
          <code>{key}</code>: {show(entry.before?.[key])} → {show(entry.after?.[key])}
        </li>
      ))}
      {entry.note && <li>{entry.note}</li>}
    </ul>
  );
}

export function AuditPage() {
  const [filters, setFilters] = useState<AuditQuery>({});
  const [page, setPage] = useState(1);
  const user = useDebounced(filters.user ?? '');
  const log = useAuditQuery({ ...filters, user, page, limit: PAGE_SIZE });
  const rows = log.data?.data ?? [];
  const total = log.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const set = (patch: Partial<AuditQuery>) => {
    const next = { ...filters, ...patch };
    for (const key of Object.keys(next) as Array<keyof AuditQuery>) if (!next[key]) delete next[key];
    setFilters(next);
    setPage(1);
  };

  const columns = useMemo<Array<AdminColumn<AuditRow>>>(
    () => [
      { id: 'at', header: 'Fecha', cell: ({ row }) => WHEN.format(new Date(row.original.at)) },
      {
        id: 'user',
        header: 'Usuario',
        cell: ({ row }) => (
          <>
            {row.original.user_email}
            <span className="d-block small text-body-secondary">{row.original.ip}</span>
          </>
        ),
      },
      { id: 'action', header: 'Acción', cell: ({ row }) => AUDIT_ACTION_LABELS[row.original.action] },
      {
        id: 'record',
        header: 'Registro',
        cell: ({ row }) => (
          <>
            {KINDS[row.original.kind] ?? row.original.kind}
            <span className="d-block small text-body-secondary">{row.original.record_id ?? ''}</span>
          </>
        ),
      },
      { id: 'changes', header: 'Cambios', cell: ({ row }) => <Changes entry={row.original} /> },
    ],
    [],
  );

  return (
    <AdminPage title="Auditoría">
      <div className="card">
        <div className="card-header">
          <form
            className="row g-2 align-items-end"
            role="search"
            onSubmit={(event) => event.preventDefault()}
          >
            <div className="col-12 col-sm-6 col-md-3">
              <FilterSelect
                id="audit-kind"
                name="kind"
                label="Tipo de registro"
                allLabel="Todos"
                value={filters.kind ?? ''}
                onChange={(kind) => set({ kind })}
                options={Object.entries(KINDS).map(([kind, label]) => ({ value: kind, label }))}
              />
            </div>
            <div className="col-12 col-sm-6 col-md-3">
              <FilterSelect
                id="audit-action"
                name="action"
                label="Acción"
                allLabel="Todas"
                value={filters.action ?? ''}
                onChange={(action) => set({ action: (action || undefined) as AuditQuery['action'] })}
                options={AUDIT_ACTIONS.map((action) => ({
                  value: action,
                  label: AUDIT_ACTION_LABELS[action],
                }))}
              />
            </div>
            <div className="col-12 col-md-2">
              <label htmlFor="audit-user" className="form-label small mb-1">
                Usuario
              </label>
              <input
                id="audit-user"
                name="user"
                type="search"
                inputMode="email"
                autoComplete="off"
                className="form-control"
                value={filters.user ?? ''}
                onChange={(event) => set({ user: event.target.value })}
              />
            </div>
            <DayRangeFields
              idPrefix="audit"
              from={filters.from ?? ''}
              to={filters.to ?? ''}
              onChange={set}
              columnClass="col-6 col-md-2"
            />
          </form>
        </div>
        <div className="card-body p-0" aria-busy={log.isFetching || undefined}>
          {log.error ? (
            <p className="p-3 mb-0" role="alert">
              {withServerMessage('Error al cargar la auditoría', log.error)}
            </p>
          ) : rows.length === 0 ? (
            <p className="p-3 mb-0 text-body-secondary" role="status">
              {log.isLoading ? 'Cargando…' : 'No hay registros con esos filtros.'}
            </p>
          ) : (
            <DataTable
              caption="Auditoría"
              columns={columns}
              rows={rows}
              sorting={[]}
              onSortingChange={() => {}}
              sortable={[]}
              rowId={(entry) => entry._id}
            />
          )}
        </div>
        <Pager
          page={page}
          pages={pages}
          summary={`${total} ${total === 1 ? 'registro' : 'registros'}`}
          onPage={setPage}
        />
      </div>
    </AdminPage>
  );
}
