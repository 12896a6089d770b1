// The payment port (DESIGN.md §2.8) and its built-in sandbox, which behaves like a real gateway:
// it checks the card, approves the test card, declines the declined ones, and answers with an
// authorization code and its own reference. A real Dominican gateway goes behind the same port.
import { cardBrand, last4, sandboxRefusal, type CardRefusalReason } from '../../domain/cards.ts';
import { randomHex, randomInt } from '../crypto.ts';

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
      reason: CardRefusalReason;
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
      const refusal = sandboxRefusal(card, clock());
      if (refusal) return { approved: false, ...refusal, brand, last4: digits };
      return {
        approved: true,
        authCode: String(randomInt(100000, 1000000)),
        gatewayReference: `SBX-${randomHex(6)}`,
        brand,
        last4: digits,
      };
    },
  };
}
