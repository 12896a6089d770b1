// WhatsApp's parts of the API (issue 56): the family's choice, in the enrolment request beside
// `emergencyContact` and in 'Mi familia', and what 'Mi familia' is answered.
import { Type, type Static } from 'typebox';

/** A family's WhatsApp as 'Mi familia' shows it (GET /whatsapp/preferencia). */
export const WhatsAppPreference = Type.Object({
  /** The school sends WhatsApp messages at all (its number is set up). */
  available: Type.Boolean(),
  /** The number as the family typed it last, international form ('18095550101'); '' when none. */
  phone: Type.String(),
  /** It agreed and has not stopped since. */
  consent: Type.Boolean(),
  /** When it agreed (ISO), null when it never did or stopped. */
  consent_at: Type.Union([Type.String(), Type.Null()]),
  /** WhatsApp cannot reach the number (Meta said so): e-mail only until another number is given. */
  unreachable: Type.Boolean(),
});
export type WhatsAppPreference = Static<typeof WhatsAppPreference>;

/** In the enrolment request beside `emergencyContact` (absent, or consent false: no WhatsApp). */
export const WhatsAppChoice = Type.Object({
  phone: Type.String({ maxLength: 30 }),
  consent: Type.Boolean(),
});
export type WhatsAppChoice = Static<typeof WhatsAppChoice>;

/** A family's message to the school's number, as the office reads it (GET /whatsapp/mensajes). */
export const InboundMessage = Type.Object({
  id: Type.String(),
  /** The number it came from, international form. */
  from: Type.String(),
  text: Type.String(),
  at: Type.String(),
  /** The accounts whose WhatsApp is that number (none: a number the school does not know). */
  families: Type.Array(Type.Object({ name: Type.String(), email: Type.String() })),
  /** It asked to stop the messages ('BAJA'). */
  opt_out: Type.Boolean(),
});
export type InboundMessage = Static<typeof InboundMessage>;
