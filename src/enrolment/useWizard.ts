// Access to the running wizard from the components below EnrolmentProvider.
import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { Actor } from 'xstate';
import type { EnrolmentMachine } from './machine.ts';
import type { EnrolmentContext } from './machineContext.ts';

export type EnrolmentActor = Actor<EnrolmentMachine>;
export type EnrolmentSnapshot = ReturnType<EnrolmentActor['getSnapshot']>;

export const WizardContext = createContext<EnrolmentActor | null>(null);

/** The running wizard, or null when no camp id is stored. */
export function useWizardActor(): EnrolmentActor | null {
  return useContext(WizardContext);
}

/** The running wizard; only for components rendered below a started wizard. */
export function useWizard(): EnrolmentActor {
  const actor = useContext(WizardContext);
  if (!actor) throw new Error('useWizard needs a running wizard (EnrolmentProvider with a camp).');
  return actor;
}

export function useWizardContext<T>(select: (context: EnrolmentContext) => T): T {
  return useSelector(useWizard(), (snapshot) => select(snapshot.context));
}

export function useWizardSnapshot<T>(select: (snapshot: EnrolmentSnapshot) => T): T {
  return useSelector(useWizard(), select);
}
