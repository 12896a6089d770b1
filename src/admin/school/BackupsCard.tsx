// Backups of the school (issue 55): the nightly archive is on unless its administrators turn it
// off here; the switch saves at once and says what it did.
import { useSaveSchoolSettingsMutation } from '../api.ts';
import { FormError } from '../staff/receipts/FormFields.tsx';
import { SettingsCard, useCardSave } from './SettingsCard.tsx';

export function BackupsCard({ on }: { on: boolean }) {
  const [save, { isLoading }] = useSaveSchoolSettingsMutation();
  const { error, errorId, attempt } = useCardSave();
  const turn = (next: boolean) =>
    attempt(async () => {
      await save({ backups: next }).unwrap();
      return next ? 'Respaldos nocturnos activados' : 'Respaldos nocturnos desactivados';
    });
  return (
    <SettingsCard id="backups" title="Respaldos">
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
    </SettingsCard>
  );
}
