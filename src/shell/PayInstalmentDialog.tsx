// 'Pagar cuota' in 'Mis pagos' (issues 20, 53, 59): the dialog names what is paid (the program, the
// child or children, 'Cuota 3 de 10' and its due day, the amount), offers the card kept on file
// first ('Pagar con Visa ****0117', its CVV only where the gateway asks), 'Usar otra tarjeta' to
// type one, and goes through the card's bank's step when the bank asks (3-D Secure, the wizard's
// own frame and watcher: ../lib/BankFrame.tsx, ../api/bankStep.ts). Every outcome ends on a
// message: paid (a toast, the page read again) or why not, in the dialog, with the form back. One
// Idempotency-Key per attempt: kept while it may have charged, new after a refusal.
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Form, Modal, Spinner } from 'react-bootstrap';
import { formatDop } from '../domain/pricing.ts';
import { formatDueDay } from '../domain/plans.ts';
import { cardLabel, instalmentLabel } from '../domain/ledger.ts';
import { maskCvv } from '../lib/masks.ts';
import type { EnrolmentLedgerAnswer, SavedCardAnswer } from '../domain/schemas/ledger.ts';
import { newIdempotencyKey } from '../api/idempotency.ts';
import { cancelAuthentication, watchAuthentication, type SettledAnswer } from '../api/bankStep.ts';
import { BankFrame } from '../lib/BankFrame.tsx';
import { notify } from '../lib/toasts.tsx';
import { payInstalment, type CardFields, type InstalmentCard } from './accountApi.ts';
import { CardFrame, CardError, CardFooter, CardInputs, cardComplete, EMPTY_CARD } from './CardInputs.tsx';

const FAILED = 'No fue posible completar el pago. No se realizó ningún cargo; por favor intente de nuevo.';

const messageOf = (failure: unknown) =>
  failure instanceof Error && failure.message ? failure.message : FAILED;

/** The bank's step under way: its session and what it shows now. */
type BankStep = { session: string; kind: 'method' | 'challenge' };

/** The short name of a kept card, as its button says it: 'Visa ****0117'. */
export const keptCardName = (card: Pick<SavedCardAnswer, 'brand' | 'last4'>) =>
  `${card.brand} ****${card.last4}`;

