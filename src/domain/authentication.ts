// The texts of 3-D Secure (issue 21), answered by the server (src/core/checkout/authentication.ts):
// apart from the wizard's messages, which the browser's bundle carries, since it never writes them.
export const AUTHENTICATION_MESSAGES = {
  authenticating: 'Su banco está verificando el pago. No cierre esta página.',
  notFound: 'No encontramos esta verificación de pago.',
  cancelled: 'Canceló la verificación de su banco. No se realizó ningún cargo; puede intentar de nuevo.',
  /** The bank did not authenticate the cardholder (3-D Secure 'U', 'N' or 'R'): another card may pass. */
  notAuthenticated:
    'No autenticada: intente con otra tarjeta. Su banco no confirmó el pago y no se realizó ningún cargo.',
  expired:
    'La verificación de su banco no se completó a tiempo. No se realizó ningún cargo; por favor intente de nuevo.',
} as const;

/** What the bank's frame says once the bank's answer is back (the server's page, mock mode's). */
export const BANK_STEP_RECEIVED = 'Verificación recibida. Volviendo al pago…';

/**
 * The bank's challenge simulator of 3-D Secure test cards (AZUL's test window), as the AZUL stand-in
 * (server/testing/azul-standin.ts) and mock mode's bank (mocks/bank.ts) show it: its title, what it
 * asks, and its answers with the transStatus each posts back in the cRes.
 */
export const CHALLENGE_SIMULATOR = {
  title: 'Simulador 3D Secure',
  prompt: 'Elija la respuesta del banco emisor.',
  outcomes: { Yes: 'Y', No: 'N', Attempt: 'A', Rejected: 'R', Unavailable: 'U' },
} as const;

/** AZUL's test card whose bank always challenges the cardholder (no method form); CVV 999. */
export const CHALLENGE_TEST_CARD = { number: '4147463011110059', cvv: '999' } as const;

/**
 * A charge waiting for the cardholder's bank (3-D Secure 2), on the record it pays: an order (the
 * wizard) or an instalment's payment ('Mis pagos'). `session` keys the bank's posts back; `until`
 * ends the wait (the charge is then given up, nothing charged).
 */
export interface ChargeAuthentication {
  session: string;
  state: 'method' | 'challenge' | 'resuming' | 'done' | 'abandoned';
  step: { kind: 'method'; html: string } | { kind: 'challenge'; url: string; fields: Record<string, string> };
  gateway_reference: string;
  started_at: Date;
  until: Date;
  /** The parent authorised autopay: the card is kept in the gateway's vault with the approval. */
  keep_card?: boolean;
}
