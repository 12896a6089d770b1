// The card's bank's step of a payment (3-D Secure, issue 21), in a chunk of its own: only a
// payment whose bank asks loads it. Asks the server how the step goes until it has settled the
// payment, and closes the step on 'Cancelar'.
import { ApiError, request } from '../api/http.ts';
import type { AuthenticationStatusAnswer } from '../domain/schemas/answers.ts';
import { settledPayment } from './api.ts';
import type { PaymentResult } from '../domain/enrolment.ts';

/** What the bank's step ended in: paid, or refused (the wizard's events, ./machine.ts). */
export type BankOutcome =
  { type: 'AUTHENTICATION_PAID'; result: PaymentResult } | { type: 'AUTHENTICATION_FAILED'; error: unknown };

/** What the step tells the wizard: the bank's step changed (the method form led to a challenge), or its outcome. */
export type BankStepEvent = { type: 'AUTHENTICATION_STEP'; kind: 'method' | 'challenge' } | BankOutcome;

/** How often the payment step asks how the bank's step goes. */
export const AUTHENTICATION_POLL_MS = 1_000;

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
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let kind = '';
  const ask = async () => {
    try {
      const status = await request<AuthenticationStatusAnswer>(`/inscripciones/autenticacion/${session}`, {
        signal: controller.signal,
      });
      if (status.state === 'done' && status.answer) return send(outcomeOf(status.answer));
      if ((status.state === 'method' || status.state === 'challenge') && status.state !== kind) {
        kind = status.state;
        send({ type: 'AUTHENTICATION_STEP', kind: status.state });
      }
    } catch (error) {
      // The server answered that it knows no such step (or not this family's): asking again would
      // wait for good on an answer it already gave, so the parent reads it now.
      if (
        error instanceof ApiError &&
        error.status >= 400 &&
        error.status < 500 &&
        ![408, 429].includes(error.status)
      )
        return send({ type: 'AUTHENTICATION_FAILED', error });
      // A lost connection or a busy server: asked again; the server keeps the order's places meanwhile.
    }
    if (!controller.signal.aborted) timer = setTimeout(() => void ask(), AUTHENTICATION_POLL_MS);
  };
  timer = setTimeout(() => void ask(), AUTHENTICATION_POLL_MS);
  return () => {
    controller.abort();
    clearTimeout(timer);
  };
}

/** POST …/cancelar: the places go back and nothing is charged; null while the bank's answer is processed. */
export async function cancelBankStep(session: string): Promise<BankOutcome | null> {
  const status = await request<AuthenticationStatusAnswer>(
    `/inscripciones/autenticacion/${session}/cancelar`,
    { method: 'POST' },
  );
  return status.answer ? outcomeOf(status.answer) : null;
}
