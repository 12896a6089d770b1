// Backups of the school (issue 55): the nightly archive is on unless its administrators turn it
// off here; the switch saves at once and says what it did.
import { useId, useState } from 'react';
import { useSaveSchoolSettingsMutation } from '../api.ts';
import { notifySuccess, serverMessage, withServerMessage } from '../feedback.ts';
import { FormError } from '../staff/receipts/FormFields.tsx';

export function BackupsCard({ on }: { on: boolean }) {
  const [save, { isLoading }] = useSaveSchoolSettingsMutation();
  const [error, setError] = useState('');
  const errorId = useId();
  async function turn(next: boolean) {
    setError('');
    try {
      await save({ backups: next }).unwrap();
      notifySuccess(next ? 'Respaldos nocturnos activados' : 'Respaldos nocturnos desactivados');
    } catch (failure) {
      setError(serverMessage(failure) || withServerMessage('No fue posible guardar', failure));
    }
  }
  return (
    <section className="card mb-3" aria-labelledby="backups-title">
      <div className="card-header">
        <h2 id="backups-title" className="h6 mb-0">
          Respaldos
        </h2>
      </div>
      <div className="card-body">
        <div className="form-check form-switch admin-tap d-flex align-items-center gap-2 mb-1">
          <input
            id="school-backups"
            name="backups"
            type="checkbox"
            role="switch"
            className="form-check-input"
            checked={on}
            disabled={isLoading}
            aria-describedby={`school-backups-help${error ? ` ${errorId}` : ''}`}
            onChange={(event) => void turn(event.target.checked)}
          />
          <label htmlFor="school-backups" className="form-check-label">
            Respaldo cifrado de la escuela cada noche
          </label>
        </div>
        <p id="school-backups-help" className="form-text mb-0">
          {on
            ? 'Activado: cada noche se guarda una copia de los datos y archivos de la escuela.'
            : 'Desactivado: no se guarda ninguna copia nocturna de esta escuela.'}
        </p>
        <FormError id={errorId} message={error} />
      </div>
    </section>
  );
}
