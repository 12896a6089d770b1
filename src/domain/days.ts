// Calendar days of the school, in Santo Domingo (UTC-4 all year, no daylight saving time). A leaf
// module: the parents' pages import it without the admin contract.

export const SANTO_DOMINGO_OFFSET_MS = -4 * 60 * 60 * 1000;

/** The calendar day of an instant in Santo Domingo, as 'YYYY-MM-DD'. */
export function santoDomingoDay(at: Date): string {
  return new Date(at.getTime() + SANTO_DOMINGO_OFFSET_MS).toISOString().slice(0, 10);
}

/** The first instant of the month of `at` in Santo Domingo (the platform's monthly figures). */
export function santoDomingoMonthStart(at: Date): Date {
  const local = new Date(at.getTime() + SANTO_DOMINGO_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - SANTO_DOMINGO_OFFSET_MS);
}
