// The terms the parent accepts before 'Pagar', readable in a dialog: the camp's own text (set in
// the admin panel) or the school's general one, with the camp's payment conditions.
import { cancellationTerms } from '../domain/cancellation.ts';
import { Button } from 'react-bootstrap';
import type { WizardCamp } from './wizardData.ts';
import { WizardModal } from './MessageDialog.tsx';

export const TERMS_TITLE = 'Términos y condiciones';

/** The school's general terms, for a camp without its own. */
export const DEFAULT_TERMS = [
  'Al inscribir a sus hijos, el padre, la madre o el tutor declara que los datos escritos son correctos y que el participante puede realizar actividad física.',
  'La escuela atiende a los participantes en el horario del campamento o programa; solo las personas autorizadas en la inscripción pueden recogerlos, presentando su cédula.',
  'Los datos médicos (alergias, medicamentos y restricciones) se comparten solo con los entrenadores y el personal de salud de la escuela.',
  'La escuela puede tomar fotos de las actividades para sus comunicaciones; quien no lo desee puede pedirlo por correo.',
  'Las cancelaciones y devoluciones se atienden por correo según las condiciones de pago del campamento.',
].join('\n\n');

export function TermsDialog({
  camp,
  show,
  onClose,
  onAccept,
}: {
  camp: WizardCamp | null;
  show: boolean;
  onClose: () => void;
  onAccept: () => void;
}) {
  const terms = camp?.terms?.trim() || DEFAULT_TERMS;
  const payment = camp?.payment_terms?.trim() ?? '';
  return (
    <WizardModal
      id="terms-title"
      title={TERMS_TITLE}
      show={show}
      onHide={onClose}
      scrollable
      footer={
        <>
          <Button variant="outline-primary" onClick={onClose}>
            Cerrar
          </Button>
          <Button variant="primary" onClick={onAccept}>
            Acepto
          </Button>
        </>
      }
    >
      <p style={{ whiteSpace: 'pre-line' }}>{terms}</p>
      <h3 className="h6">Cancelaciones</h3>
      <p>{camp ? cancellationTerms(camp) : ''}</p>
      {payment !== '' ? (
        <>
          <h3 className="h6">Condiciones de pago</h3>
          <p className="mb-0" style={{ whiteSpace: 'pre-line' }}>
            {payment}
          </p>
        </>
      ) : null}
    </WizardModal>
  );
}
