// The frame of the admin pages that list records in a table: the filter form, the search box, and
// the table in its states (failed, loading, nothing found, the rows), with or without a pager.
import type { ComponentProps, HTMLAttributes, ReactNode } from 'react';
import type { RowData } from '@tanstack/react-table';
import { DataTable, ListSkeleton } from './DataTable.tsx';
import { withServerMessage } from './feedback.ts';
import { Pager } from './filters.tsx';

type TableProps<T extends RowData> = Omit<ComponentProps<typeof DataTable<T>>, 'rows'>;

/** A list's filters: applied as they change, so the form never submits. */
export function FilterForm({
  search = true,
  className = 'row g-2 align-items-end',
  children,
}: {
  /** A search landmark, where the form narrows the list it heads. */
  search?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      className={className}
      {...(search ? { role: 'search' } : {})}
      onSubmit={(event) => event.preventDefault()}
    >
      {children}
    </form>
  );
}

/** A filter's text box ('Buscar' unless named otherwise). */
export function SearchInput({
  id,
  name = 'q',
  label = 'Buscar',
  labelClassName = 'form-label small mb-1',
  inputMode = 'search',
  placeholder,
  value,
  onChange,
}: {
  id: string;
  name?: string;
  label?: string;
  labelClassName?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="search"
        inputMode={inputMode}
        autoComplete="off"
        className="form-control"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}

/** A page of a server-paged answer: its rows, how many in all, and how many pages of `size`. */
export function pageOf<T>(data: { data?: T[]; total?: number } | undefined, size: number) {
  const total = data?.total ?? 0;
  return { rows: data?.data ?? [], total, pages: Math.max(1, Math.ceil(total / size)) };
}

/** '1 registro', '25 registros'. */
export const counted = (total: number, one: string, many: string) => `${total} ${total === 1 ? one : many}`;

/**
 * A card with the filters in its header, the table in its body and the pager in its footer. While
 * the first answer is awaited the body shows grey bars (`skeleton`) or 'Cargando…'.
 */
export function TableCard<T extends RowData>({
  filters,
  load: { isFetching, isLoading },
  skeleton = false,
  error,
  empty,
  rows,
  pager,
  ...table
}: TableProps<T> & {
  filters: ReactNode;
  /** The list's call: running (the first or a refresh), and awaiting its first answer. */
  load: { isFetching: boolean; isLoading: boolean };
  skeleton?: boolean;
  /** What the failed call's message says, if it failed. */
  error?: string;
  /** Said when nothing matches. */
  empty: string;
  rows: T[];
  pager: ComponentProps<typeof Pager>;
}) {
  return (
    <div className="card">
      <div className="card-header">{filters}</div>
      <div className="card-body p-0" aria-busy={isFetching || undefined}>
        {error ? (
          <p className="p-3 mb-0" role="alert">
            {error}
          </p>
        ) : isLoading && skeleton ? (
          <ListSkeleton />
        ) : rows.length === 0 ? (
          <p className="p-3 mb-0 text-body-secondary" role="status">
            {isLoading ? 'Cargando…' : empty}
          </p>
        ) : (
          <DataTable rows={rows} {...table} />
        )}
      </div>
      <Pager {...pager} />
    </div>
  );
}

/** A whole list's table in a card, once its one call has answered; its failure or 'Cargando…' before. */
export function LoadedTable<T extends RowData>({
  load: { error, data: rows },
  errorText,
  empty,
  ...table
}: TableProps<T> & {
  /** The list's call: its failure, and the rows (undefined until it answers). */
  load: { error?: unknown; data?: T[] };
  /** What the page says before the server's message when the call fails. */
  errorText: string;
  /** Said when the list is empty; without it an empty table is shown. */
  empty?: string;
}) {
  if (error) return <p role="alert">{withServerMessage(errorText, error)}</p>;
  if (!rows) return <p role="status">Cargando…</p>;
  if (empty !== undefined && rows.length === 0) return <p role="status">{empty}</p>;
  return (
    <div className="card">
      <div className="card-body p-0">
        <DataTable rows={rows} {...table} />
      </div>
    </div>
  );
}
