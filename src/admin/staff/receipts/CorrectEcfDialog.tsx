// The dialog behind 'Corregir' on a rejected e-CF of the receipts screen's e-CF list (issue 22).
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../lib/DialogFrame.tsx';
import { LabeledInputs } from '../../fields.tsx';
import { useCorrectEcfMutation } from '../../api.ts';
import { notifySuccess, serverMessage } from '../../feedback.ts';
import { maskRnc } from '../../../lib/masks.ts';
import type { EcfView } from '../../../domain/ecf.ts';

/**
 * A rejected e-CF corrected (issue 22): DGII's reasons, the buyer of an E31 to correct, and the
 * school's data as the fiscal screen has them now; the server signs it again and queues it.
 */
export function CorrectEcfDialog({ receipt, onClose }: { receipt: EcfView | null; onClose: () => void }) {
  const [correct, { isLoading }] = useCorrectEcfMutation();
  const [rnc, setRnc] = useState(receipt?.buyer_rnc ?? '');
  const [name, setName] = useState(receipt?.buyer_name ?? '');
  const [error, setError] = useState('');
  const ids = { rnc: useId(), name: useId(), error: useId() };
  const credit = receipt?.type === 'E31';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!receipt) return;
    correct({ id: receipt._id, ...(credit ? { rnc: rnc.trim(), rnc_nombre: name.trim() } : {}) })
      .unwrap()
      .then((answer) => {
        notifySuccess(answer.message);
        onClose();
      })
      .catch((failure: unknown) =>
        setError(serverMessage(failure) || 'No fue posible corregir el comprobante.'),
      );
  };
  const described = error ? ids.error : undefined;
  const buyerFields = [
    {
      id: ids.rnc,
      name: 'rnc',
      label: 'RNC del comprador',
      inputMode: 'numeric',
      value: rnc,
      onChange: (value: string) => setRnc(maskRnc(value)),
    },
    {
      id: ids.name,
      name: 'rnc_nombre',
      label: 'Nombre o razón social',
      autoComplete: 'organization',
      value: name,
      onChange: setName,
    },
  ] as const;
  return (
    <ConfirmDialog
      show={receipt !== null}
      onClose={onClose}
      titleId="correct-ecf-title"
      title={<>Corregir {receipt?.encf}</>}
      form={{ onSubmit: submit, noValidate: true }}
      confirmLabel={isLoading ? 'Firmando…' : 'Firmar y enviar'}
      busy={isLoading}
    >
      <p className="mb-1">DGII lo rechazó:</p>
      <ul>
        {(receipt?.messages.length ? receipt.messages : ['sin motivo indicado']).map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
      {credit ? <LabeledInputs fields={buyerFields} className="mb-2" error={described} /> : null}
      <p className="small text-body-secondary mb-0">
        Se firmará de nuevo con los datos fiscales de la escuela que tiene esta página (corríjalos antes si
        DGII los rechazó) y se enviará a DGII. Si DGII dio por usado su número, tomará el siguiente.
      </p>
      {error ? (
        <p id={ids.error} className="text-danger small mt-2 mb-0" role="alert">
          {error}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
