// 'Secuencias de NCF': the ranges the DGII authorised, with what is left and until when, the
// button that stops one, and the form that adds a new one.
import { useMemo, useState } from 'react';
import { DataTable, type AdminColumn } from '../../DataTable.tsx';
import {
  NCF_TYPES,
  SEQUENCE_STATUS_LABELS,
  type NcfType,
  type SequenceView,
} from '../../../domain/receipts.ts';
import { SequenceForm } from './SequenceForm.tsx';
import { DisableSequenceDialog } from './DisableSequenceDialog.tsx';

export function SequencesSection({
  sequences,
  types,
}: {
  sequences: SequenceView[];
  /** The types the school may add a range of. */
  types: readonly NcfType[];
}) {
  const [disabling, setDisabling] = useState<SequenceView | null>(null);
  const columns = useMemo<Array<AdminColumn<SequenceView>>>(
    () => [
      {
        id: 'type',
        header: 'Tipo',
        cell: ({ row }) => `${row.original.type} · ${NCF_TYPES[row.original.type]}`,
      },
      { id: 'range', header: 'Rango', cell: ({ row }) => `${row.original.first} a ${row.original.last}` },
      {
        id: 'next',
        header: 'Siguiente',
        cell: ({ row }) => (row.original.left > 0 ? row.original.next : '—'),
      },
      { id: 'left', header: 'Quedan', cell: ({ row }) => row.original.left.toLocaleString('es-DO') },
      { id: 'expires_on', header: 'Vence', cell: ({ row }) => row.original.expires_on },
      { id: 'status', header: 'Estado', cell: ({ row }) => SEQUENCE_STATUS_LABELS[row.original.status] },
      {
        id: 'actions',
        header: 'Acción',
        cell: ({ row }) =>
          row.original.status === 'active' ? (
            <button
              type="button"
              className="btn btn-outline-danger admin-tap"
              aria-label={`Desactivar la secuencia ${row.original.first} a ${row.original.last}`}
              onClick={() => setDisabling(row.original)}
            >
              Desactivar
            </button>
          ) : null,
      },
    ],
    [],
  );
  return (
    <section className="card mb-3" aria-labelledby="fiscal-sequences-title">
      <div className="card-header">
        <h2 id="fiscal-sequences-title" className="h6 mb-0">
          Secuencias de NCF
        </h2>
      </div>
      <div className="card-body p-0">
        {sequences.length === 0 ? (
          <p className="p-3 mb-0" role="status">
            No hay secuencias de NCF.
          </p>
        ) : (
          <DataTable caption="Secuencias de NCF" columns={columns} rows={sequences} />
        )}
      </div>
      <div className="card-footer">
        <SequenceForm types={types} />
      </div>
      <DisableSequenceDialog
        key={disabling?._id ?? 'none'}
        sequence={disabling}
        onClose={() => setDisabling(null)}
      />
    </section>
  );
}
