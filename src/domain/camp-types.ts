// What kind of camp a camp is (spec 02 §3): a summer camp or an annual program, and the older codes
// of the latter. The bottom of the domain: the records, pricing and coupons all read it.

/** Camp types by code; 'programaanual' is sold as payment options plus a membership fee. */
export const CAMP_TYPES = {
  campamento: 'Campamento',
  programaanual: 'Programa anual',
} as const;
export type CampType = keyof typeof CAMP_TYPES;

/** How staff read a camp's type: 'Campamento', 'Programa anual', or the type's own code. */
export function campTypeLabel(type: string): string {
  if (type in CAMP_TYPES) return CAMP_TYPES[type as CampType];
  return isAnnualProgram(type) ? CAMP_TYPES.programaanual : type;
}

/** Types the dashboard also recognises as annual programs (older data). */
export const ANNUAL_TYPE_ALIASES = ['programaanual', 'programa_anual', 'programa'] as const;

export function isAnnualProgram(type: string): boolean {
  return (ANNUAL_TYPE_ALIASES as readonly string[]).includes(type);
}
