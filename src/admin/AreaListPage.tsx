// One list screen for every catalogue area (spec 02 §2 "Admin list pages"): a table with
// server-side paging, search and sort, a status filter (and a camp filter where records belong to
// a camp), an empty state, the create button, one dialog for create and edit, delete with the
// spec's confirmation, and the spec's toasts. What differs per area is declared in ./areas/.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../lib/DialogFrame.tsx';
import { useDebounced, useUrlFilters } from './filters.tsx';
import { counted, FilterForm, pageOf, SearchInput, TableCard } from './TablePage.tsx';
import { Button } from 'react-bootstrap';
import type { SortingState } from '@tanstack/react-table';
import { SORTABLE_FIELDS } from '../domain/listing.ts';
import { AdminPage } from './AdminPage.tsx';
import {
  useAreaList,
  useDeleteRecordMutation,
  useUpdateRecordMutation,
  type AdminCallError,
  type CatalogueArea,
  type CatalogueRecords,
} from './api.ts';
import { CampPicker } from './CampPicker.tsx';
import type { AdminColumn } from './DataTable.tsx';
import { notifyError, notifySuccess, serverMessage, withServerMessage } from './feedback.ts';
import { RecordDialog, type AreaForm } from './RecordDialog.tsx';
import type { AreaTexts } from './texts.ts';

export const PAGE_SIZE = 10;

export interface AreaScreen<A extends CatalogueArea, V extends object> {
  area: A;
  texts: AreaTexts;
  columns: Array<AdminColumn<CatalogueRecords[A]>>;
  /** The default order, as the `sort` parameter. */
  defaultSort: string;
  /** Lists records of one camp at a time (categories, weeks). */
  campFilter?: boolean;
  form: AreaForm<A, V>;
  /** Buttons of a row besides edit and delete (copy link, copy id). */
  rowActions?: (record: CatalogueRecords[A]) => ReactNode;
}

const toSort = (sorting: SortingState, fallback: string) =>
  sorting[0] ? `${sorting[0].desc ? '-' : ''}${sorting[0].id}` : fallback;

