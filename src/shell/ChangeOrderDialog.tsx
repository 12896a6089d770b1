// A parent changes their own paid camp order from the profile (issue 24): drops one week of a child,
// moves it to another week, or takes the child out of the order, within the camp's window. The server prices the change (the one
// pricing module) and the dialog shows the new total and what happens to the money before the
// parent confirms; a refusal (past the deadline, no place left) is shown in place.
import { useState } from 'react';
import { useChangePreview, useLatestAnswer } from '../lib/useLatestAnswer.ts';
import { formatDop } from '../domain/pricing.ts';
import { changeTargetLabel, type ChangeTargetWeek } from '../domain/changes.ts';
import { changeOwnEnrolment, fetchChangeTargets, type EnrolmentSummary } from './accountApi.ts';
import { OrderActionDialog } from './OrderActionDialog.tsx';
import { SelectBox } from '../lib/SelectBox.tsx';

/** The 'what to do' choice that takes the line's child out of the order (every week of theirs). */
const DROP_CHILD = 'quitar-participante';

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : 'No fue posible calcular el cambio.';

export function ChangeOrderDialog({
  enrolment,
  onClose,
  onChanged,
}: {
  enrolment: EnrolmentSummary | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const lines = enrolment?.lines ?? [];
  const [lineIndex, setLineIndex] = useState('0');
  const [toWeek, setToWeek] = useState('');
  const [weeks, setWeeks] = useState<ChangeTargetWeek[]>([]);
  const line = lines[Number(lineIndex)];
  const id = enrolment?._id;
  const request = line
    ? {
        cupo: line.cupo,
        week: line.week,
        ...(toWeek === DROP_CHILD
          ? { action: 'drop_child' as const }
          : toWeek
            ? { action: 'move_week' as const, to_week: toWeek }
            : { action: 'drop_week' as const }),
      }
    : null;

  // The weeks this child could move to, as the server marks them (issue 53): full ones and those
  // the child has in another order are listed but cannot be chosen.
  const cupo = line?.cupo;
  useLatestAnswer(
    id && cupo !== undefined ? () => fetchChangeTargets(id, cupo) : null,
    `${id}-${cupo}`,
    setWeeks,
    () => setWeeks([]),
  );

  const { preview, error, setError } = useChangePreview(
    id && request ? () => changeOwnEnrolment(id, { ...request, preview: true }) : null,
    `${id}-${JSON.stringify(request)}`,
    messageOf,
  );

  const ownWeeks = new Set(lines.filter((candidate) => candidate.cupo === line?.cupo).map((one) => one.week));
  return (
    <OrderActionDialog
      show={enrolment !== null}
      onClose={onClose}
      titleId="change-title"
      title="Cambiar semanas"
      confirmLabel="Confirmar cambio"
      busyLabel="Guardando…"
      ready={preview !== null}
      run={id && request ? () => changeOwnEnrolment(id, request) : undefined}
      onDone={onChanged}
      error={error}
      onError={(caught) => setError(messageOf(caught))}
    >
      <div className="mb-3">
        <SelectBox
          id="change-line"
          name="line"
          label="Semana que desea cambiar"
          autoComplete="off"
          className="form-select tap-target"
          value={lineIndex}
          onChange={(value) => {
            setLineIndex(value);
            setToWeek('');
          }}
        >
          {lines.map((option, index) => (
            <option key={`${option.cupo}-${option.week}`} value={String(index)}>
              {option.label}
            </option>
          ))}
        </SelectBox>
      </div>
      <div className="mb-3">
        <SelectBox
          id="change-to"
          name="to_week"
          label="Qué desea hacer"
          autoComplete="off"
          className="form-select tap-target"
          value={toWeek}
          onChange={setToWeek}
        >
          <option value="">Quitar esta semana</option>
          {/* An order keeps at least one child: the last one leaves by cancelling. */}
          {line && new Set(lines.map((one) => one.cupo)).size > 1 ? (
            <option value={DROP_CHILD}>Quitar a {line.child} de la orden (todas sus semanas)</option>
          ) : null}
          {weeks
            .filter((week) => !ownWeeks.has(week._id))
            .map((week) => (
              <option key={week._id} value={week._id} disabled={week.state !== 'available'}>
                Cambiar a {changeTargetLabel(week)}
              </option>
            ))}
        </SelectBox>
      </div>
      <div role="status" aria-live="polite">
        {preview ? (
          <>
            <p className="mb-1">
              Nuevo total: <strong>{formatDop(preview.after_total)}</strong> (antes{' '}
              {formatDop(preview.before_total)})
            </p>
            <p className="mb-0">{preview.sentence}</p>
          </>
        ) : null}
      </div>
    </OrderActionDialog>
  );
}
