// Pieces every admin list shares: filters kept in the address, a labelled filter select, a day
// range, and the pager footer.
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';

const PAGE_PARAM = 'pagina';

/**
 * A list's filters and page kept in the address (issue 24), so Back and reload bring back the list
 * as it was. Changing a filter starts again at page 1. The address is replaced, not pushed: typing
 * a search does not fill the history.
 */
export function useUrlFilters<T extends object>(): {
  filters: Partial<T>;
  page: number;
  setFilters: (next: Partial<T>) => void;
  setPage: (page: number) => void;
} {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries([...params].filter(([key]) => key !== PAGE_PARAM)) as Partial<T>;
  const page = Math.max(1, Math.floor(Number(params.get(PAGE_PARAM))) || 1);
  const setFilters = (next: Partial<T>) =>
    setParams(
      Object.fromEntries(
        Object.entries(next).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
        ),
      ),
      { replace: true },
    );
  const setPage = (next: number) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next > 1) copy.set(PAGE_PARAM, String(next));
        else copy.delete(PAGE_PARAM);
        return copy;
      },
      { replace: true },
    );
  return { filters, page, setFilters, setPage };
}

/** A search box's text, passed on once typing pauses (one call per search, not per key). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function FilterSelect({
  id,
  name,
  label,
  value,
  onChange,
  allLabel,
  options,
  disabled,
  compact = false,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The first entry, for no filter ('Todos'). */
  allLabel: string;
  options: Array<{ value: string; label: string }>;
  disabled?: boolean;
  /** Small and beside its label, as in a card's header. */
  compact?: boolean;
}) {
  return (
    <>
      <label htmlFor={id} className={compact ? 'form-label mb-0 small' : 'form-label small mb-1'}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        autoComplete="off"
        className={compact ? 'form-select form-select-sm w-auto admin-tap' : 'form-select'}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}

/** 'Desde' and 'Hasta' (YYYY-MM-DD, as <input type="date"> gives them), each in its own column. */
export function DayRangeFields({
  idPrefix,
  from,
  to,
  onChange,
  columnClass,
}: {
  idPrefix: string;
  from: string;
  to: string;
  onChange: (range: { from?: string; to?: string }) => void;
  columnClass: string;
}) {
  const field = (key: 'from' | 'to', label: string, value: string) => (
    <div className={columnClass}>
      <label htmlFor={`${idPrefix}-${key}`} className="form-label small mb-1">
        {label}
      </label>
      <input
        id={`${idPrefix}-${key}`}
        name={key}
        type="date"
        autoComplete="off"
        className="form-control"
        value={value}
        onChange={(event) => onChange({ [key]: event.target.value })}
      />
    </div>
  );
  return (
    <>
      {field('from', 'Desde', from)}
      {field('to', 'Hasta', to)}
    </>
  );
}

/** The footer of a paged list: how many, which page, Anterior / Siguiente. */
export function Pager({
  page,
  pages,
  summary,
  onPage,
}: {
  page: number;
  pages: number;
  summary: ReactNode;
  onPage: (page: number) => void;
}) {
  return (
    <div className="card-footer d-flex flex-wrap align-items-center gap-2">
      <span className="small me-auto" role="status">
        {summary} · Página {page} de {pages}
      </span>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary admin-tap"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Anterior
      </button>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary admin-tap"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Siguiente
      </button>
    </div>
  );
}
