// Membership codes (DESIGN.md §2.6): what a family types to have the annual fee waived. A code is
// random (not a sequence anyone can walk), in Crockford's base 32 (no I, L, O or U to misread) with
// a check character, so a typo is caught as the parent types; and it only counts for the account
// and the child it was issued to (the checkout checks that, src/core/checkout/pipeline.ts).

/** Crockford's base 32: digits and letters without I, L, O, U. */
export const MEMBERSHIP_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** MB-XXXX-XXXX: seven random characters and a check character. */
export const MEMBERSHIP_CODE_PATTERN = /^MB-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
/** Codes issued before random codes existed (MB-000001 …): still honoured, with the same binding. */
export const LEGACY_MEMBERSHIP_CODE_PATTERN = /^MB-\d{6}$/;

/** Odd weights: any single mistyped character changes the check (32 is a power of two). */
function checkCharacter(body: string): string {
  let sum = 0;
  for (const [index, char] of [...body].entries()) sum += (2 * index + 1) * MEMBERSHIP_ALPHABET.indexOf(char);
  return MEMBERSHIP_ALPHABET[sum % 32]!;
}

/** A new code from seven random values (each 0-255; only their low five bits are used). */
export function membershipCodeFrom(random: ArrayLike<number>): string {
  const body = Array.from({ length: 7 }, (_, index) => MEMBERSHIP_ALPHABET[(random[index] ?? 0) & 31]!).join(
    '',
  );
  const all = body + checkCharacter(body);
  return `MB-${all.slice(0, 4)}-${all.slice(4)}`;
}

/** What a parent typed, as stored: upper case, spaces and dashes anywhere, O for 0, I and L for 1. */
export function normalizeMembershipCode(text: string): string {
  const compact = text
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  const body = compact.startsWith('MB') ? compact.slice(2) : compact;
  if (/^\d{6}$/.test(body)) return `MB-${body}`;
  if (body.length === 8) return `MB-${body.slice(0, 4)}-${body.slice(4)}`;
  return compact;
}

/** A code of the right shape whose check character matches (legacy sequential codes too). */
export function wellFormedMembershipCode(code: string): boolean {
  if (LEGACY_MEMBERSHIP_CODE_PATTERN.test(code)) return true;
  if (!MEMBERSHIP_CODE_PATTERN.test(code)) return false;
  const chars = code.slice(3).replace('-', '');
  return checkCharacter(chars.slice(0, 7)) === chars[7];
}

/**
 * The code a staff search names, as stored, or null (issue: finding a family as it calls): any
 * case, with or without dashes. A legacy code needs its 'MB' typed, else any six digits (an order
 * or an authorisation code) would read as one; a new code's check character guards it already.
 */
export function membershipCodeIn(text: string): string | null {
  const code = normalizeMembershipCode(text.trim());
  if (!wellFormedMembershipCode(code)) return null;
  if (LEGACY_MEMBERSHIP_CODE_PATTERN.test(code) && !/^mb/i.test(text.trim())) return null;
  return code;
}
