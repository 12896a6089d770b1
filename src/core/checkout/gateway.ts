// The payment port (DESIGN.md §2.8) and its built-in sandbox, which behaves like a real gateway:
// it checks the card, approves the test card, declines the declined ones, and answers with an
// authorization code and its own reference. A real Dominican gateway goes behind the same port.
import {
  CARD_MESSAGES,
  cardBrand,
  expiryValid,
  last4,
  sandboxRefusal,
  sandboxSaveRefusal,
  sandboxVaultBehaviour,
  type CardRefusalReason,
  type SandboxVaultBehaviour,
} from '../../domain/cards.ts';
import { randomHex, randomInt } from '../crypto.ts';
import type { Store } from '../store/port.ts';

/** A card as typed (digits only, expiry 'MMYYYY'): passed to the gateway, never kept. */
export interface CardDetails {
  number: string;
  expiry: string;
  cvv: string;
  holder: string;
}

export interface ChargeRequest {
  /** Whole DOP. */
  amount: number;
  currency: 'DOP';
  card: CardDetails;
  /** Our order number, so a charge can always be matched to its enrolment. */
  reference: string;
}

export type ChargeResult =
  | {
      approved: true;
      authCode: string;
      gatewayReference: string;
      brand: string;
      last4: string;
      /** The acquirer's retrieval reference number, when it gives one (AZUL's RRN). */
      rrn?: string;
    }
  | {
      approved: false;
      reason: CardRefusalReason;
      message: string;
      brand: string;
      last4: string;
    };

/** A card kept in the gateway's vault: its token and what may be shown of it. */
export type SaveCardResult =
  | { saved: true; token: string; brand: string; last4: string; expiry: string }
  | { saved: false; reason: CardRefusalReason; message: string };

export interface SavedChargeRequest {
  /** The vault's token of the card (./../payments/cards.ts). */
  token: string;
  /** Only where the gateway asks for it with a kept card (`PaymentGateway.savedCardCvv`); never kept. */
  cvv?: string;
  /** Whole DOP. */
  amount: number;
  currency: 'DOP';
  /** One per attempt, so `lookup` finds this charge and no other. */
  reference: string;
}

export type RefundResult = { refunded: true; refundReference: string } | { refunded: false; message: string };

/**
 * What the cardholder's browser must do for 3-D Secure 2 (issue 21): run the bank's hidden method
 * form (AZUL's MethodForm, HTML as the gateway gave it), or show the bank's challenge (a form
 * posted to the bank's page in a visible frame).
 */
export type AuthenticationStep =
  { kind: 'method'; html: string } | { kind: 'challenge'; url: string; fields: Record<string, string> };

/** A charge the card's bank holds until the cardholder's browser has done `step`. */
export interface AuthenticationNeeded {
  approved: null;
  step: AuthenticationStep;
  /** The gateway's id of the held charge (AZUL's AzulOrderId), which the next step names. */
  gatewayReference: string;
  brand: string;
  last4: string;
}

/** A charge's answer when the gateway may ask the cardholder's bank first. */
export type SecureChargeResult = ChargeResult | AuthenticationNeeded;

/** An approval that also kept the card in the gateway's vault (the parent authorised autopay). */
export interface KeptCard {
  token: string;
  brand: string;
  last4: string;
  /** 'MMYYYY'. */
  expiry: string;
}

/**
 * A card kept in the gateway's vault, as a charge names it: its token, what may be shown of it,
 * and the CVV where the gateway asks for one (`PaymentGateway.savedCardCvv`).
 */
export interface KeptCardCharge {
  token: string;
  brand: string;
  last4: string;
  cvv?: string;
}

/** True when a charge names a kept card rather than one typed. */
export const isKeptCard = (card: CardDetails | KeptCardCharge): card is KeptCardCharge => 'token' in card;

/** How a held charge goes on: the method step is over (did the bank's notice come?), or the challenge's answer. */
export type AuthenticationInput =
  { method: 'RECEIVED' | 'EXPECTED_BUT_NOT_RECEIVED' } | { cres: string } | { paRes: string; md: string };

/** Where the bank sends the cardholder's browser back: the app's own pages for this charge. */
export interface AuthenticationReturn {
  /** The challenge's answer is posted here (AZUL's TermUrl). */
  termUrl: string;
  /** The method form's notice is posted here (AZUL's MethodNotificationUrl). */
  methodNotificationUrl: string;
}