export function AreaListPage<A extends CatalogueArea, V extends object>({
  screen,
}: {
  screen: AreaScreen<A, V>;
}) {
  const { area, texts } = screen;
  // Search, filters, order and page live in the address (issue 24): Back and reload keep them.
  const url = useUrlFilters<{ q: string; status: string; campament: string; sort: string }>();
  const search = url.filters.q ?? '';
  const q = useDebounced(search.trim());
  const status = (['active', 'inactive'].includes(url.filters.status ?? '') ? url.filters.status : '') as
    '' | 'active' | 'inactive';
  const campament = url.filters.campament ?? '';
  const sorting: SortingState = url.filters.sort
    ? [{ id: url.filters.sort.replace(/^-/, ''), desc: url.filters.sort.startsWith('-') }]
    : [];
  const setFilter = (patch: Partial<typeof url.filters>) => url.setFilters({ ...url.filters, ...patch });
  const setSearch = (next: string) => setFilter({ q: next });
  const setStatus = (next: '' | 'active' | 'inactive') => setFilter({ status: next });
  const setCampament = (next: string) => setFilter({ campament: next });
  const setSorting = (updater: SortingState | ((old: SortingState) => SortingState)) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    setFilter({ sort: next[0] ? `${next[0].desc ? '-' : ''}${next[0].id}` : '' });
  };
  const [editing, setEditing] = useState<CatalogueRecords[A] | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<CatalogueRecords[A] | null>(null);
  const [remove, removal] = useDeleteRecordMutation();
  const [update, updating] = useUpdateRecordMutation();
  // Why the server would not delete the record (it is in use): shown in the dialog, with 'Desactivar'.
  const [refusal, setRefusal] = useState<string | null>(null);
  const closeDelete = () => {
    setDeleting(null);
    setRefusal(null);
  };

  // A new search, filter or order starts again at page 1 (setFilters drops the page).
  const { page, setPage } = url;

  const params = {
    page,
    limit: PAGE_SIZE,
    q: q || undefined,
    sort: toSort(sorting, screen.defaultSort),
    status: status || undefined,
    campament: campament || undefined,
  };
  const list = useAreaList(area, params);
  const { rows, total, pages } = useMemo(() => pageOf(list.data, PAGE_SIZE), [list.data]);

  useEffect(() => {
    if (list.isError) notifyError(texts.loadError);
  }, [list.isError, texts.loadError]);

  const columns = useMemo<Array<AdminColumn<CatalogueRecords[A]>>>(
    () => [
      ...screen.columns,
      {
        id: 'actions',
        header: 'Acciones',
        cell: ({ row }) => (
          <div className="d-flex gap-1 admin-row-actions">
            {screen.rowActions?.(row.original)}
            <Button
              size="sm"
              variant="outline-primary"
              className="admin-tap"
              onClick={() => setEditing(row.original)}
              aria-label={`Editar ${texts.recordName(row.original)}`}
            >
              Editar
            </Button>
            <Button
              size="sm"
              variant="outline-danger"
              className="admin-tap"
              onClick={() => setDeleting(row.original)}
              aria-label={`Eliminar ${texts.recordName(row.original)}`}
            >
              Eliminar
            </Button>
          </div>
        ),
      },
    ],
    [screen, texts, setDeleting, setEditing],
  );

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove({ area, id: deleting._id }).unwrap();
      notifySuccess(texts.messages.deleted);
    } catch (error) {
      // In use (issue 24): the dialog says why and offers to deactivate it instead.
      if ((error as Partial<AdminCallError>).status === 409 && serverMessage(error)) {
        setRefusal(serverMessage(error));
        return;
      }
      notifyError(withServerMessage(texts.deleteError, error));
    }
    closeDelete();
  }

  async function deactivate() {
    if (!deleting) return;
    try {
      await update({ area, body: { _id: deleting._id, status: 'inactive' } as { _id: string } }).unwrap();
      notifySuccess(texts.messages.updated);
    } catch (error) {
      notifyError(withServerMessage(texts.saveError, error));
    }
    closeDelete();
  }

  return (
    <AdminPage
      title={texts.title}
      actions={
        <Button className="admin-tap" onClick={() => setEditing(null)}>
          {texts.create}
        </Button>
      }
    >
      <TableCard
        filters={
          <FilterForm>
            {screen.campFilter && (
              <div className="col-12 col-md-4">
                <CampPicker id={`${area}-camp-filter`} value={campament} onChange={setCampament} allowAll />
              </div>
            )}
            <div className="col-12 col-sm-7 col-md">
              <SearchInput
                id={`${area}-search`}
                placeholder={texts.searchHint}
                value={search}
                onChange={setSearch}
              />
            </div>
            <div className="col-12 col-sm-5 col-md-3">
              <label htmlFor={`${area}-status`} className="form-label small mb-1">
                Estado
              </label>
              <select
                id={`${area}-status`}
                name="status"
                className="form-select"
                value={status}
                onChange={(event) => setStatus(event.target.value as typeof status)}
              >
                <option value="">Todos</option>
                <option value="active">Activos</option>
                <option value="inactive">Inactivos</option>
              </select>
            </div>
          </FilterForm>
        }
        load={list}
        skeleton
        empty={q || status || campament ? texts.noMatches : texts.empty}
        caption={texts.title}
        columns={columns}
        rows={rows}
        sorting={sorting}
        onSortingChange={setSorting}
        sortable={SORTABLE_FIELDS[area]}
        pager={{ page, pages, summary: counted(total, 'registro', 'registros'), onPage: setPage }}
      />

      {editing !== undefined && (
        <RecordDialog
          area={area}
          texts={texts}
          form={screen.form}
          record={editing}
          campament={campament}
          onClose={() => setEditing(undefined)}
        />
      )}

      <ConfirmDialog
        show={deleting !== null}
        onClose={closeDelete}
        trapTab
        titleId="delete-title"
        title="Confirmar"
        backLabel="Cancelar"
        {...(refusal
          ? {
              confirmLabel: 'Desactivar',
              confirmVariant: 'warning' as const,
              busy: updating.isLoading,
              onConfirm: () => void deactivate(),
            }
          : {
              confirmLabel: 'Eliminar',
              confirmVariant: 'danger' as const,
              busy: removal.isLoading,
              onConfirm: () => void confirmDelete(),
            })}
      >
        {refusal ? (
          <p className="mb-1 text-danger-emphasis" role="alert">
            {refusal}
          </p>
        ) : (
          <p className="mb-1">{texts.deleteConfirm}</p>
        )}
        {deleting && <p className="fw-semibold mb-0">{texts.recordName(deleting)}</p>}
      </ConfirmDialog>
    </AdminPage>
  );
}
