// 'Cancelar inscripción' on a paid order: what the cancellation does, the money that goes back, and
// the reason staff must give (at least 3 characters) before it is confirmed.
import { cancelMoneyLines } from '../../../domain/give-back.ts';
import { cancelMembershipLine, type EnrolmentDetail } from '../../../domain/staff.ts';
import { useCancelEnrolmentMutation } from '../../api.ts';
import { notifyCall } from '../../feedback.ts';
import { ConfirmDialog } from '../../../lib/DialogFrame.tsx';
import { ReasonField, useReason } from '../ReasonField.tsx';

export function CancelEnrolmentDialog({
  id,
  giveBack,
  memberships,
  show,
  onClose,
}: {
  /** The order's id as the page's address has it. */
  id: string;
  /** What the cancellation would give back, as the order's detail has it. */
  giveBack: EnrolmentDetail['give_back'];
  /** The codes this order issued (voided by cancelling) and every code its children carry. */
  memberships: { voided: string[]; used: string[] };
  show: boolean;
  onClose: () => void;
}) {
  const reason = useReason('Escriba el motivo de la cancelación.');
  const [cancel, cancelling] = useCancelEnrolmentMutation();

  async function confirmCancel() {
    const given = reason.take();
    if (given === null) return;
    await notifyCall(
      () => cancel({ id, reason: given }).unwrap(),
      'Error al cancelar la inscripción',
      onClose,
    );
  }

  return (
    <ConfirmDialog
      show={show}
      onClose={onClose}
      trapTab
      titleId="cancel-title"
      title="Cancelar inscripción"
      confirmLabel="Confirmar cancelación"
      confirmVariant="danger"
      busy={cancelling.isLoading}
      onConfirm={() => void confirmCancel()}
    >
      <p>
        Se liberarán los cupos, se anularán los créditos de sus cambios que no se hayan usado y se avisará a
        la familia por correo.
      </p>
      <p>{cancelMembershipLine(memberships.voided, memberships.used)}</p>
      {cancelMoneyLines(giveBack).map((line) => (
        <p key={line}>{line}</p>
      ))}
      <ReasonField id="cancel-reason" rows={3} {...reason.field} />
    </ConfirmDialog>
  );
}