/**
 * 3-D Secure 2 (issue 21) of a gateway that can ask the cardholder's bank. Absent (the sandbox):
 * `charge` decides at once. Both calls reject only when the gateway could not be reached or its
 * answer was lost (an unknown outcome, settled with `lookup`).
 */
export interface SecureCharging {
  charge(
    request: Omit<ChargeRequest, 'card'> & {
      /** The card typed by the cardholder, or the family's kept card (a token sale with 3DS). */
      card: CardDetails | KeptCardCharge;
      returnTo: AuthenticationReturn;
      /** What the bank's risk engine may use; blank fields are left out. */
      cardholder: { name: string; email: string; phone?: string };
      /** Keep the card in the vault with the approval (autopay authorised). */
      keepCard?: boolean;
    },
  ): Promise<SecureChargeResult & { keptCard?: KeptCard }>;
  resume(request: {
    reference: string;
    gatewayReference: string;
    amount: number;
    returnTo: AuthenticationReturn;
    input: AuthenticationInput;
  }): Promise<SecureChargeResult & { keptCard?: KeptCard }>;
}

/**
 * What `lookup` rejects with while the charge waits for the cardholder's bank (3-D Secure): it can
 * still be approved, but only if the app takes the next step (the reconciler decides when the
 * app's own wait is over).
 */
export class ChargeAwaitingAuthentication extends Error {
  constructor(reference: string) {
    super(`the charge ${reference} is waiting for the cardholder's authentication`);
    this.name = 'ChargeAwaitingAuthentication';
  }
}

export interface PaymentGateway {
  readonly name: string;
  /**
   * Who receives the charges: the merchant account (AZUL: its merchant id at its address). A
   * charge is asked about and refunded only where it was taken: a school that changes its merchant
   * must not hear 'never received' about a charge the previous one took (issue 55).
   */
  readonly merchant?: string;
  /**
   * The longest the gateway may take to decide a charge it received (AZUL: its timeout). Before
   * that has passed since a charge was sent, a `lookup` answering null is not trusted: the charge
   * may still be approved (issue 43). Absent: 0, the gateway's null is final at once.
   */
  readonly answerWithinMs?: number;
  /** Resolves with the gateway's answer; rejects only when the gateway could not be reached. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * What the gateway knows of the charge with our reference: its result, or null when it never
   * received it. How an unknown outcome (a timeout, a crash) is settled. Rejects when unreachable,
   * and also while the gateway is still processing the charge or cannot yet say (an adapter must
   * never answer null for a charge that may still be approved: its places would be given back).
   */
  lookup(reference: string): Promise<ChargeResult | null>;
  /**
   * Gives back `amount` of the approved charge with our reference: all of it (a cancelled
   * enrolment) or part (a partial change, issue 24). `key` names this refund (default: the
   * reference): asking again with the same key refunds once and answers the same; refunds of one
   * charge never add up to more than it. Rejects when unreachable.
   */
  refund(request: { reference: string; amount: number; key?: string }): Promise<RefundResult>;
  /**
   * Keeps a card in the gateway's vault for later charges (issue 20: autopay), after checking it as
   * a charge would; answers its token, or why it was refused. Rejects when unreachable.
   */
  saveCard(request: { card: CardDetails; customer: string }): Promise<SaveCardResult>;
  /** Charges a kept card; answered and looked up like `charge`. Rejects when unreachable. */
  chargeSaved(request: SavedChargeRequest): Promise<ChargeResult>;
  /** Removes a kept card from the vault (no later charge can use its token). */
  deleteCard(token: string): Promise<void>;
  /** 3-D Secure 2, when the gateway runs it (AZUL); absent: `charge` decides at once. */
  readonly secure?: SecureCharging;
  /**
   * The merchant's agreement asks for the CVV with a kept card (AZUL: a token sale's CVC is
   * optional or required 'según lo acordado' with AZUL). Absent: the kept card is charged without it.
   */
  readonly savedCardCvv?: boolean;
}

/**
 * True where `record` (an order or a payment) was charged at another merchant than `gateway`'s:
 * its `lookup` would answer 'never received' and its `refund` would be refused, both about a
 * charge it never took. Records from before merchants were written down have none: the same.
 */
