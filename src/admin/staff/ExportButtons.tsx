// 'Descargar Excel' and 'Descargar CSV': the export of exactly the filters on screen (the
// enrolments' by default, or another export's path).
import { useState } from 'react';
import { listSearch } from '../api.ts';
import { downloadFile } from '../download.ts';
import { notifyError, notifySuccess } from '../feedback.ts';

/** Each format's button: its text and its colour. */
const FORMATS = [
  { format: 'xlsx', label: 'Descargar Excel', tone: 'success' },
  { format: 'csv', label: 'Descargar CSV', tone: 'secondary' },
] as const;

export function ExportButtons({
  filters,
  path = '/inscripciones/export',
}: {
  filters: object;
  path?: string;
}) {
  const [busy, setBusy] = useState(false);
  const download = async (format: 'xlsx' | 'csv') => {
    setBusy(true);
    try {
      const name = await downloadFile(`${path}${listSearch({ ...filters, format })}`);
      notifySuccess(`Descargado: ${name}`);
    } catch (error) {
      notifyError(`Error al exportar: ${(error as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="d-flex gap-2 no-print">
      {FORMATS.map(({ format, label, tone }) => (
        <button
          key={format}
          type="button"
          className={`btn btn-outline-${tone} admin-tap`}
          disabled={busy}
          onClick={() => void download(format)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
