// The 'Comprobante fiscal' section of the order page: whether the family asked for one, its RNC,
// and the order's receipts as PDFs (one still owed says why).
import { useState } from 'react';
import { Link } from '../../../lib/links.tsx';
import { Button } from 'react-bootstrap';
import { NCF_TYPES } from '../../../domain/receipts.ts';
import type { EnrolmentDetail } from '../../../domain/staff.ts';
import { downloadFile } from '../../download.ts';
import { notifyError, withServerMessage } from '../../feedback.ts';
import { Facts, Section } from './DetailSection.tsx';

/** The order's receipts as PDFs; one still owed says why (no usable NCF sequence). */
function ReceiptDownloads({ enrolment }: { enrolment: EnrolmentDetail }) {
  const [busy, setBusy] = useState('');
  if (enrolment.receipts.length === 0)
    return enrolment.receipt_pending ? (
      <p className="small text-warning-emphasis mb-0 mt-2">
        Comprobante pendiente: no hay una secuencia de NCF vigente.{' '}
        <Link to="/admin/comprobantes">Comprobantes fiscales</Link>
      </p>
    ) : null;
  return (
    <div className="d-flex flex-wrap gap-2 mt-2">
      {enrolment.receipts.map((receipt) => (
        <Button
          key={receipt.ncf}
          variant="outline-primary"
          className="admin-tap"
          disabled={busy === receipt.ncf}
          onClick={() => {
            setBusy(receipt.ncf);
            downloadFile(`/comprobantes/staff/${enrolment._id}/${receipt.ref}`)
              .catch((error: unknown) => notifyError(withServerMessage('No fue posible descargar', error)))
              .finally(() => setBusy(''));
          }}
        >
          {NCF_TYPES[receipt.type]} {receipt.ncf} (PDF)
        </Button>
      ))}
    </div>
  );
}

export function FiscalReceiptSection({ enrolment }: { enrolment: EnrolmentDetail }) {
  return (
    <Section title="Comprobante fiscal">
      <Facts
        rows={[
          ['Con comprobante fiscal', enrolment.comprobantefiscal ? 'Sí' : 'No'],
          ['RNC', enrolment.rnc],
          ['Razón social', enrolment.rnc_nombre],
        ]}
      />
      <ReceiptDownloads enrolment={enrolment} />
    </Section>
  );
}
