// The AZUL stand-in and an AZUL adapter talking to it, ready for a test (issue 21): the gateway
// contract suite, the checkout through AZUL. Test code only.
import type { CardDetails, PaymentGateway } from '../../src/core/checkout/gateway.ts';
import { azulGateway, loadAzulTls, type AzulGatewayOptions } from '../payments/azul.ts';
import { AZUL_TEST_CARDS, startAzulStandin, type AzulStandin } from './azul-standin.ts';

/** A gateway under test, the cards that make it approve or decline, and how to stop it. */
export interface GatewaySubject {
  gateway: PaymentGateway;
  cards: { approved: CardDetails; insufficient: CardDetails; invalid: CardDetails; expired: CardDetails };
  close: () => Promise<void>;
}

export const testCard = (number: string, cvv = '123', expiry = '122030'): CardDetails => ({
  number,
  cvv,
  expiry,
  holder: 'Carmen Rodríguez',
});

const silent = { warn: () => undefined, error: () => undefined };

/** The AZUL adapter talking to this stand-in with its certificate; options override the settings. */
export function azulGatewayFor(
  standin: AzulStandin,
  options: Partial<Pick<AzulGatewayOptions, 'log' | 'itbisOf' | 'clock'>> & {
    auth1?: string;
    timeoutMs?: number;
    /** The merchant's agreement asks for the CVC with a kept card (AZUL_TOKEN_CVC). */
    tokenCvc?: boolean;
  } = {},
): PaymentGateway {
  return azulGateway({
    config: {
      url: standin.url,
      backupUrl: standin.backupUrl,
      merchantId: standin.merchantId,
      merchantName: 'Escuela de Baloncesto',
      auth1: options.auth1 ?? standin.auth1,
      auth2: standin.auth2,
      certFile: standin.files.cert,
      keyFile: standin.files.key,
      caFile: standin.files.ca,
      timeoutMs: options.timeoutMs ?? 5_000,
      tokenCvc: options.tokenCvc ?? false,
    },
    tls: loadAzulTls({ certFile: standin.files.cert, keyFile: standin.files.key, caFile: standin.files.ca }),
    log: options.log ?? silent,
    ...(options.itbisOf ? { itbisOf: options.itbisOf } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
}

export async function azulSubject(): Promise<GatewaySubject & { standin: AzulStandin }> {
  const standin = await startAzulStandin();
  const gateway = azulGatewayFor(standin);
  return {
    standin,
    gateway,
    cards: {
      approved: testCard(AZUL_TEST_CARDS.visa.number, AZUL_TEST_CARDS.visa.cvv),
      // The limited Visa approves up to RD$75 only.
      insufficient: testCard(AZUL_TEST_CARDS.visaLimited.number, AZUL_TEST_CARDS.visaLimited.cvv),
      invalid: testCard('4260550061845873'),
      expired: testCard(AZUL_TEST_CARDS.visa.number, AZUL_TEST_CARDS.visa.cvv, '012020'),
    },
    close: () => standin.close(),
  };
}
