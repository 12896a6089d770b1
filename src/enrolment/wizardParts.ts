// The wizard's screens reach the routes through this context: the routes are declared in the
// first download (pages.tsx) and the screens arrive with the wizard's own chunk (WizardArea.tsx).
import { createContext, type ComponentType } from 'react';

export type WizardPartName =
  | 'EnrolmentLayout'
  | 'CalendarPage'
  | 'ParticipantsPage'
  | 'AdditionalPage'
  | 'PaymentPage'
  | 'ConfirmationPage';

export const WizardParts = createContext<Record<WizardPartName, ComponentType> | null>(null);