export function PayInstalmentDialog({
  ledger,
  card,
  onHide,
  onPaid,
}: {
  ledger: EnrolmentLedgerAnswer;
  /** The family's kept card, offered first; null: a card is typed. */
  card: SavedCardAnswer | null;
  onHide: () => void;
  onPaid: () => void;
}) {
  const [key, setKey] = useState(newIdempotencyKey);
  const [useKept, setUseKept] = useState(card !== null);
  const [typed, setTyped] = useState<CardFields>(EMPTY_CARD);
  const [keptCvv, setKeptCvv] = useState('');
  const [busy, setBusy] = useState(false);
  const [bank, setBank] = useState<BankStep | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState('');
  // The line the button showed: the oldest owed (ledger.next_amount is what it owes).
  const line = ledger.lines.find((candidate) => candidate.owed > 0);
  const amount = line?.owed ?? 0;
  const children = line?.child ? [line.child] : ledger.enrolment.children;
  const cvvAsked = Boolean(card?.cvv_required);

  /** Paid, or not (the form back, a new key, the message): how every attempt ends. */
  const settle = (answer: SettledAnswer) => {
    const body = answer.body as { message?: string } | null;
    if (answer.statusCode < 300) {
      notify.success(body?.message ?? 'Pago realizado con éxito.');
      onPaid();
      return;
    }
    refuse(body?.message ?? FAILED);
  };
  const refuse = (message: string) => {
    setBank(null);
    setBusy(false);
    setCancelling(false);
    setKey(newIdempotencyKey());
    setError(message);
  };

  // While the bank's step runs, the server is asked how it goes until the payment is settled.
  const session = bank?.session;
  useEffect(() => {
    if (!session) return undefined;
    return watchAuthentication(session, {
      onStep: (kind) => setBank({ session, kind }),
      onSettled: settle,
      onRefused: (failure) => refuse(failure.message),
    });
    // `settle` and `refuse` only set state and call the page's callbacks: the session decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session]);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!line) return onPaid();
    setBusy(true);
    setError('');
    const paying: InstalmentCard = useKept ? { saved: true, ...(cvvAsked ? { cvv: keptCvv } : {}) } : typed;
    try {
      const answer = await payInstalment(ledger.enrolment._id, { cuota: line._id, amount }, paying, key);
      if (answer.authentication) {
        setBank(answer.authentication);
        return;
      }
      // 'Esa cuota ya está pagada.' too: nothing was charged, and the page read again shows it paid.
      settle({ statusCode: 200, body: answer });
    } catch (failure) {
      refuse(messageOf(failure));
    }
  };

  const cancelBank = async () => {
    if (!bank) return;
    setCancelling(true);
    try {
      const answer = await cancelAuthentication(bank.session);
      // Null: the bank's answer is being processed; the watcher reads it.
      if (answer) settle(answer);
    } catch (failure) {
      refuse(messageOf(failure));
    }
  };

  const ready = useKept ? !cvvAsked || keptCvv.length >= 3 : cardComplete(typed);
  const challenge = bank?.kind === 'challenge';
  return (
    <CardFrame
      titleId="pay-instalment-title"
      title="Pagar cuota"
      busy={busy}
      onHide={onHide}
      onSubmit={(event) => void pay(event)}
    >
      <Modal.Body>
        <dl className="row small mb-2" data-testid="pay-instalment-summary">
          <dt className="col-5 col-sm-4">Programa</dt>
          <dd className="col-7 col-sm-8 mb-1">{ledger.enrolment.camp_name}</dd>
          <dt className="col-5 col-sm-4">{children.length > 1 ? 'Participantes' : 'Participante'}</dt>
          <dd className="col-7 col-sm-8 mb-1">{children.join(', ')}</dd>
          <dt className="col-5 col-sm-4">Cuota</dt>
          <dd className="col-7 col-sm-8 mb-1">
            {line ? `${instalmentLabel(line)}, vence el ${formatDueDay(line.due)}` : ''}
          </dd>
          <dt className="col-5 col-sm-4">Monto a pagar</dt>
          <dd className="col-7 col-sm-8 mb-1 fw-bold">{formatDop(amount)}</dd>
        </dl>
        {bank ? (
          <>
            {challenge ? null : (
              <p role="status" className="mb-0">
                <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                Procesando pago…
              </p>
            )}
            <BankFrame
              session={bank.session}
              kind={bank.kind}
              note="Su banco pide confirmar que es usted. Complete la verificación para terminar el pago; la cuota no se cobra hasta entonces."
              cancelling={cancelling}
              onCancel={() => void cancelBank()}
            />
          </>
        ) : useKept && card ? (
          <section aria-labelledby="kept-card-title">
            <h3 id="kept-card-title" className="h6 mb-1">
              Tarjeta guardada
            </h3>
            <p className="mb-2" data-testid="kept-card">
              {cardLabel(card)}
            </p>
            {cvvAsked ? (
              <Form.Group className="mb-2" controlId="pay-instalment-kept-cvv">
                <Form.Label>CVV de la tarjeta guardada *</Form.Label>
                <Form.Control
                  name="ccCVV"
                  autoComplete="cc-csc"
                  inputMode="numeric"
                  value={keptCvv}
                  onChange={(event) => setKeptCvv(maskCvv(event.target.value))}
                />
                <Form.Text>Su banco lo pide para cobrar la tarjeta guardada.</Form.Text>
              </Form.Group>
            ) : null}
            <Button
              variant="link"
              className="px-0 tap-target"
              disabled={busy}
              onClick={() => setUseKept(false)}
            >
              Usar otra tarjeta
            </Button>
          </section>
        ) : (
          <section aria-label="Otra tarjeta">
            <CardInputs id="pay-instalment" card={typed} onChange={setTyped} />
            {card ? (
              <Button
                variant="link"
                className="px-0 tap-target"
                disabled={busy}
                onClick={() => setUseKept(true)}
              >
                Usar la tarjeta guardada ({keptCardName(card)})
              </Button>
            ) : null}
          </section>
        )}
        <CardError error={error} />
      </Modal.Body>
      {bank ? null : (
        <CardFooter
          busy={busy}
          ready={ready}
          label={useKept && card ? `Pagar con ${keptCardName(card)}` : `Pagar ${formatDop(amount)}`}
          onHide={onHide}
        />
      )}
    </CardFrame>
  );
}