export const takenElsewhere = (gateway: PaymentGateway, record: { merchant?: string }): boolean =>
  Boolean(record.merchant && gateway.merchant && record.merchant !== gateway.merchant);

/** What the gateway gives back of a charge, or a refusal, without asking, where another merchant took it. */
export const refundWhereTaken = async (
  gateway: PaymentGateway,
  charge: { merchant?: string },
  request: { reference: string; amount: number; key?: string },
): Promise<RefundResult> =>
  takenElsewhere(gateway, charge)
    ? { refunded: false, message: PREVIOUS_MERCHANT_REFUND }
    : gateway.refund(request);

/** The office reads it where a refund stays pending: the card's money is at the previous merchant. */
export const PREVIOUS_MERCHANT_REFUND =
  'Este cobro lo recibió el comercio AZUL anterior de la escuela: reembólselo desde el portal de ese comercio.';

/** True while a charge sent at `sentAt` may still be approved, whatever `lookup` says now. */
export const mayStillBeApproved = (gateway: PaymentGateway, sentAt: Date, now: Date): boolean =>
  now.getTime() < sentAt.getTime() + (gateway.answerWithinMs ?? 0);

/** What a sandbox `lookup` rejects with while the charge is still being processed. */
export const SANDBOX_IN_FLIGHT = 'the charge is still being processed';

interface RecordedCharge {
  _id: string;
  /** null while the charge is being processed (received, not decided yet). */
  result: ChargeResult | null;
  /** What was charged (absent on charges recorded before partial refunds). */
  amount?: number;
  at: Date;
  /** Wall-clock milliseconds when the sandbox received the charge. */
  received_ms?: number;
}

interface VaultCard {
  _id: string;
  behaviour: SandboxVaultBehaviour;
  brand: string;
  last4: string;
  expiry: string;
  deleted: boolean;
  at: Date;
}

interface RecordedRefund {
  /** The refund's key (the charge's reference for a whole refund). */
  _id: string;
  /** The charge it gives back (absent on refunds recorded before partial refunds: the _id). */
  reference?: string;
  result: RefundResult;
  amount: number;
  at: Date;
}

/** The sandbox's approval: an authorization code and its own reference. */
const approval = (brand: string, digits: string): ChargeResult => ({
  approved: true,
  authCode: String(randomInt(100000, 1000000)),
  gatewayReference: `SBX-${randomHex(6)}`,
  brand,
  last4: digits,
});

