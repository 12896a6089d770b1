// The card's bank's step of the wizard's payment (3-D Secure, issue 21), in a chunk of its own:
// only a payment whose bank asks loads it. The watching is every card payment's
// (../api/bankStep.ts); here its outcome becomes the wizard's events, an order's result.
import { AUTHENTICATION_POLL_MS, cancelAuthentication, watchAuthentication } from '../api/bankStep.ts';
import { settledPayment } from './api.ts';
import type { PaymentResult } from '../domain/enrolment.ts';

export { AUTHENTICATION_POLL_MS };

/** What the bank's step ended in: paid, or refused (the wizard's events, ./machine.ts). */
export type BankOutcome =
  { type: 'AUTHENTICATION_PAID'; result: PaymentResult } | { type: 'AUTHENTICATION_FAILED'; error: unknown };

/** What the step tells the wizard: the bank's step changed (the method form led to a challenge), or its outcome. */
export type BankStepEvent = { type: 'AUTHENTICATION_STEP'; kind: 'method' | 'challenge' } | BankOutcome;

/** The settled answer as the wizard's event: paid, or the refusal (an ApiError with its message). */
function outcomeOf(answer: { statusCode: number; body: unknown }): BankOutcome {
  try {
    return { type: 'AUTHENTICATION_PAID', result: settledPayment(answer) };
  } catch (error) {
    return { type: 'AUTHENTICATION_FAILED', error };
  }
}

/** Polls GET /inscripciones/autenticacion/{session}; returns the function that stops it. */
export function watchBankStep(session: string, send: (event: BankStepEvent) => void): () => void {
  return watchAuthentication(session, {
    onStep: (kind) => send({ type: 'AUTHENTICATION_STEP', kind }),
    onSettled: (answer) => send(outcomeOf(answer)),
    onRefused: (error) => send({ type: 'AUTHENTICATION_FAILED', error }),
  });
}

/** POST …/cancelar: the places go back and nothing is charged; null while the bank's answer is processed. */
export async function cancelBankStep(session: string): Promise<BankOutcome | null> {
  const answer = await cancelAuthentication(session);
  return answer ? outcomeOf(answer) : null;
}
