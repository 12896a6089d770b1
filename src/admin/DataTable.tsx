// The admin lists' table on TanStack Table (headless): the server sorts and pages (manual
// sorting), the table renders headers with sort buttons and the rows. On phones it scrolls
// inside its card, never the page.
import {
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';

export const tableFeatureSet = tableFeatures({ rowSortingFeature });
export type AdminColumn<T extends RowData> = ColumnDef<typeof tableFeatureSet, T>;

interface DataTableProps<T extends RowData> {
  caption: string;
  columns: Array<AdminColumn<T>>;
  rows: T[];
  /** Left out (with onSortingChange and sortable) by a table shown in the server's fixed order. */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  /** Field names the server may sort by. */
  sortable?: readonly string[];
  /** How a row is told apart; by default its `_id` (a stored record's): rows without one must say. */
  rowId?: (row: T) => string;
  /** Phones: each row a block of labelled fields (the roster's look) instead of a sideways scroll. */
  stackOnPhone?: boolean;
}

const UNSORTED: SortingState = [];
const UNSORTED_FIELDS: readonly string[] = [];
const ignoreSorting = () => {};
const byId = (row: unknown) => (row as { _id: string })._id;

const SORT_LABEL = { asc: 'ascendente', desc: 'descendente' } as const;

/** A column's header as the label of its cells on a phone (stackOnPhone), when it is text. */
const labelOf = (header: unknown): string | undefined => (typeof header === 'string' ? header : undefined);

export function DataTable<T extends RowData>({
  caption,
  columns,
  rows,
  sorting = UNSORTED,
  onSortingChange = ignoreSorting,
  sortable = UNSORTED_FIELDS,
  rowId = byId,
  stackOnPhone = false,
}: DataTableProps<T>) {
  const table = useTable({
    features: tableFeatureSet,
    columns,
    data: rows,
    getRowId: rowId,
    state: { sorting },
    onSortingChange: (updater) => onSortingChange(typeof updater === 'function' ? updater(sorting) : updater),
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: true,
  });

  return (
    // A focusable region: a keyboard can scroll a wide table on a phone even with no link in it.
    <div className="admin-table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table
        className={`table table-hover table-sm align-middle mb-0 admin-table${stackOnPhone ? ' admin-table-stack' : ''}`}
      >
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const canSort = sortable.includes(header.column.id);
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {canSort ? (
                      <button
                        type="button"
                        onClick={header.column.getToggleSortingHandler()}
                        title={sorted ? `Ordenado ${SORT_LABEL[sorted]}` : 'Ordenar'}
                      >
                        <table.FlexRender header={header} />
                        <span aria-hidden="true" className="ms-1">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id} data-label={labelOf(cell.column.columnDef.header)}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** While a list first loads: grey bars where its table will be. */
export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="p-3" aria-hidden="true">
      {Array.from({ length: rows }, (_, index) => (
        <span key={index} className="admin-skeleton mb-2" />
      ))}
    </div>
  );
}
