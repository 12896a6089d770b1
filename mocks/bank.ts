// Mock mode's card bank (issue 59): 3-D Secure for the test card whose bank always challenges
// (CHALLENGE_TEST_CARD, AZUL's, as the AZUL stand-in takes it), typed or kept for autopay, so that
// testers walk the bank's step as on the server: the payment answers 202, the payment step or
// 'Mis pagos' frames the bank's simulator, and its answer settles the order or the instalment through
// the core's own rules (src/core/checkout/authentication.ts). Other cards are decided at once.
//
// The bank's pages, the frame the parent answers in, are ./bank-pages.ts.
import { randomHex } from '../src/core/crypto.ts';
import {
  ChargeAwaitingAuthentication,
  isKeptCard,
  type ChargeResult,
  type PaymentGateway,
  type SecureCharging,
} from '../src/core/checkout/gateway.ts';
import { AUTHENTICATION_MESSAGES, CHALLENGE_TEST_CARD } from '../src/domain/authentication.ts';
import { cardBrand, last4 } from '../src/domain/cards.ts';

/** A charge the bank holds for its challenge: the card it will charge once the cardholder passes. */
interface Held {
  token: string;
  /** Vaulted for the challenge only: removed once it is over, unless autopay keeps it. */
  temporary: boolean;
  keep: boolean;
  brand: string;
  last4: string;
  expiry: string;
}

const CHALLENGE_LAST4 = CHALLENGE_TEST_CARD.number.slice(-4);

function transStatusOf(cres: string): string {
  try {
    const { transStatus } = JSON.parse(atob(cres)) as { transStatus?: unknown };
    return typeof transStatus === 'string' ? transStatus : '';
  } catch {
    return '';
  }
}

/**
 * `gateway` with the bank's 3-D Secure: the challenge card (typed, or kept: a kept card ending as
 * it does) is held for the challenge; every other card is charged as `gateway` charges it. The
 * held charges are the bank's, in the page's memory only: never stored, no card number kept (a
 * typed card is vaulted for the challenge, as a token).
 */
export function withBankChallenge(gateway: PaymentGateway): PaymentGateway {
  const held = new Map<string, Held>();
  const secure: SecureCharging = {
    async charge(request) {
      const { card, amount, currency, reference } = request;
      const kept = isKeptCard(card);
      if (kept ? card.last4 !== CHALLENGE_LAST4 : card.number !== CHALLENGE_TEST_CARD.number)
        return kept
          ? gateway.chargeSaved({ amount, currency, reference, token: card.token })
          : gateway.charge({ amount, currency, reference, card });
      let hold: Held;
      if (kept)
        hold = {
          token: card.token,
          temporary: false,
          keep: false,
          brand: card.brand,
          last4: card.last4,
          expiry: '',
        };
      else {
        // The card as the bank's vault keeps it; refused as the sandbox refuses a charge of it.
        const saved = await gateway.saveCard({ card, customer: request.cardholder.email });
        if (!saved.saved)
          return {
            approved: false,
            reason: saved.reason,
            message: saved.message,
            brand: cardBrand(card.number),
            last4: last4(card.number),
          };
        hold = { ...saved, temporary: !request.keepCard, keep: Boolean(request.keepCard) };
      }
      held.set(reference, hold);
      const gatewayReference = `MOCK-3DS-${randomHex(6)}`;
      return {
        approved: null,
        step: {
          kind: 'challenge',
          url: 'mock-bank',
          fields: { creq: btoa(JSON.stringify({ acsTransID: gatewayReference })) },
        },
        gatewayReference,
        brand: hold.brand,
        last4: hold.last4,
      };
    },
    async resume({ reference, amount, input }) {
      const hold = held.get(reference);
      held.delete(reference);
      const refused = (message: string): ChargeResult => ({
        approved: false,
        reason: 'declined',
        message,
        brand: hold?.brand ?? 'Tarjeta',
        last4: hold?.last4 ?? '',
      });
      // The page was reloaded meanwhile: the bank's memory of the charge is gone, nothing charged.
      if (!hold) return refused(AUTHENTICATION_MESSAGES.expired);
      const status = 'cres' in input ? transStatusOf(input.cres) : '';
      // 'Y' authenticated, 'A' an attempt the issuer stands behind: the sale goes through.
      const result =
        status === 'Y' || status === 'A'
          ? await gateway.chargeSaved({ amount, currency: 'DOP', reference, token: hold.token })
          : refused(AUTHENTICATION_MESSAGES.notAuthenticated);
      if (result.approved && hold.keep)
        return {
          ...result,
          keptCard: { token: hold.token, brand: hold.brand, last4: hold.last4, expiry: hold.expiry },
        };
      if (hold.temporary || hold.keep) await gateway.deleteCard(hold.token).catch(() => undefined);
      return result;
    },
  };
  return {
    ...gateway,
    secure,
    lookup: async (reference) => {
      // Held for the cardholder: it may still be approved (the reconciler waits for the window).
      if (held.has(reference)) throw new ChargeAwaitingAuthentication(reference);
      return gateway.lookup(reference);
    },
  };
}
