// 'Auditoría': every admin write, newest first: who, when, from where, which record, and the
// fields before and after. Filtered by kind of record, action, admin and dates.
import { useMemo } from 'react';
import { AdminPage } from '../AdminPage.tsx';
import { DayRangeFields, FilterSelect } from '../filters.tsx';
import type { AdminColumn } from '../DataTable.tsx';
import { counted, FilterForm, pageOf, SearchInput, TableCard } from '../TablePage.tsx';
import { useAuditQuery } from '../api.ts';
import { withServerMessage } from '../feedback.ts';
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS, type AuditQuery, type AuditRow } from '../../domain/staff.ts';
import { useDebounced, useUrlFilters } from '../filters.tsx';
import { AUDIT_FIELDS_SHOWN, auditChangedFields, auditFieldLabel, auditValue } from '../../domain/audit.ts';

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
  const keys = auditChangedFields(entry, entry.names);
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
  const { rows, total, pages } = pageOf(log.data, PAGE_SIZE);
  // Empty filters leave the address (useUrlFilters keeps only the ones with a value).
  const set = (patch: Partial<AuditQuery>) => setFilters({ ...filters, ...patch });

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
      <TableCard
        filters={
          <FilterForm>
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
              <SearchInput
                id="audit-user"
                name="user"
                label="Usuario"
                inputMode="email"
                value={filters.user ?? ''}
                onChange={(user) => set({ user })}
              />
            </div>
            <DayRangeFields
              idPrefix="audit"
              from={filters.from ?? ''}
              to={filters.to ?? ''}
              onChange={set}
              columnClass="col-6 col-md-2"
            />
          </FilterForm>
        }
        load={log}
        {...(log.error ? { error: withServerMessage('Error al cargar la auditoría', log.error) } : {})}
        empty="No hay registros con esos filtros."
        caption="Auditoría"
        columns={columns}
        rows={rows}
        pager={{ page, pages, summary: counted(total, 'registro', 'registros'), onPage: setPage }}
      />
    </AdminPage>
  );
}
