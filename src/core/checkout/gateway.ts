// The payment port (DESIGN.md §2.8) and its built-in sandbox, which behaves like a real gateway:
// it checks the card, approves the test card, declines the declined ones, and answers with an
// authorization code and its own reference. A real Dominican gateway goes behind the same port.
import { cardBrand, last4, sandboxRefusal, type CardRefusalReason } from '../../domain/cards.ts';
import { randomHex, randomInt } from '../crypto.ts';
import type { Store } from '../store/port.ts';

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
  /**
   * What the gateway knows of the charge with our reference: its result, or null when it never
   * received it. How an unknown outcome (a timeout, a crash) is settled. Rejects when unreachable,
   * and also while the gateway is still processing the charge or cannot yet say (an adapter must
   * never answer null for a charge that may still be approved: its places would be given back).
   */
  lookup(reference: string): Promise<ChargeResult | null>;
}

interface RecordedCharge {
  _id: string;
  result: ChargeResult;
  at: Date;
}

/**
 * The sandbox. With a store it records each answer by reference (brand and last four digits only,
 * never the card), so `lookup` answers after a restart as a real gateway would.
 */
export function sandboxGateway({
  store,
  clock = () => new Date(),
  latencyMs = 0,
}: {
  store?: Store;
  clock?: () => Date;
  /** A real gateway's round trip, so that requests are in flight as long as in production. */
  latencyMs?: number;
} = {}): PaymentGateway {
  const memory = new Map<string, ChargeResult>();
  const recorded = store?.collection<RecordedCharge>('sandbox_charges');
  const record = async (reference: string, result: ChargeResult) => {
    memory.set(reference, result);
    await recorded?.insertOne({ _id: reference, result, at: clock() });
  };
  return {
    name: 'sandbox',
    async charge({ card, reference }) {
      if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      const brand = cardBrand(card.number);
      const digits = last4(card.number);
      const refusal = sandboxRefusal(card, clock());
      const result: ChargeResult = refusal
        ? { approved: false, ...refusal, brand, last4: digits }
        : {
            approved: true,
            authCode: String(randomInt(100000, 1000000)),
            gatewayReference: `SBX-${randomHex(6)}`,
            brand,
            last4: digits,
          };
      await record(reference, result);
      return result;
    },
    async lookup(reference) {
      return memory.get(reference) ?? (await recorded?.findById(reference))?.result ?? null;
    },
  };
}
