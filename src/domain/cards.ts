// Card number, expiry and CVV checks (DESIGN.md §2.8), shared by the payment form and the
// payment gateway. Card data is never stored: only the brand and the last 4 digits are.

/** Digits only: the form's mask leaves spaces and underscores behind (spec 01 §5). */
export function cleanCardNumber(raw: string): string {
  return raw.replace(/[\s_-]/g, '');
}

/** 'MM/AAAA' or 'MMAAAA' → 'MMAAAA' (the enrolment request carries the expiry without the slash). */
export function cleanExpiry(raw: string): string {
  return raw.replace(/[\s_/]/g, '');
}

/** The card as a gateway takes it, from the payment form's fields (masks' leftovers removed). */
export function cardOfForm(form: { cardHolder: string; cardNumber: string; expDate: string; cvv: string }) {
  return {
    number: cleanCardNumber(form.cardNumber),
    expiry: cleanExpiry(form.expDate),
    cvv: form.cvv.trim(),
    holder: form.cardHolder.trim(),
  };
}

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'Mastercard';
  if (/^3[47]/.test(number)) return 'American Express';
  if (/^6(011|5)/.test(number)) return 'Discover';
  return 'Tarjeta';
}

/** A 'MMYYYY' expiry is valid through the last day of that month. */
export function expiryValid(expiry: string, now: Date): boolean {
  const match = /^(0[1-9]|1[0-2])(\d{4})$/.exec(expiry);
  if (!match) return false;
  const month = Number(match[1]);
  const year = Number(match[2]);
  const current = now.getFullYear() * 12 + now.getMonth() + 1;
  const expires = year * 12 + month;
  return expires >= current && expires <= current + 12 * 20;
}

export function cvvValid(cvv: string): boolean {
  return /^\d{3,4}$/.test(cvv);
}

export function last4(number: string): string {
  return number.slice(-4);
}

export const CARD_MESSAGES = {
  invalidNumber: 'El número de tarjeta no es válido.',
  expired: 'La fecha de vencimiento de la tarjeta no es válida o la tarjeta está vencida.',
  invalidCvv: 'El código de seguridad (CVV) debe tener 3 o 4 dígitos.',
  declined: 'La tarjeta fue rechazada por el banco. Por favor intente con otra tarjeta.',
  insufficientFunds: 'La tarjeta no tiene fondos suficientes. Por favor intente con otra tarjeta.',
  lostOrStolen: 'La tarjeta fue reportada como perdida o robada. Por favor use otra tarjeta.',
  noSavedCard: 'No tiene una tarjeta guardada.',
  unknownSavedCard: 'La tarjeta guardada ya no existe en el banco. Por favor registre otra tarjeta.',
  gatewayError:
    'No fue posible procesar el pago en este momento. No se realizó ningún cargo; por favor intente de nuevo.',
} as const;

/**
 * Sandbox test cards (DESIGN.md §2.8). Two more for cards kept on file (issue 20): `failsLater` is
 * kept but every later charge to it is declined (a soft decline, retried); `stolen` is reported
 * lost or stolen (a hard decline, never retried), at once when charged, later when kept.
 */
export const SANDBOX_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  failsLater: '4000000000000341',
  stolen: '4000000000009979',
} as const;

export type CardRefusalReason =
  'invalid_card' | 'expired' | 'invalid_cvv' | 'declined' | 'insufficient_funds' | 'lost_or_stolen';

/**
 * Refusals after which the same card is never charged again (issue 20): the gateway declared it
 * invalid, expired or lost or stolen, so a retry cannot succeed and may flag the school's account.
 */
export const HARD_REFUSALS: readonly CardRefusalReason[] = [
  'invalid_card',
  'expired',
  'invalid_cvv',
  'lost_or_stolen',
];

/**
 * The sandbox gateway's decision on a card (DESIGN.md §2.8), shared by the server's sandbox and the
 * mocks: why it is refused, or null when it is approved. Checks run in this order.
 */
export function sandboxRefusal(
  card: { number: string; expiry: string; cvv: string },
  now: Date,
): { reason: CardRefusalReason; message: string } | null {
  if (!luhnValid(card.number)) return { reason: 'invalid_card', message: CARD_MESSAGES.invalidNumber };
  if (!expiryValid(card.expiry, now)) return { reason: 'expired', message: CARD_MESSAGES.expired };
  if (!cvvValid(card.cvv)) return { reason: 'invalid_cvv', message: CARD_MESSAGES.invalidCvv };
  if (card.number === SANDBOX_CARDS.declined) return { reason: 'declined', message: CARD_MESSAGES.declined };
  if (card.number === SANDBOX_CARDS.insufficientFunds)
    return { reason: 'insufficient_funds', message: CARD_MESSAGES.insufficientFunds };
  if (card.number === SANDBOX_CARDS.stolen)
    return { reason: 'lost_or_stolen', message: CARD_MESSAGES.lostOrStolen };
  return null;
}

/**
 * The sandbox's decision on keeping a card on file: the checks of a charge (a card it would decline
 * is not kept), except the cards that fail only later (`failsLater`, `stolen`), which it keeps.
 */
export function sandboxSaveRefusal(
  card: { number: string; expiry: string; cvv: string },
  now: Date,
): { reason: CardRefusalReason; message: string } | null {
  if (card.number === SANDBOX_CARDS.stolen)
    return sandboxRefusal({ ...card, number: SANDBOX_CARDS.approved }, now);
  return sandboxRefusal(card, now);
}

/** How the sandbox's vault answers later charges to a kept card (never its number: a behaviour). */
export type SandboxVaultBehaviour = 'approve' | 'decline' | 'lost_or_stolen';
export const sandboxVaultBehaviour = (number: string): SandboxVaultBehaviour =>
  number === SANDBOX_CARDS.failsLater
    ? 'decline'
    : number === SANDBOX_CARDS.stolen
      ? 'lost_or_stolen'
      : 'approve';

/**
 * A kept card's expiry ('MMYYYY', valid through the end of that month) falls before a due day
 * ('YYYY-MM-DD'): the charge on that day cannot be made with it (issue 21: the family is told).
 */
export function expiresBefore(expiry: string, due: string): boolean {
  const match = /^(0[1-9]|1[0-2])(\d{4})$/.exec(expiry);
  if (!match) return false;
  return `${match[2]}-${match[1]}` < due.slice(0, 7);
}
