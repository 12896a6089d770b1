// 'Mis pagos' in the profile (issue 20): each program's schedule with what is paid, due and overdue,
// the balance and the next due day, the payments made (card, transfer, cash…), and a button to pay
// the next owed instalment now by card. The amount is the server's; a repeat click never charges
// twice (one Idempotency-Key per attempt, kept until it has an answer).
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { formatDop } from '../domain/pricing.ts';
import { formatDueDay } from '../domain/plans.ts';
import { isAnnualProgram } from '../domain/records.ts';
import type { EnrolmentLedgerAnswer } from '../domain/schemas/ledger.ts';
import { LedgerFigures, LedgerTable, PaymentsList } from '../lib/LedgerTable.tsx';
import { maskCardNumber, maskCvv, maskExpiry } from '../lib/masks.ts';
import { newIdempotencyKey } from '../api/idempotency.ts';
import { notify } from '../lib/toasts.tsx';
import { fetchLedgers, payInstalment, type CardFields } from './accountApi.ts';

const EMPTY_CARD: CardFields = { cardHolder: '', cardNumber: '', expDate: '', cvv: '' };

function PayDialog({
  ledger,
  onHide,
  onPaid,
}: {
  ledger: EnrolmentLedgerAnswer;
  onHide: () => void;
  onPaid: (ledger: EnrolmentLedgerAnswer | null) => void;
}) {
  const [card, setCard] = useState(EMPTY_CARD);
  const [key, setKey] = useState(newIdempotencyKey);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState('');
  const amount = ledger.next_amount;
  const complete =
    card.cardHolder.trim() !== '' &&
    card.cardNumber.length >= 19 &&
    card.expDate.length === 7 &&
    card.cvv.length >= 3;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPaying(true);
    setError('');
    try {
      const { message, ledger: paid } = await payInstalment(ledger.enrolment._id, amount, card, key);
      notify.success(message);
      onPaid(paid);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'No fue posible realizar el pago.');
      // A refusal is final for this key: the next try is a new attempt.
      setKey(newIdempotencyKey());
    } finally {
      setPaying(false);
    }
  };
  const set = (field: keyof CardFields, value: string) =>
    setCard((current) => ({ ...current, [field]: value }));
  return (
    <Modal show onHide={paying ? () => {} : onHide} centered aria-labelledby="pay-instalment-title">
      <Form onSubmit={(event) => void submit(event)} noValidate>
        <Modal.Header closeButton={!paying}>
          <Modal.Title as="h2" className="h5" id="pay-instalment-title">
            Pagar cuota
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-3">
            {ledger.enrolment.camp_name}: cuota con vencimiento el{' '}
            {ledger.next_due ? formatDueDay(ledger.next_due) : ''}.
            <br />
            <strong>Monto a pagar: {formatDop(amount)}</strong>
          </p>
          <Form.Group className="mb-2" controlId="instalment-card-holder">
            <Form.Label>Nombre en la tarjeta *</Form.Label>
            <Form.Control
              name="ccName"
              autoComplete="cc-name"
              value={card.cardHolder}
              onChange={(event) => set('cardHolder', event.target.value)}
            />
          </Form.Group>
          <Form.Group className="mb-2" controlId="instalment-card-number">
            <Form.Label>Número de tarjeta *</Form.Label>
            <Form.Control
              name="ccNumber"
              autoComplete="cc-number"
              inputMode="numeric"
              placeholder="9999 9999 9999 9999"
              value={card.cardNumber}
              onChange={(event) => set('cardNumber', maskCardNumber(event.target.value))}
            />
          </Form.Group>
          <div className="row g-2">
            <Form.Group className="col-6 mb-2" controlId="instalment-card-expiry">
              <Form.Label>Vencimiento (MM/AAAA) *</Form.Label>
              <Form.Control
                name="ccDate"
                autoComplete="cc-exp"
                inputMode="numeric"
                placeholder="MM/AAAA"
                value={card.expDate}
                onChange={(event) => set('expDate', maskExpiry(event.target.value))}
              />
            </Form.Group>
            <Form.Group className="col-6 mb-2" controlId="instalment-card-cvv">
              <Form.Label>CVV *</Form.Label>
              <Form.Control
                name="ccCVV"
                autoComplete="cc-csc"
                inputMode="numeric"
                value={card.cvv}
                onChange={(event) => set('cvv', maskCvv(event.target.value))}
              />
            </Form.Group>
          </div>
          {error ? (
            <Alert variant="danger" className="mb-0 mt-2" role="alert">
              {error}
            </Alert>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide} disabled={paying}>
            Cancelar
          </Button>
          <Button type="submit" variant="primary" disabled={!complete || paying}>
            {paying ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
            {paying ? 'Procesando pago…' : `Pagar ${formatDop(amount)}`}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

function LedgerCard({ ledger, onChange }: { ledger: EnrolmentLedgerAnswer; onChange: () => void }) {
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
        <PayDialog
          ledger={ledger}
          onHide={() => setPaying(false)}
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
  const [ledgers, setLedgers] = useState<EnrolmentLedgerAnswer[] | null>(null);
  const [error, setError] = useState('');
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetchLedgers(controller.signal).then(setLedgers, (failure: unknown) => {
      if (!controller.signal.aborted)
        setError(failure instanceof Error ? failure.message : 'Error al cargar sus pagos.');
    });
    return () => controller.abort();
  }, [version]);
  if (error) return <Alert variant="danger">{error}</Alert>;
  if (!ledgers) return <p role="status">Cargando…</p>;
  // Annual programs have schedules; a camp paid in full has nothing owed and shows in 'Actividad'.
  const plans = ledgers.filter((ledger) => isAnnualProgram(ledger.enrolment.camp_type));
  if (plans.length === 0) return <p className="mb-0">No tiene programas con plan de pagos.</p>;
  return (
    <>
      {plans.map((ledger) => (
        <LedgerCard
          key={ledger.enrolment._id}
          ledger={ledger}
          onChange={() => setVersion((value) => value + 1)}
        />
      ))}
    </>
  );
}
