// Asks before an NCF range stops issuing (numbers the DGII cancelled, a range entered by mistake);
// a refusal is shown in the dialog.
import { useState } from 'react';
import { useDisableSequenceMutation } from '../../api.ts';
import { notifySuccess, withServerMessage } from '../../feedback.ts';
import type { SequenceView } from '../../../domain/receipts.ts';
import { ConfirmDialog } from '../../../lib/DialogFrame.tsx';

export function DisableSequenceDialog({
  sequence,
  onClose,
}: {
  sequence: SequenceView | null;
  onClose: () => void;
}) {
  const [disable, { isLoading }] = useDisableSequenceMutation();
  const [error, setError] = useState('');
  async function confirm() {
    if (!sequence) return;
    try {
      notifySuccess((await disable(sequence._id).unwrap()).message);
      onClose();
    } catch (failure) {
      setError(withServerMessage('No fue posible desactivarla', failure));
    }
  }
  return (
    <ConfirmDialog
      show={sequence !== null}
      onClose={onClose}
      titleId="disable-sequence-title"
      title="Desactivar secuencia"
      confirmLabel="Desactivar"
      confirmVariant="danger"
      busy={isLoading}
      onConfirm={() => void confirm()}
    >
      <p className="mb-0">
        ¿Desactivar la secuencia {sequence?.first} a {sequence?.last}? No emitirá más comprobantes.
      </p>
      {error ? (
        <p className="text-danger small mt-2 mb-0" role="alert">
          {error}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
