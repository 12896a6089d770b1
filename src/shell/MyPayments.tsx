// 'Mis pagos' in the profile (issue 20): each program's schedule with what is paid, due and overdue,
// the balance and the next due day, the payments made (card, transfer, cash…), a button to pay the
// next owed instalment now by card (the kept one first, through the bank's step when it asks:
// ./PayInstalmentDialog.tsx), and the card kept for automatic charges (replace or remove it).
// Amounts are the server's; a repeat click never charges twice (one Idempotency-Key per attempt),
// and the button names the line it shows: once that line is paid (another tab, autopay), paying it
// again charges nothing and the page shows it paid (issue 53).
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Modal } from 'react-bootstrap';
import { formatDop } from '../domain/pricing.ts';
import { isAnnualProgram } from '../domain/records.ts';
import { cardLabel } from '../domain/ledger.ts';
import type { EnrolmentLedgerAnswer, SavedCardAnswer } from '../domain/schemas/ledger.ts';
import { LedgerFigures, LedgerTable, PaymentsList } from '../lib/LedgerTable.tsx';
import { notify } from '../lib/toasts.tsx';
import { fetchLedgers, fetchSavedCard, removeCard, saveCard, type CardFields } from './accountApi.ts';
import { CardFrame, CardError, CardFooter, CardInputs, cardComplete, EMPTY_CARD } from './CardInputs.tsx';
import { PayInstalmentDialog } from './PayInstalmentDialog.tsx';

const messageOf = (failure: unknown, fallback: string) =>
  failure instanceof Error && failure.message ? failure.message : fallback;

/** A dialog with the card's fields (masked as in the wizard) that submits them to `send`. */
function CardDialog({
  id,
  title,
  intro,
  submitLabel,
  send,
  onHide,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  submitLabel: string;
  /** Resolves when done (the dialog then closes); rejects with the message to show. */
  send: (card: CardFields) => Promise<void>;
  onHide: () => void;
}) {
  const [card, setCard] = useState(EMPTY_CARD);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const complete = cardComplete(card);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      await send(card);
    } catch (failure) {
      setError(messageOf(failure, 'No fue posible completar la operación.'));
      setBusy(false);
    }
  };
  return (
    <CardFrame
      titleId={`${id}-title`}
      title={title}
      busy={busy}
      onHide={onHide}
      onSubmit={(event) => void submit(event)}
    >
      <Modal.Body>
        <div className="mb-3">{intro}</div>
        <CardInputs id={id} card={card} onChange={setCard} />
        <CardError error={error} />
      </Modal.Body>
      <CardFooter busy={busy} ready={complete} label={submitLabel} onHide={onHide} />
    </CardFrame>
  );
}

