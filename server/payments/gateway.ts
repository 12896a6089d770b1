// The payment port (DESIGN.md §2.8) and its built-in sandbox, which behaves like a real gateway:
// it checks the card, approves the test card, declines the declined ones, and answers with an
// authorization code and its own reference. A real Dominican gateway goes behind the same port.
import crypto from 'node:crypto';
import {
  CARD_MESSAGES,
  SANDBOX_CARDS,
  cardBrand,
  cvvValid,
  expiryValid,
  last4,
  luhnValid,
} from '../../src/domain/cards.ts';

export interface ChargeRequest {
  /** Whole DOP. */
  amount: number;
  currency: 'DOP';
  card: { number: string; expiry: string; cvv: string; holder: string };
  /** Our order number, so a charge can always be matched to its enrolment. */
  reference: string;
}

export type ChargeResult =
  | { approved: true; authCode: string; gatewayReference: string; brand: string; last4: string }
  | {
      approved: false;
      reason: 'invalid_card' | 'expired' | 'invalid_cvv' | 'declined' | 'insufficient_funds';
      message: string;
      brand: string;
      last4: string;
    };

export interface PaymentGateway {
  readonly name: string;
  /** Resolves with the gateway's answer; rejects only when the gateway could not be reached. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

export function sandboxGateway(clock: () => Date = () => new Date()): PaymentGateway {
  return {
    name: 'sandbox',
    async charge({ card }) {
      const brand = cardBrand(card.number);
      const digits = last4(card.number);
      const refuse = (
        reason: Exclude<ChargeResult, { approved: true }>['reason'],
        message: string,
      ): ChargeResult => ({
        approved: false,
        reason,
        message,
        brand,
        last4: digits,
      });
      if (!luhnValid(card.number)) return refuse('invalid_card', CARD_MESSAGES.invalidNumber);
      if (!expiryValid(card.expiry, clock())) return refuse('expired', CARD_MESSAGES.expired);
      if (!cvvValid(card.cvv)) return refuse('invalid_cvv', CARD_MESSAGES.invalidCvv);
      if (card.number === SANDBOX_CARDS.declined) return refuse('declined', CARD_MESSAGES.declined);
      if (card.number === SANDBOX_CARDS.insufficientFunds)
        return refuse('insufficient_funds', CARD_MESSAGES.insufficientFunds);
      return {
        approved: true,
        authCode: String(crypto.randomInt(100000, 1000000)),
        gatewayReference: `SBX-${crypto.randomBytes(6).toString('hex').toUpperCase()}`,
        brand,
        last4: digits,
      };
    },
  };
}
