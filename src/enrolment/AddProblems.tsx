// What 'Agregar' was refused for (calendarRules.ts addProblems), as the camp's calendar and an
// annual program's options both show it: nothing until it was tried.
import { ADD_MESSAGES, addProblems } from './calendarRules.ts';
import { useWizardContext } from './useWizard.ts';

/** The problems of the last 'Agregar', or null before the first one. */
export const useAddProblems = () => useWizardContext((c) => (c.addTried ? addProblems(c) : null));

/** 'Agregar' was tried with no week or option chosen: said under the list. */
export function NoDateProblem() {
  const shown = useWizardContext((c) => c.addTried && addProblems(c).date);
  return shown ? (
    <p className="invalid-feedback d-block mb-0" role="alert">
      {ADD_MESSAGES.date}
    </p>
  ) : null;
}
