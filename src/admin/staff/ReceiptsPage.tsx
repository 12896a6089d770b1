// 'Comprobantes fiscales' (issue 18): the school's fiscal data printed on every receipt, the NCF
// ranges the DGII authorised (with what is left and until when), and what needs doing: a type with
// no usable range stops issuing, and the paid orders waiting for a receipt get theirs as soon as
// a range is added here. Its parts are in ./receipts/.
import { AdminPage } from '../AdminPage.tsx';
import { useFiscalQuery } from '../api.ts';
import { withServerMessage } from '../feedback.ts';
import { FiscalSettingsForm } from './receipts/FiscalSettingsForm.tsx';
import { SequencesSection } from './receipts/SequencesSection.tsx';
import { EcfSection } from './receipts/EcfSection.tsx';

export function ReceiptsPage() {
  const fiscal = useFiscalQuery();
  return (
    <AdminPage title="Comprobantes fiscales">
      {fiscal.error ? (
        <p role="alert">{withServerMessage('Error al cargar los comprobantes fiscales', fiscal.error)}</p>
      ) : !fiscal.data ? (
        <p role="status">Cargando…</p>
      ) : (
        <>
          {fiscal.data.alerts.length > 0 ? (
            <div className="alert alert-warning" role="status" aria-label="Avisos de comprobantes fiscales">
              <ul className="mb-0 ps-3">
                {fiscal.data.alerts.map((alert) => (
                  <li key={alert}>{alert}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <section className="card mb-3" aria-labelledby="fiscal-settings-title">
            <div className="card-header">
              <h2 id="fiscal-settings-title" className="h6 mb-0">
                Datos fiscales de la escuela
              </h2>
            </div>
            <div className="card-body">
              {/* Keyed by what is saved: a save (or another admin's) starts the form from it. */}
              <FiscalSettingsForm key={JSON.stringify(fiscal.data.settings)} saved={fiscal.data.settings} />
            </div>
          </section>
          <SequencesSection sequences={fiscal.data.sequences} types={fiscal.data.types} />
          {fiscal.data.ecf ? <EcfSection /> : null}
        </>
      )}
    </AdminPage>
  );
}
