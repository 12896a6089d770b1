// The leaf of the domain: field bounds, patterns and field lists that the TypeBox schemas
// (./schemas), the rules (accounts, coupons, enrolment) and the forms all read, so that none of
// them imports another in a ring.

export const PASSWORD_MIN = 5;
export const PASSWORD_MAX = 30;
/** A pragmatic address check: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
export const EMAIL_MAX = 254;

export const COUPON_CODE_MAX = 40;

/** A record id: 24 hexadecimal characters (ObjectId-like), any letter case. */
export const ID_PATTERN = '^[0-9a-fA-F]{24}$';
export const ID_INVALID_MESSAGE = 'Identificador inválido.';

/** The additional data of an enrolment (sent as emergencyContact, spec 01 §3). */
export const ADDITIONAL_FIELDS = [
  'mother_name',
  'father_name',
  'mother_phone',
  'father_phone',
  'mother_id',
  'father_id',
  'email',
  'family_address',
  'first_name',
  'last_name',
  'phone_home',
  'phone_mobile',
  'phone_office',
  'comments',
  'contact_form',
  'authorized_name_1',
  'authorized_id_1',
  'authorized_name_2',
  'authorized_id_2',
  'source',
  'other_source',
] as const;

/** A user's own contact fields (profile form and POST /usuarios/update). */
export const PROFILE_MAX = { name: 120, phone: 30, address: 300 } as const;
