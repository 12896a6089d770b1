// The admin panel's toasts and date display (spec 02 §2, §8, §9): toasts hide after 6 s; error
// toasts carry the server's message after the spec's text when there is one.
import { notify } from '../lib/toasts.tsx';
import type { AdminCallError } from './api.ts';

/** Spec 02 §9: admin toasts auto-hide after 6000 ms (the app's default is 3000 ms). */
export const ADMIN_TOAST_MS = 6000;

export const notifySuccess = (message: string) => notify.success(message, { autoClose: ADMIN_TOAST_MS });
export const notifyError = (message: string) => notify.error(message, { autoClose: ADMIN_TOAST_MS });

/** The message a failed call carries, if the server gave one. */
export function serverMessage(error: unknown): string {
  const message = (error as Partial<AdminCallError> | undefined)?.message;
  return typeof message === 'string' ? message : '';
}

/** 'Error al guardar cupón: Ya existe un cupón con ese código.' or just 'Error al guardar cupón'. */
export function withServerMessage(text: string, error: unknown): string {
  const message = serverMessage(error);
  return message ? `${text}: ${message}` : text;
}

/**
 * A staff action's call: its answer's message as a toast, then `done` (a dialog closes); or the
 * failure as an error toast, `failure` first ('Error al cancelar la inscripción: …').
 */
export async function notifyCall(
  call: () => Promise<{ message: string }>,
  failure: string,
  done?: () => void,
): Promise<void> {
  try {
    notifySuccess((await call()).message);
    done?.();
  } catch (error) {
    notifyError(withServerMessage(failure, error));
  }
}

const ZONE = 'America/Santo_Domingo';
const DAY = new Intl.DateTimeFormat('es-DO', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: ZONE,
});
// en-CA formats a date as YYYY-MM-DD, the value of <input type="date">.
const ISO_DAY = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: ZONE,
});

/** A stored date as the school reads it: '14/06/2027' (Santo Domingo time); '' for none. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : DAY.format(date);
}

/** A stored date as an <input type="date"> value ('2027-06-14', Santo Domingo time); '' for none. */
export function dayInputValue(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : ISO_DAY.format(date);
}
