// A family's WhatsApp number as Meta takes it (issue 56): its own module, so the wizard's first
// page checks a number without the templates and texts of ./whatsapp.ts.
/**
 * A number as Meta takes it: country code and digits, no '+'. A Dominican number (809, 829, 849)
 * typed with ten digits, or with a leading 1, is 1 + ten digits; null where it cannot be a mobile
 * number WhatsApp could reach.
 */
export function whatsappNumber(typed: string): string | null {
  const digits = typed.replace(/\D/g, '');
  if (/^(809|829|849)\d{7}$/.test(digits)) return `1${digits}`;
  if (/^1(809|829|849)\d{7}$/.test(digits)) return digits;
  // Another country's number, written with its code ('+34 600 …'): taken as typed.
  if (typed.trim().startsWith('+') && /^[2-9]\d{7,14}$/.test(digits)) return digits;
  return null;
}

/** A number as stored ('18095550101') as a family or the office reads it: '809-555-0101', else '+…'. */
export function displayNumber(number: string): string {
  const match = /^1(\d{3})(\d{3})(\d{4})$/.exec(number);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : number ? `+${number}` : '';
}
