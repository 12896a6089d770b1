// Where the forms' Yup rules (src/domain/enrolment-rules.ts) wait for the steps' checks (./stepRules.ts).
// They load with the steps that have forms (each imports ./formRules.ts), so Yup is not in the
// calendar's download. Until then no child and no additional information counts as complete: the
// calendar never needs to know, and a wizard restored past the participants waits for them
// (./EnrolmentProvider.tsx).
import type {
  additionalErrors,
  participantErrors,
  participantFieldErrors,
} from '../domain/enrolment-rules.ts';
import type { placesTakenTwice } from '../domain/children.ts';

export interface FormRules {
  participantErrors: typeof participantErrors;
  participantFieldErrors: typeof participantFieldErrors;
  additionalErrors: typeof additionalErrors;
  /** A child's week already held (issue 26); its texts stay out of the calendar's download too. */
  placesTakenTwice: typeof placesTakenTwice;
}

let rules: FormRules | null = null;

export function provideFormRules(given: FormRules): void {
  rules = given;
}

/** The rules, or null while they have not loaded. */
export const formRules = (): FormRules | null => rules;
