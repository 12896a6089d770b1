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