/** The card kept for automatic charges: shown, replaced, removed. */
function SavedCardSection({ card, onChange }: { card: SavedCardAnswer | null; onChange: () => void }) {
  const [replacing, setReplacing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const remove = async () => {
    if (!window.confirm('¿Eliminar la tarjeta? Las próximas cuotas ya no se cobrarán automáticamente.'))
      return;
    setRemoving(true);
    try {
      notify.success((await removeCard()).message);
      onChange();
    } catch (failure) {
      notify.error(messageOf(failure, 'No fue posible eliminar la tarjeta.'));
    } finally {
      setRemoving(false);
    }
  };
  return (
    <section className="border rounded p-3 mb-3" aria-labelledby="saved-card-title">
      <h3 id="saved-card-title" className="h6">
        Tarjeta para cobros automáticos
      </h3>
      <p className="small mb-2" data-testid="saved-card">
        {card
          ? `${cardLabel(card)}. Solo el banco guarda los datos de la tarjeta.`
          : 'No tiene una tarjeta guardada: las cuotas se pagan desde aquí o en la oficina.'}
      </p>
      <div className="d-flex flex-wrap gap-2">
        <Button variant="outline-primary" onClick={() => setReplacing(true)}>
          {card ? 'Cambiar tarjeta' : 'Guardar una tarjeta'}
        </Button>
        {card ? (
          <Button variant="outline-danger" disabled={removing} onClick={() => void remove()}>
            Eliminar tarjeta
          </Button>
        ) : null}
      </div>
      {replacing ? (
        <CardDialog
          id="save-card"
          title={card ? 'Cambiar tarjeta' : 'Guardar una tarjeta'}
          submitLabel="Guardar tarjeta"
          intro={
            <p className="small mb-0">
              Las cuotas con cobro automático autorizado se cobrarán a esta tarjeta en sus fechas. El banco la
              verifica y la guarda; la escuela solo conserva la marca, los últimos 4 dígitos y el vencimiento.
            </p>
          }
          onHide={() => setReplacing(false)}
          send={async (fields) => {
            notify.success((await saveCard(fields)).message);
            setReplacing(false);
            onChange();
          }}
        />
      ) : null}
    </section>
  );
}

function LedgerCard({
  ledger,
  card,
  onChange,
}: {
  ledger: EnrolmentLedgerAnswer;
  card: SavedCardAnswer | null;
  onChange: () => void;
}) {
  const [paying, setPaying] = useState(false);
  const payable = ledger.enrolment.status !== 'cancelled' && ledger.next_amount > 0;
  const headingId = `ledger-${ledger.enrolment._id}`;
  return (
    <section className="border rounded p-3 mb-3" aria-labelledby={headingId}>
      <h3 id={headingId} className="h6 mb-1">
        {ledger.enrolment.camp_name} · Orden {ledger.enrolment.order_number}
      </h3>
      <p className="small text-body-secondary mb-2">
        {ledger.enrolment.children.join(', ')}
        {ledger.enrolment.status === 'cancelled' ? ' · Cancelada' : ''}
      </p>
      <LedgerFigures ledger={ledger} />
      <p className="small mb-2" data-testid="autopay-state">
        {ledger.autopay && card
          ? `Cobro automático activo con ${card.brand} ****${card.last4}.`
          : ledger.autopay
            ? 'Cobro automático autorizado, sin tarjeta guardada: guarde una para que se cobre.'
            : 'Sin cobro automático: pague cada cuota desde aquí o en la oficina.'}
      </p>
      {payable ? (
        <Button className="mb-3" onClick={() => setPaying(true)}>
          {ledger.overdue > 0 ? 'Pagar cuota vencida' : 'Pagar próxima cuota'} (
          {formatDop(ledger.next_amount)})
        </Button>
      ) : null}
      <LedgerTable ledger={ledger} caption={`Plan de pagos de la orden ${ledger.enrolment.order_number}`} />
      <h4 className="h6 mt-3">Pagos realizados</h4>
      <PaymentsList ledger={ledger} />
      {paying ? (
        <PayInstalmentDialog
          ledger={ledger}
          card={card}
          // Read again on closing too: a declined attempt is part of the history.
          onHide={() => {
            setPaying(false);
            onChange();
          }}
          onPaid={() => {
            setPaying(false);
            onChange();
          }}
        />
      ) : null}
    </section>
  );
}

export function MyPayments() {
  const [data, setData] = useState<{ ledgers: EnrolmentLedgerAnswer[]; card: SavedCardAnswer | null } | null>(
    null,
  );
  const [error, setError] = useState('');
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    Promise.all([fetchLedgers(controller.signal), fetchSavedCard(controller.signal)]).then(
      ([ledgers, card]) => setData({ ledgers, card }),
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(failure, 'Error al cargar sus pagos.'));
      },
    );
    return () => controller.abort();
  }, [version]);
  if (error) return <Alert variant="danger">{error}</Alert>;
  if (!data) return <p role="status">Cargando…</p>;
  const reload = () => setVersion((value) => value + 1);
  // Annual programs have schedules; a camp paid in full has nothing owed and shows in 'Actividad'.
  const plans = data.ledgers.filter((ledger) => isAnnualProgram(ledger.enrolment.camp_type));
  return (
    <>
      <SavedCardSection card={data.card} onChange={reload} />
      {plans.length === 0 ? <p className="mb-0">No tiene programas con plan de pagos.</p> : null}
      {plans.map((ledger) => (
        <LedgerCard key={ledger.enrolment._id} ledger={ledger} card={data.card} onChange={reload} />
      ))}
    </>
  );
}
