// A partial change of a paid camp order, for staff (issue 24): drop a child, drop a week or move a
// child to another week. The dialog asks the server for the change's figures (new total, what goes
// back or is owed) before anything is done, and shows them; 'Confirmar cambio' makes it. The page
// mounts it afresh (a new key) for each line it opens on, so nothing typed carries over.
import { useState } from 'react';
import { useChangePreview } from '../../lib/useLatestAnswer.ts';
import { ConfirmDialog } from '../../lib/DialogFrame.tsx';
import { ReasonField, useReason } from './ReasonField.tsx';
import { formatDop } from '../../domain/pricing.ts';
import {
  CHANGE_ACTION_LABELS,
  CHANGE_MESSAGES,
  CHANGE_REFUND_LABELS,
  CHANGE_REFUNDS,
  changeTargetLabel,
  type ChangeAction,
  type ChangeRefund,
  type ChangeRequest,
} from '../../domain/changes.ts';
import type { EnrolmentDetail } from '../../domain/staff.ts';
import { useChangeEnrolmentMutation, useChangeTargetsQuery } from '../api.ts';
import { notifyCall, withServerMessage } from '../feedback.ts';
import { SelectBox } from '../../lib/SelectBox.tsx';

export interface ChangeTarget {
  action: ChangeAction;
  cupo: number;
  /** The line's week (drop_week, move_week). */
  week?: string;
  /** What is changed, as the dialog names it ('Semana 2 de Sofía Pérez'). */
  label: string;
}

/** The change asked for: the dialog's line, and the week chosen to move to. */
const requestOf = (target: ChangeTarget, toWeek: string): ChangeRequest => ({
  action: target.action,
  cupo: target.cupo,
  ...(target.week ? { week: target.week } : {}),
  ...(toWeek ? { to_week: toWeek } : {}),
});

export function ChangeDialog({
  enrolment,
  target,
  onClose,
}: {
  enrolment: EnrolmentDetail;
  target: ChangeTarget | null;
  onClose: () => void;
}) {
  const [toWeek, setToWeek] = useState('');
  const [refund, setRefund] = useState<ChangeRefund>('card');
  const reason = useReason(CHANGE_MESSAGES.reason);
  const [ask] = useChangeEnrolmentMutation();
  const [change, changing] = useChangeEnrolmentMutation();
  const moving = target?.action === 'move_week';
  // The weeks the child could move to, marked by the server's own rules (issue 53): a full week and
  // one the child has in another order are shown, but cannot be chosen.
  const weeks = useChangeTargetsQuery(
    { id: enrolment._id, cupo: target?.cupo ?? 0 },
    { skip: !moving || !target },
  );
  const choices = weeks.data ?? [];

  // The figures of the change as it stands now, from the server (the one pricing module).
  const asked = target && !(moving && !toWeek) ? requestOf(target, moving ? toWeek : '') : null;
  const { preview, error: previewError } = useChangePreview(
    asked
      ? () => ask({ id: enrolment._id, body: { ...asked, refund, reason: '', preview: true } }).unwrap()
      : null,
    JSON.stringify([enrolment._id, asked, refund]),
    (error) => withServerMessage('No fue posible calcular el cambio', error),
  );

  async function confirm() {
    if (!target) return;
    const given = reason.take();
    if (given === null) return;
    const body = { ...requestOf(target, moving ? toWeek : ''), refund, reason: given };
    await notifyCall(
      () => change({ id: enrolment._id, body }).unwrap(),
      'Error al modificar la inscripción',
      onClose,
    );
  }

  const givesBack = preview !== null && preview.difference < 0;
  return (
    <ConfirmDialog
      show={target !== null}
      onClose={onClose}
      trapTab
      titleId="change-title"
      title={target ? CHANGE_ACTION_LABELS[target.action] : ''}
      confirmLabel="Confirmar cambio"
      busy={changing.isLoading || !preview}
      onConfirm={() => void confirm()}
    >
      <p className="fw-semibold">{target?.label}</p>
      {moving && (
        <div className="mb-3">
          <SelectBox
            id="change-week"
            name="to_week"
            label="Nueva semana *"
            autoComplete="off"
            value={toWeek}
            onChange={setToWeek}
          >
            <option value="">Seleccione una semana</option>
            {choices.map((week) => (
              <option key={week._id} value={week._id} disabled={week.state !== 'available'}>
                {changeTargetLabel(week)}
              </option>
            ))}
          </SelectBox>
        </div>
      )}
      {givesBack && (
        <fieldset className="mb-3">
          <legend className="form-label fs-6">Lo que se devuelve</legend>
          {CHANGE_REFUNDS.map((option) => (
            <div key={option} className="form-check">
              <input
                id={`change-refund-${option}`}
                type="radio"
                name="refund"
                className="form-check-input"
                checked={refund === option}
                onChange={() => setRefund(option)}
              />
              <label htmlFor={`change-refund-${option}`} className="form-check-label">
                {CHANGE_REFUND_LABELS[option]}
              </label>
            </div>
          ))}
        </fieldset>
      )}
      <div role="status" aria-live="polite" className="mb-3">
        {preview && (
          <>
            <p className="mb-1">
              Total actual: {formatDop(preview.before_total)} · Nuevo total:{' '}
              <strong>{formatDop(preview.after_total)}</strong>
            </p>
            <p className="mb-0">{preview.sentence}</p>
          </>
        )}
        {previewError && <p className="text-danger mb-0">{previewError}</p>}
      </div>
      <ReasonField id="change-reason" rows={2} {...reason.field} />
    </ConfirmDialog>
  );
}
