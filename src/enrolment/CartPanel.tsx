// The left summary panel 'Carrito' (spec 01 §2): the lines (checkbox and delete only on step 0,
// list hidden on step 3) and the totals; collapsible on phones.
import { useState } from 'react';
import { fullName } from '../domain/family.ts';
import { Button } from 'react-bootstrap';
import { formatDop } from '../domain/pricing.ts';
import { isAnnual, type CartLine, type ParticipantSlot, type WizardCategory } from './wizardData.ts';
import { categoryName, participantsLostByDelete } from './cartLines.ts';
import { cartTotals } from './cartTotals.ts';
import { BackAndGo, WizardModal } from './MessageDialog.tsx';
import { HOLD_MESSAGES } from '../domain/holds.ts';
import { campHoldsPlaces, lineHolds, type LineHold } from './holds.ts';
import { usePassed } from './usePassed.ts';
import { Totals } from './Totals.tsx';
import { useWizard, useWizardContext } from './useWizard.ts';

/** A line's hold, when it is not (or no longer) held (issue 18). */
const HOLD_BADGES: Partial<Record<LineHold, { text: string; className: string }>> = {
  notHeld: { text: HOLD_MESSAGES.lineNotHeld, className: 'text-bg-danger' },
  expired: { text: HOLD_MESSAGES.lineExpired, className: 'text-bg-warning' },
};

export function LineText({
  line,
  categories,
  annual,
  hold = 'unknown',
}: {
  line: CartLine;
  categories: readonly WizardCategory[];
  annual: boolean;
  hold?: LineHold;
}) {
  const category = categoryName(categories, line.time);
  const badge = HOLD_BADGES[hold];
  return (
    <span className="d-block min-w-0">
      <span className="d-block fw-semibold">
        {line.name}
        {badge ? <span className={`badge ${badge.className} ms-2`}>{badge.text}</span> : null}
      </span>
      <span className="d-block small text-body-secondary">{line.date}</span>
      {category ? <span className="d-block small">{category}</span> : null}
      {/* A declared code is the family's; without one the line shows no number that reads as a code
          (the provisional id stays internal, issue 26): the membership is issued with the payment. */}
      {annual ? (
        <span className="d-block small">
          {line.membership_have === 'SI'
            ? `Membresía: ${line.membership_id}`
            : 'Membresía: nueva, su código llega con la confirmación'}
        </span>
      ) : null}
      <span className="d-block small">
        Participante {line.cupo} · Cant. {line.quantity}
      </span>
    </span>
  );
}

function slotName(participant: ParticipantSlot): string {
  const name = fullName(participant);
  return name ? `Participante ${participant.id} (${name})` : `Participante ${participant.id}`;
}

/** Asks before 'Eliminar seleccionados' drops a child's typed data with their last line. */
function ConfirmDelete({
  lost,
  onConfirm,
  onCancel,
}: {
  lost: readonly ParticipantSlot[];
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <WizardModal
      id="confirm-delete-title"
      title="¿Eliminar los datos escritos?"
      show={lost.length > 0}
      onHide={onCancel}
      footer={<BackAndGo back={['Cancelar', onCancel]} go={['Eliminar', onConfirm, 'danger']} />}
    >
      <p className="mb-0">
        Al eliminar estas líneas se borrarán también los datos escritos de {lost.map(slotName).join(', ')}.
        Esta acción no se puede deshacer.
      </p>
    </WizardModal>
  );
}

export function CartPanel() {
  const actor = useWizard();
  const context = useWizardContext((c) => c);
  const [open, setOpen] = useState(false);
  const annual = isAnnual(context.camp);
  const totals = cartTotals(context);
  const editable = context.step === 0;
  const anyChecked = context.lines.some((line) => line.checked);
  const [confirming, setConfirming] = useState<ParticipantSlot[]>([]);
  // Re-rendered when the hold runs out, so the lines show it.
  const expired = usePassed(context.hold.expiresAt);
  const holds = lineHolds(
    context.lines,
    context.hold,
    expired ? Number.POSITIVE_INFINITY : 0,
    campHoldsPlaces(context.camp),
  );
  const remove = () => {
    const lost = participantsLostByDelete(context);
    if (lost.length > 0) setConfirming(lost);
    else actor.send({ type: 'DELETE_CHECKED' });
  };

  return (
    <section className="card" aria-labelledby="cart-title">
      <div className="card-header d-flex align-items-center gap-2">
        <h2 id="cart-title" className="card-title h5 mb-0 me-auto">
          Carrito
        </h2>
        <span className="d-lg-none fw-semibold">{formatDop(totals.total)}</span>
        <Button
          variant="outline-primary"
          size="sm"
          className="d-lg-none"
          aria-expanded={open}
          aria-controls="cart-body"
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Ocultar carrito' : 'Ver carrito'}
        </Button>
      </div>
      <div id="cart-body" className={`card-body${open ? '' : ' d-none d-lg-block'}`}>
        {context.step !== 3 ? (
          context.lines.length === 0 ? (
            <p className="text-body-secondary">El carrito está vacío.</p>
          ) : (
            <>
              <ul className="list-group mb-3" aria-label="Líneas del carrito">
                {context.lines.map((line) => (
                  <li key={line.key} className="list-group-item d-flex align-items-start gap-2">
                    {editable ? (
                      <input
                        id={`line-${line.key}`}
                        name="lines"
                        value={line.key}
                        type="checkbox"
                        className="form-check-input flex-none mt-1"
                        checked={line.checked}
                        onChange={() => actor.send({ type: 'TOGGLE_LINE', key: line.key })}
                      />
                    ) : null}
                    <label
                      htmlFor={editable ? `line-${line.key}` : undefined}
                      className="flex-grow-1 min-w-0"
                    >
                      <LineText
                        line={line}
                        categories={context.categories}
                        annual={annual}
                        hold={holds.get(line.key)}
                      />
                    </label>
                    <span className="text-nowrap">{formatDop(line.value)}</span>
                  </li>
                ))}
              </ul>
              {editable ? (
                <Button
                  variant="outline-danger"
                  size="sm"
                  className="mb-3"
                  disabled={!anyChecked}
                  onClick={remove}
                >
                  Eliminar seleccionados
                </Button>
              ) : null}
            </>
          )
        ) : null}
        <Totals totals={totals} annual={annual} couponLabel={context.coupon?.label} />
      </div>
      <ConfirmDelete
        lost={confirming}
        onCancel={() => setConfirming([])}
        onConfirm={() => {
          setConfirming([]);
          actor.send({ type: 'DELETE_CHECKED' });
        }}
      />
    </section>
  );
}
