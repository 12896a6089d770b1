// TypeBox schemas of POST /membresias/lookup, apart from ../memberships.ts so the browser never
// bundles TypeBox.
import { Type, type Static } from 'typebox';

export const LookupMembershipBody = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 40 }),
});
export type LookupMembershipBody = Static<typeof LookupMembershipBody>;

/** The child a code was issued to: the wizard fills the participant's name and birth date with it. */
export const MembershipHolder = Type.Object({
  code: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  birth_date: Type.String(),
});
export type MembershipHolder = Static<typeof MembershipHolder>;

export const LookupMembershipAnswer = Type.Object({
  status: Type.Literal('SUCCESS'),
  message: Type.String(),
  data: MembershipHolder,
});
export type LookupMembershipAnswer = Static<typeof LookupMembershipAnswer>;
