// Each wizard step's screen is a chunk of its own: /calendario downloads the calendar only. All
// are prefetched once the first page has shown (lib/nextChunks.ts: fetched, run only when
// needed), so the next step is in the cache before the parent asks for it.
import { chunkLoader } from '../lib/chunkLoader.ts';

export const stepChunks = {
  calendar: chunkLoader(() => import(/* webpackChunkName: "step-calendar" */ './CalendarStep.tsx')),
  participants: chunkLoader(
    () => import(/* webpackChunkName: "step-participants" */ './ParticipantsStep.tsx'),
  ),
  additional: chunkLoader(() => import(/* webpackChunkName: "step-additional" */ './AdditionalStep.tsx')),
  payment: chunkLoader(() => import(/* webpackChunkName: "step-payment" */ './PaymentStep.tsx')),
  confirmation: chunkLoader(
    () => import(/* webpackChunkName: "step-confirmation" */ './ConfirmationPage.tsx'),
  ),
};

export type StepChunk = keyof typeof stepChunks;

/** The step chunk of each wizard address. */
export const STEP_CHUNKS: Readonly<Record<string, StepChunk>> = {
  '/': 'calendar',
  '/calendario': 'calendar',
  '/participantes': 'participants',
  '/adicional': 'additional',
  '/pago': 'payment',
  '/confirmacion': 'confirmation',
};
