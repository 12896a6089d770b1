// The table of the e-CF the school issued (issue 22): each with its state at DGII, its TrackId and
// DGII's messages, 'Corregir' on a rejected one, 'Reenviar' on one on its way, the signed XML.
import { useMemo, useState } from 'react';
import { DataTable, type AdminColumn } from '../../DataTable.tsx';
import { useResendEcfMutation } from '../../api.ts';
import { downloadFile } from '../../download.ts';
import { notifyError, notifySuccess, withServerMessage } from '../../feedback.ts';
import { ECF_STATE_LABELS, type EcfView } from '../../../domain/ecf.ts';
import { formatDop } from '../../../domain/pricing.ts';
import { NCF_TYPES, type NcfType } from '../../../domain/receipts.ts';

export function EcfTable({ rows, onCorrect }: { rows: EcfView[]; onCorrect: (receipt: EcfView) => void }) {
  const [resend] = useResendEcfMutation();
  const [busy, setBusy] = useState('');
  const [resending, setResending] = useState('');
  const columns = useMemo<Array<AdminColumn<EcfView>>>(
    () => [
      { id: 'encf', header: 'e-NCF', cell: ({ row }) => row.original.encf },
      {
        id: 'type',
        header: 'Tipo',
        cell: ({ row }) => NCF_TYPES[row.original.type as NcfType] ?? row.original.type,
      },
      { id: 'order', header: 'Orden', cell: ({ row }) => row.original.order_number },
      { id: 'total', header: 'Monto', cell: ({ row }) => formatDop(row.original.total) },
      { id: 'issued_at', header: 'Emitido', cell: ({ row }) => row.original.issued_at },
      {
        id: 'state',
        header: 'Estado en DGII',
        cell: ({ row }) => (
          <span className={row.original.state === 'rejected' ? 'text-danger fw-semibold' : undefined}>
            {ECF_STATE_LABELS[row.original.state]}
          </span>
        ),
      },
      { id: 'track', header: 'TrackId', cell: ({ row }) => row.original.track_id || '—' },
      {
        id: 'messages',
        header: 'Mensajes de DGII',
        cell: ({ row }) => (
          <>
            {row.original.messages.join('; ') || '—'}
            {row.original.replaces.length > 0 ? (
              <div className="small text-body-secondary">Reemplaza a {row.original.replaces.join(', ')}</div>
            ) : null}
            {row.original.state === 'rejected' ? (
              <div>
                <button
                  type="button"
                  className="btn btn-outline-danger admin-tap mt-1"
                  aria-label={`Corregir ${row.original.encf}`}
                  onClick={() => onCorrect(row.original)}
                >
                  Corregir
                </button>
              </div>
            ) : null}
            {row.original.state === 'queued' || row.original.state === 'sent' ? (
              <div>
                <button
                  type="button"
                  className="btn btn-outline-primary admin-tap mt-1"
                  aria-label={`Reenviar ${row.original.encf}`}
                  disabled={resending === row.original._id}
                  onClick={() => {
                    setResending(row.original._id);
                    resend(row.original._id)
                      .unwrap()
                      .then((answer) => notifySuccess(answer.message))
                      .catch((error: unknown) =>
                        notifyError(withServerMessage('No fue posible reenviar', error)),
                      )
                      .finally(() => setResending(''));
                  }}
                >
                  {resending === row.original._id ? 'Reenviando…' : 'Reenviar'}
                </button>
              </div>
            ) : null}
          </>
        ),
      },
      {
        id: 'xml',
        header: 'XML firmado',
        cell: ({ row }) => (
          <button
            type="button"
            className="btn btn-outline-primary admin-tap"
            aria-label={`Descargar el XML firmado de ${row.original.encf}`}
            disabled={busy === row.original._id}
            onClick={() => {
              setBusy(row.original._id);
              downloadFile(`/comprobantes/ecf/xml/${row.original._id}`)
                .catch((error: unknown) => notifyError(withServerMessage('No fue posible descargar', error)))
                .finally(() => setBusy(''));
            }}
          >
            XML
          </button>
        ),
      },
    ],
    [busy, resending, resend, onCorrect],
  );
  return (
    <DataTable caption="Comprobantes electrónicos" columns={columns} rows={rows} rowId={(row) => row._id} />
  );
}
