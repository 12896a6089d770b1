// The wizard's form rules (Yup, src/domain/enrolment-rules.ts), handed to the cart's checks when
// this module runs. The steps with forms import it, so it arrives with them and never with the
// calendar; ./EnrolmentProvider.tsx fetches it for a wizard restored past the participants.
import { additionalErrors, participantErrors, participantFieldErrors } from '../domain/enrolment-rules.ts';
import { placesTakenTwice } from '../domain/children.ts';
import { provideFormRules } from './formRulesRegistry.ts';

provideFormRules({ additionalErrors, participantErrors, participantFieldErrors, placesTakenTwice });
