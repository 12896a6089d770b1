// A card's four fields as the wizard masks them (spec 01 §6), and the error and buttons around
// them: the dialogs of 'Mis pagos' (pay an instalment, keep a card for autopay) share them.
import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { ContainedDialog } from '../lib/ContainedDialog.tsx';
import { maskCardNumber, maskCvv, maskExpiry } from '../lib/masks.ts';
import type { CardFields } from './accountApi.ts';

export const EMPTY_CARD: CardFields = { cardHolder: '', cardNumber: '', expDate: '', cvv: '' };

/** All four typed in full: the submit button waits for it. */
export const cardComplete = (card: CardFields): boolean =>
  card.cardHolder.trim() !== '' &&
  card.cardNumber.length >= 19 &&
  card.expDate.length === 7 &&
  card.cvv.length >= 3;

/** One field's name and autofill token, and its mask (a masked field is numeric). */
interface CardInputProps {
  name: string;
  autoComplete: string;
  placeholder?: string;
  mask?: (value: string) => string;
}

export function CardInputs({
  id,
  card,
  onChange,
}: {
  id: string;
  card: CardFields;
  onChange: (card: CardFields) => void;
}) {
  const input = (field: keyof CardFields, label: string, props: CardInputProps, className = 'mb-2') => (
    <Form.Group className={className} controlId={`${id}-${props.name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        name={props.name}
        autoComplete={props.autoComplete}
        inputMode={props.mask ? 'numeric' : undefined}
        placeholder={props.placeholder}
        value={card[field]}
        onChange={(event) =>
          onChange({ ...card, [field]: props.mask ? props.mask(event.target.value) : event.target.value })
        }
      />
    </Form.Group>
  );
  return (
    <>
      {input('cardHolder', 'Nombre en la tarjeta *', { name: 'ccName', autoComplete: 'cc-name' })}
      {input('cardNumber', 'Número de tarjeta *', {
        name: 'ccNumber',
        autoComplete: 'cc-number',
        placeholder: '9999 9999 9999 9999',
        mask: maskCardNumber,
      })}
      <div className="row g-2">
        {input(
          'expDate',
          'Vencimiento (MM/AAAA) *',
          { name: 'ccDate', autoComplete: 'cc-exp', placeholder: 'MM/AAAA', mask: maskExpiry },
          'col-6 mb-2',
        )}
        {input('cvv', 'CVV *', { name: 'ccCVV', autoComplete: 'cc-csc', mask: maskCvv }, 'col-6 mb-2')}
      </div>
    </>
  );
}

/** Why the last try did not go through, under the fields. */
export const CardError = ({ error }: { error: string }) =>
  error ? (
    <Alert variant="danger" className="mb-0 mt-2" role="alert">
      {error}
    </Alert>
  ) : null;

/** 'Cancelar' and the submit button, which says 'Procesando…' with a spinner while busy. */
export function CardFooter({
  busy,
  ready,
  label,
  onHide,
}: {
  busy: boolean;
  ready: boolean;
  label: string;
  onHide: () => void;
}) {
  return (
    <Modal.Footer>
      <Button variant="outline-secondary" onClick={onHide} disabled={busy}>
        Cancelar
      </Button>
      <Button type="submit" variant="primary" disabled={!ready || busy}>
        {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
        {busy ? 'Procesando…' : label}
      </Button>
    </Modal.Footer>
  );
}

/** The frame of a card dialog of 'Mis pagos': titled, a form, and not closed while a card is charged. */
export function CardFrame({
  titleId,
  title,
  busy,
  onHide,
  onSubmit,
  children,
}: {
  titleId: string;
  title: string;
  busy: boolean;
  onHide: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <Modal
      show
      onHide={busy ? () => {} : onHide}
      dialogAs={ContainedDialog}
      centered
      aria-labelledby={titleId}
    >
      <Form onSubmit={onSubmit} noValidate>
        <Modal.Header closeButton={!busy}>
          <Modal.Title as="h2" className="h5" id={titleId}>
            {title}
          </Modal.Title>
        </Modal.Header>
        {children}
      </Form>
    </Modal>
  );
}
