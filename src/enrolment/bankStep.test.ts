// The bank's step watcher (3-D Secure, issue 21) against handlers declared here: it reports the
// step as it changes, then the settled answer as paid or refused; 'Cancelar' reads the same way.
import { AUTHENTICATION_MESSAGES } from '../domain/authentication.ts';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../mocks/node.ts';
import { ApiError } from '../api/http.ts';
import { AUTHENTICATION_POLL_MS, cancelBankStep, watchBankStep } from './bankStep.ts';
import type { EnrolmentEvent } from './machineContext.ts';

const RESULT = { date_createdBO: 'hoy', orderId: '1001', authCode: 'OK1234', amountFormat: 'RD$4,700' };

/** The events of watching bank step `session` for `polls` polls (fake timers), then stopped. */
async function watchFor(session: string, polls: number): Promise<EnrolmentEvent[]> {
  const events: EnrolmentEvent[] = [];
  vi.useFakeTimers();
  try {
    const stop = watchBankStep(session, (event) => events.push(event));
    for (let i = 0; i < polls; i += 1) await vi.advanceTimersByTimeAsync(AUTHENTICATION_POLL_MS);
    stop();
  } finally {
    vi.useRealTimers();
  }
  return events;
}

describe('the bank step', () => {
  it('reports the step once per change, then the payment once settled, and stops asking', async () => {
    const answers = [
      { state: 'method' },
      { state: 'method' },
      { state: 'challenge' },
      { state: 'resuming' },
      { state: 'done', answer: { statusCode: 201, body: { success: true, message: 'ok', result: RESULT } } },
    ];
    let asked = 0;
    server.use(http.get('*/api/inscripciones/autenticacion/S1', () => HttpResponse.json(answers[asked++])));
    const events = await watchFor('S1', 7);
    expect(events).toEqual([
      { type: 'AUTHENTICATION_STEP', kind: 'method' },
      { type: 'AUTHENTICATION_STEP', kind: 'challenge' },
      { type: 'AUTHENTICATION_PAID', result: RESULT },
    ]);
    expect(asked).toBe(5);
  });

  it('stops asking and reports the refusal when the server says it knows no such step; a lost answer is asked again', async () => {
    let asked = 0;
    server.use(
      http.get('*/api/inscripciones/autenticacion/S3', () => {
        asked += 1;
        return asked === 1
          ? HttpResponse.json({ success: false, message: 'Ocupado' }, { status: 503 })
          : HttpResponse.json({ success: false, message: AUTHENTICATION_MESSAGES.notFound }, { status: 404 });
      }),
    );
    const events = await watchFor('S3', 5);
    expect(asked).toBe(2);
    expect(events).toHaveLength(1);
    const failed = events[0] as Extract<EnrolmentEvent, { type: 'AUTHENTICATION_FAILED' }>;
    expect(failed.type).toBe('AUTHENTICATION_FAILED');
    expect((failed.error as ApiError).message).toBe(AUTHENTICATION_MESSAGES.notFound);
  });

  it("'Cancelar' gives the refusal as an error with the server's message, or null while the bank's answer is processed", async () => {
    let processing = true;
    server.use(
      http.post('*/api/inscripciones/autenticacion/S2/cancelar', () =>
        HttpResponse.json(
          processing
            ? { state: 'resuming' }
            : {
                state: 'done',
                answer: {
                  statusCode: 402,
                  body: { success: false, message: AUTHENTICATION_MESSAGES.cancelled },
                },
              },
        ),
      ),
    );
    expect(await cancelBankStep('S2')).toBeNull();
    processing = false;
    const outcome = await cancelBankStep('S2');
    expect(outcome?.type).toBe('AUTHENTICATION_FAILED');
    const error = outcome?.type === 'AUTHENTICATION_FAILED' ? outcome.error : null;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(AUTHENTICATION_MESSAGES.cancelled);
    expect((error as ApiError).status).toBe(402);
  });
});
