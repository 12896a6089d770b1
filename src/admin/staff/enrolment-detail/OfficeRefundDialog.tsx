// 'Registrar devolución' on a cancelled order paid at the counter (issue 53): how the money went
// back to the family (cash or transfer) and an optional note.
import { useState } from 'react';
import { OFFICE_REFUND_METHOD_LABELS } from '../../../domain/give-back.ts';
import { formatDop } from '../../../domain/pricing.ts';
import { useRecordOfficeRefundMutation } from '../../api.ts';
import { notifyCall } from '../../feedback.ts';
import { ConfirmDialog } from '../../../lib/DialogFrame.tsx';
import { SelectBox } from '../../../lib/SelectBox.tsx';

type Method = 'efectivo' | 'transferencia';

export function OfficeRefundDialog({
  id,
  amount,
  show,
  onClose,
}: {
  /** The order's id as the page's address has it. */
  id: string;
  /** What the family paid at the counter, whole DOP. */
  amount: number;
  show: boolean;
  onClose: () => void;
}) {
  const [method, setMethod] = useState<Method>('efectivo');
  const [note, setNote] = useState('');
  const [recordOffice, recording] = useRecordOfficeRefundMutation();

  return (
    <ConfirmDialog
      show={show}
      onClose={onClose}
      trapTab
      titleId="office-refund-title"
      title="Registrar devolución"
      confirmLabel={OFFICE_REFUND_METHOD_LABELS[method]}
      busy={recording.isLoading}
      onConfirm={() =>
        void notifyCall(
          () => recordOffice({ id, method, note }).unwrap(),
          'Error al registrar la devolución',
          onClose,
        )
      }
    >
      <p>
        La familia pagó {formatDop(amount)} en efectivo o por transferencia: registre cómo se le devolvió.
      </p>
      <SelectBox
        id="office-refund-method"
        name="method"
        label="Cómo se devolvió"
        className="form-select mb-3"
        value={method}
        onChange={(value) => setMethod(value as Method)}
      >
        <option value="efectivo">Efectivo</option>
        <option value="transferencia">Transferencia</option>
      </SelectBox>
      <label className="form-label" htmlFor="office-refund-note">
        Nota (opcional)
      </label>
      <input
        id="office-refund-note"
        name="note"
        autoComplete="off"
        className="form-control"
        value={note}
        maxLength={500}
        onChange={(event) => setNote(event.target.value)}
      />
    </ConfirmDialog>
  );
}
