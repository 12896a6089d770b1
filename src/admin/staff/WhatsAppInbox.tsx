// What families wrote to the school's WhatsApp number (issue 56): the number only sends notices and
// answers each family with the school's phone and e-mail, so the office reads the messages here and
// calls back. Newest first, with whose number it is; 'BAJA' marked as a family that stopped.
import { useMemo } from 'react';
import type { AdminColumn } from '../DataTable.tsx';
import { LoadedTable } from '../TablePage.tsx';
import { useWhatsappInboxQuery } from '../api.ts';
import { formatPaymentDate } from '../../domain/enrolment.ts';
import type { InboundMessage } from '../../domain/schemas/whatsapp.ts';
import { displayNumber } from '../../domain/whatsapp-number.ts';

export function WhatsAppInbox() {
  const inbox = useWhatsappInboxQuery(undefined, { pollingInterval: 30_000 });
  const columns = useMemo<Array<AdminColumn<InboundMessage>>>(
    () => [
      { id: 'at', header: 'Recibido', cell: ({ row }) => formatPaymentDate(new Date(row.original.at)) },
      {
        id: 'from',
        header: 'De',
        cell: ({ row }) => (
          <>
            <a className="admin-tap d-inline-block" href={`tel:+${row.original.from}`}>
              {displayNumber(row.original.from)}
            </a>
            {row.original.families.map((family) => (
              <span key={family.email} className="d-block small">
                {family.name || family.email} · {family.email}
              </span>
            ))}
          </>
        ),
      },
      {
        id: 'text',
        header: 'Mensaje',
        cell: ({ row }) => (
          <>
            <span className="text-break">{row.original.text}</span>
            {row.original.opt_out ? (
              <span className="d-block small text-body-secondary">Pidió no recibir más mensajes.</span>
            ) : null}
          </>
        ),
      },
    ],
    [],
  );
  return (
    <section aria-labelledby="whatsapp-inbox-title" className="mt-4">
      <h2 id="whatsapp-inbox-title" className="h5">
        Mensajes recibidos por WhatsApp
      </h2>
      <LoadedTable
        load={inbox}
        errorText="Error al cargar los mensajes"
        empty="Ninguna familia ha escrito al número de WhatsApp de la escuela."
        caption="Mensajes recibidos por WhatsApp"
        columns={columns}
        rowId={(message) => message.id}
      />
    </section>
  );
}
