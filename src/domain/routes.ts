// The parents' wizard's addresses, for the server too (it serves them with the wizard's chunks
// preloaded, server/http/frontend.ts): the four steps, the thank-you page, and '/' (the calendar).
// src/enrolment/stepChunks.ts gives each its chunk; a test keeps the two lists equal.
export const WIZARD_PATHS: readonly string[] = [
  '/',
  '/calendario',
  '/participantes',
  '/adicional',
  '/pago',
  '/confirmacion',
];
