// The reminder to finish an enrolment (issue 18): a parent who added weeks to the cart and did not
// pay gets one Spanish e-mail a day later, with a link to carry on and one to stop such e-mails;
// none when they paid meanwhile. The cart is reported by the wizard (POST /carritos/{campId}).

/** How long after the cart's last change the reminder goes. */
export const CART_REMINDER_AFTER_MS = 24 * 3600_000;
/** A cart older than this is forgotten, not reminded (a parent back months later starts afresh). */
export const CART_FORGET_AFTER_MS = 14 * 24 * 3600_000;
export const CART_WEEKS_MAX = 100;

export const REMINDER_MESSAGES = {
  saved: 'Carrito guardado',
  optedOut: 'Listo: no le enviaremos más recordatorios de inscripciones sin completar.',
  badLink: 'El enlace no es válido o ya fue usado.',
} as const;
