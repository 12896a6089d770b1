// Input masks of the wizard (spec 01 §5), as pure formatting functions: no mask library is
// installed, so each field formats what was typed on every change. A '9' in a pattern is one
// digit; any other character is a literal, written only once a digit follows it.

export const MASKS = {
  phone: '999-999-9999',
  nationalId: '999-9999999-9',
  birthDate: '99/99/9999',
  cardNumber: '9999 9999 9999 9999',
  expiry: '99/9999',
  rnc: '9-99-99999-9',
} as const;

/** Fits the digits of `raw` into `pattern`; extra digits are dropped, non-digits ignored. */
export function applyMask(raw: string, pattern: string): string {
  const digits = raw.replace(/\D/g, '');
  let out = '';
  let next = 0;
  for (const slot of pattern) {
    if (next >= digits.length) break;
    if (slot === '9') {
      out += digits[next];
      next += 1;
    } else {
      out += slot;
    }
  }
  return out;
}

/** Digits only, at most `max` of them (CVV, age, weight). */
export function digitsOnly(raw: string, max: number): string {
  return raw.replace(/\D/g, '').slice(0, max);
}

export const maskPhone = (raw: string) => applyMask(raw, MASKS.phone);
export const maskNationalId = (raw: string) => applyMask(raw, MASKS.nationalId);
export const maskBirthDate = (raw: string) => applyMask(raw, MASKS.birthDate);
export const maskCardNumber = (raw: string) => applyMask(raw, MASKS.cardNumber);
export const maskExpiry = (raw: string) => applyMask(raw, MASKS.expiry);
export const maskRnc = (raw: string) => applyMask(raw, MASKS.rnc);
export const maskCvv = (raw: string) => digitsOnly(raw, 4);
