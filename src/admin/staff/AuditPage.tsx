// 'Auditoría': every admin write, newest first: who, when, from where, which record, and the
// fields before and after. Filtered by kind of record, action, admin and dates.
import { useMemo } from 'react';
import { AdminPage } from '../AdminPage.tsx';
import { DayRangeFields, FilterSelect, Pager } from '../filters.tsx';
import { DataTable, type AdminColumn } from '../DataTable.tsx';
import { useAuditQuery } from '../api.ts';
import { withServerMessage } from '../feedback.ts';
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS, type AuditQuery, type AuditRow } from '../../domain/staff.ts';
import { useDebounced, useUrlFilters } from '../filters.tsx';
import { AUDIT_FIELDS_SHOWN, auditFieldLabel, auditValue } from '../../domain/audit.ts';

const PAGE_SIZE = 25;
const KINDS: Record<string, string> = {
  campamentos: 'Campamentos',
  categorias: 'Categorías',
  semanas: 'Semanas',
  cupones: 'Cupones',
  inscripciones: 'Inscripciones',
  membresias: 'Membresías',
  pagos: 'Pagos',
  cuotas: 'Cuotas',
  ajustes: 'Datos fiscales',
  secuencias_ncf: 'Secuencias de NCF',
  usuarios: 'Usuarios',
};
const WHEN = new Intl.DateTimeFormat('es-DO', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Santo_Domingo',
});

/** One changed field: its Spanish name, and its value before and after in words. */
function Change({ entry, field }: { entry: AuditRow; field: string }) {
  const names = entry.names ?? {};
  const before = entry.before && field in entry.before ? auditValue(entry.before[field], names) : null;
  const after = auditValue(entry.after?.[field], names);
  return (
    <li>
      <span className="fw-semibold">{auditFieldLabel(field)}</span>:{' '}
      {before === null ? after : `${before} → ${after}`}
    </li>
  );
}

/** Every changed field: the first few, the rest behind 'Ver más' (issue 24). */
function Changes({ entry }: { entry: AuditRow }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (keys.length === 0) return <span className="small">{entry.note}</span>;
  const shown = keys.slice(0, AUDIT_FIELDS_SHOWN);
  const more = keys.slice(AUDIT_FIELDS_SHOWN);
  return (
    <div className="small">
      <ul className="list-unstyled mb-0">
        {shown.map((key) => (
          <Change key={key} entry={entry} field={key} />
        ))}
      </ul>
      {more.length > 0 && (
        <details>
          <summary className="admin-tap">Ver más ({more.length})</summary>
          <ul className="list-unstyled mb-0">
            {more.map((key) => (
              <Change key={key} entry={entry} field={key} />
            ))}
          </ul>
        </details>
      )}
      {entry.note && <p className="mb-0">{entry.note}</p>}
    </div>
  );
}

export function AuditPage() {
  const { filters, page, setFilters, setPage } = useUrlFilters<AuditQuery>();
  const user = useDebounced(filters.user ?? '');
  const log = useAuditQuery({ ...filters, user, page, limit: PAGE_SIZE });
  const rows = log.data?.data ?? [];
  const total = log.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const set = (patch: Partial<AuditQuery>) => {
    const next = { ...filters, ...patch };
    for (const key of Object.keys(next) as Array<keyof AuditQuery>) if (!next[key]) delete next[key];
    setFilters(next);
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
            <span className="d-block small text-body-secondary">
              {row.original.record_label || row.original.record_id || ''}
            </span>
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
