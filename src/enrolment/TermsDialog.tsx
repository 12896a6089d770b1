// The terms the parent accepts before 'Pagar', readable in a dialog: the camp's own text (set in
// the admin panel) or the school's general one, with the camp's payment conditions.
import { cancellationTerms } from '../domain/cancellation.ts';
import { DEFAULT_TERMS } from '../domain/terms.ts';
import type { WizardCamp } from './wizardData.ts';
import { BackAndGo, WizardModal } from './MessageDialog.tsx';

export const TERMS_TITLE = 'Términos y condiciones';

export { DEFAULT_TERMS };

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
      footer={<BackAndGo back={['Cerrar', onClose]} go={['Acepto', onAccept]} />}
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
