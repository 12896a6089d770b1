// A card's four fields as the wizard masks them (spec 01 §6): the dialogs of 'Mis pagos' (pay an
// instalment with another card, keep a card for autopay) share them.
import { Form } from 'react-bootstrap';
import { maskCardNumber, maskCvv, maskExpiry } from '../lib/masks.ts';
import type { CardFields } from './accountApi.ts';

export const EMPTY_CARD: CardFields = { cardHolder: '', cardNumber: '', expDate: '', cvv: '' };

/** All four typed in full: the submit button waits for it. */
export const cardComplete = (card: CardFields): boolean =>
  card.cardHolder.trim() !== '' &&
  card.cardNumber.length >= 19 &&
  card.expDate.length === 7 &&
  card.cvv.length >= 3;

export function CardInputs({
  id,
  card,
  onChange,
}: {
  id: string;
  card: CardFields;
  onChange: (card: CardFields) => void;
}) {
  const set = (field: keyof CardFields, value: string) => onChange({ ...card, [field]: value });
  return (
    <>
      <Form.Group className="mb-2" controlId={`${id}-holder`}>
        <Form.Label>Nombre en la tarjeta *</Form.Label>
        <Form.Control
          name="ccName"
          autoComplete="cc-name"
          value={card.cardHolder}
          onChange={(event) => set('cardHolder', event.target.value)}
        />
      </Form.Group>
      <Form.Group className="mb-2" controlId={`${id}-number`}>
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
        <Form.Group className="col-6 mb-2" controlId={`${id}-expiry`}>
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
        <Form.Group className="col-6 mb-2" controlId={`${id}-cvv`}>
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
    </>
  );
}