export const SANDBOX_NO_CHARGE = 'No existe un cargo aprobado para esta orden.';
export const SANDBOX_OVER_REFUND = 'El reembolso supera lo que queda del cargo.';

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
  // Charges received and not decided yet: `lookup` must not answer 'never received' for them.
  const inFlight = new Set<string>();
  const refunds = new Map<string, { reference: string; amount: number; result: RefundResult }>();
  const chargedAmounts = new Map<string, number>();
  const recorded = store?.collection<RecordedCharge>('sandbox_charges');
  const recordedRefunds = store?.collection<RecordedRefund>('sandbox_refunds');
  const vaultMemory = new Map<string, VaultCard>();
  const vault = store?.collection<VaultCard>('sandbox_vault');
  const vaultCard = async (token: string) => vaultMemory.get(token) ?? (await vault?.findById(token)) ?? null;
  const wait = async () => {
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
  };
  // A charge is received, then decided after the round trip. With a round trip the receipt is
  // recorded too, so another instance (or this one after a restart) asking meanwhile is told to
  // wait; one received and never decided (its process died) is known as never charged once its
  // round trip has passed.
  const receive = async (reference: string) => {
    inFlight.add(reference);
    if (latencyMs > 0)
      await recorded?.insertOne({ _id: reference, result: null, at: clock(), received_ms: Date.now() });
    await wait();
  };
  const record = async (reference: string, result: ChargeResult, amount: number) => {
    memory.set(reference, result);
    chargedAmounts.set(reference, amount);
    inFlight.delete(reference);
    if (!recorded) return;
    if (latencyMs > 0) await recorded.updateOne({ _id: reference }, { set: { result, amount } });
    else await recorded.insertOne({ _id: reference, result, amount, at: clock() });
  };
  /** What the refunds of a charge gave back so far (this instance's and the recorded ones). */
  const refundedOf = async (reference: string): Promise<number> => {
    const known = new Map<string, number>();
    for (const [key, refund] of refunds)
      if (refund.reference === reference && refund.result.refunded) known.set(key, refund.amount);
    for (const refund of (await recordedRefunds?.find({ $or: [{ reference }, { _id: reference }] })) ?? [])
      if (refund.result.refunded) known.set(refund._id, refund.amount);
    return [...known.values()].reduce((sum, amount) => sum + amount, 0);
  };
  const lookup = async (reference: string): Promise<ChargeResult | null> => {
    const known = memory.get(reference);
    if (known) return known;
    if (inFlight.has(reference)) throw new Error(SANDBOX_IN_FLIGHT);
    const stored = await recorded?.findById(reference);
    if (stored?.result) return stored.result;
    if (stored && (stored.received_ms ?? 0) + latencyMs > Date.now()) throw new Error(SANDBOX_IN_FLIGHT);
    return null;
  };
  return {
    name: 'sandbox',
    merchant: 'sandbox',
    answerWithinMs: latencyMs,
    async charge({ card, reference, amount }) {
      await receive(reference);
      const brand = cardBrand(card.number);
      const digits = last4(card.number);
      const refusal = sandboxRefusal(card, clock());
      const result: ChargeResult = refusal
        ? { approved: false, ...refusal, brand, last4: digits }
        : approval(brand, digits);
      await record(reference, result, amount);
      return result;
    },
    async saveCard({ card }) {
      await wait();
      const refusal = sandboxSaveRefusal(card, clock());
      if (refusal) return { saved: false, ...refusal };
      const kept: VaultCard = {
        _id: `SBX-T-${randomHex(12)}`,
        behaviour: sandboxVaultBehaviour(card.number),
        brand: cardBrand(card.number),
        last4: last4(card.number),
        expiry: card.expiry,
        deleted: false,
        at: clock(),
      };
      vaultMemory.set(kept._id, kept);
      await vault?.insertOne(kept);
      return { saved: true, token: kept._id, brand: kept.brand, last4: kept.last4, expiry: kept.expiry };
    },
    async chargeSaved({ token, reference, amount }) {
      await receive(reference);
      const kept = await vaultCard(token);
      const brand = kept?.brand ?? 'Tarjeta';
      const digits = kept?.last4 ?? '';
      const refuse = (reason: CardRefusalReason, message: string): ChargeResult => ({
        approved: false,
        reason,
        message,
        brand,
        last4: digits,
      });
      const result: ChargeResult =
        !kept || kept.deleted
          ? refuse('invalid_card', CARD_MESSAGES.unknownSavedCard)
          : !expiryValid(kept.expiry, clock())
            ? refuse('expired', CARD_MESSAGES.expired)
            : kept.behaviour === 'decline'
              ? refuse('declined', CARD_MESSAGES.declined)
              : kept.behaviour === 'lost_or_stolen'
                ? refuse('lost_or_stolen', CARD_MESSAGES.lostOrStolen)
                : approval(brand, digits);
      await record(reference, result, amount);
      return result;
    },
    async deleteCard(token) {
      const kept = await vaultCard(token);
      if (!kept) return;
      vaultMemory.set(token, { ...kept, deleted: true });
      await vault?.updateOne({ _id: token }, { set: { deleted: true } });
    },
    lookup,
    async refund({ reference, amount, key = reference }) {
      const earlier = refunds.get(key)?.result ?? (await recordedRefunds?.findById(key))?.result;
      if (earlier) return earlier;
      const charge = await lookup(reference);
      if (!charge?.approved) return { refunded: false, message: SANDBOX_NO_CHARGE };
      const charged = chargedAmounts.get(reference) ?? (await recorded?.findById(reference))?.amount;
      if (charged !== undefined && (await refundedOf(reference)) + amount > charged)
        return { refunded: false, message: SANDBOX_OVER_REFUND };
      const result: RefundResult = { refunded: true, refundReference: `SBX-R-${randomHex(6)}` };
      refunds.set(key, { reference, amount, result });
      try {
        await recordedRefunds?.insertOne({ _id: key, reference, result, amount, at: clock() });
      } catch {
        // Two refunds of one key at once: the first one recorded is the refund.
        return (await recordedRefunds?.findById(key))?.result ?? result;
      }
      return result;
    },
  };
}
