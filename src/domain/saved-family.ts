// A family's saved data (issue 26): the children and contacts of its orders, kept so the next order
// starts from them (a child already known is picked and only what changed is edited; the contacts
// come prefilled) and reviewed or corrected from the profile. Types and texts only: the browser
// reads this file.
import type { AdditionalData, ParticipantFields } from './enrolment.ts';

/** A child as last given: the participant step's fields, identified by childKey (./family.ts). */
export interface SavedChild extends ParticipantFields {
  key: string;
}

export interface SavedFamily {
  children: SavedChild[];
  /** The parents, emergency contact and pick-up persons of the last order (or as corrected). */
  contact: AdditionalData | null;
}

export const SAVED_FAMILY_MESSAGES = {
  saved: 'Datos de la familia guardados. Su próxima inscripción empezará con ellos.',
  child: (name: string, errors: readonly string[]) =>
    `${name}: ${errors.map((line) => line.replace(/^- /, '')).join('; ')}.`,
  duplicate: 'Dos participantes guardados son el mismo niño (mismo nombre y fecha de nacimiento).',
  prefilled: 'Datos de su última inscripción: revíselos y corrija lo que haya cambiado.',
} as const;
