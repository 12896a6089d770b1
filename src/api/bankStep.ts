// The card's bank's step of any card payment (3-D Secure, issues 21 and 59): the wizard's order and
// an instalment paid from 'Mis pagos' alike. Asks the server how the step goes until it has settled
// the payment (GET /inscripciones/autenticacion/{session}) and closes it on 'Cancelar'; the frame's
// page is ./bankFrame.ts. What a settled answer means is the caller's (an order's result, a ledger).
import { ApiError, request } from './http.ts';
import type { AuthenticationStatusAnswer } from '../domain/schemas/answers.ts';

/** The answer the payment's request would have given, once the bank's step is over. */
export type SettledAnswer = { statusCode: number; body: unknown };

export interface BankStepWatch {
  /** The bank's step changed (the method form led to a challenge). */
  onStep: (kind: 'method' | 'challenge') => void;
  /** The payment is settled: its request's answer (paid, or refused with its message). */
  onSettled: (answer: SettledAnswer) => void;
  /** The server knows no such step (or not this family's): its refusal. */
  onRefused: (error: ApiError) => void;
}

/** How often the page asks how the bank's step goes. */
export const AUTHENTICATION_POLL_MS = 1_000;

/** Polls the step's state; returns the function that stops it. */
export function watchAuthentication(session: string, watch: BankStepWatch): () => void {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let kind = '';
  const ask = async () => {
    try {
      const status = await request<AuthenticationStatusAnswer>(`/inscripciones/autenticacion/${session}`, {
        signal: controller.signal,
      });
      if (status.state === 'done' && status.answer) return watch.onSettled(status.answer);
      if ((status.state === 'method' || status.state === 'challenge') && status.state !== kind) {
        kind = status.state;
        watch.onStep(status.state);
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
        return watch.onRefused(error);
      // A lost connection or a busy server: asked again; the server keeps the payment waiting meanwhile.
    }
    if (!controller.signal.aborted) timer = setTimeout(() => void ask(), AUTHENTICATION_POLL_MS);
  };
  timer = setTimeout(() => void ask(), AUTHENTICATION_POLL_MS);
  return () => {
    controller.abort();
    clearTimeout(timer);
  };
}

/** POST …/cancelar: nothing is charged; the settled answer, or null while the bank's answer is processed. */
export async function cancelAuthentication(session: string): Promise<SettledAnswer | null> {
  const status = await request<AuthenticationStatusAnswer>(
    `/inscripciones/autenticacion/${session}/cancelar`,
    { method: 'POST' },
  );
  return status.answer ?? null;
}
