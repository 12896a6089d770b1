// The wizard's chunk: the machine (EnrolmentProvider), the layout, the four steps and the
// thank-you page. pages.tsx loads it lazily, so the sign-in pages never download it.
import { AdditionalContent } from './AdditionalStep.tsx';
import { CalendarContent } from './CalendarStep.tsx';
import { ConfirmationPage } from './ConfirmationPage.tsx';
import { EnrolmentLayout } from './EnrolmentLayout.tsx';
import { EnrolmentProvider } from './EnrolmentProvider.tsx';
import { PaymentContent } from './PaymentStep.tsx';
import { ParticipantsContent } from './ParticipantsStep.tsx';
import { WizardStep } from './StepFrame.tsx';
import { WizardParts, type WizardPartName } from './wizardParts.ts';
import type { ComponentType } from 'react';

function CalendarPage() {
  return (
    <WizardStep step={0} title="Calendario de Inscripción" showCampName>
      {() => <CalendarContent />}
    </WizardStep>
  );
}

function ParticipantsPage() {
  return (
    <WizardStep step={1} title="Información de participante(s)">
      {() => <ParticipantsContent />}
    </WizardStep>
  );
}

function AdditionalPage() {
  return (
    <WizardStep step={2} title="Información adicional">
      {() => <AdditionalContent />}
    </WizardStep>
  );
}

function PaymentPage() {
  return (
    <WizardStep step={3} title="Confirmación y Pago">
      {() => <PaymentContent />}
    </WizardStep>
  );
}

const PARTS: Record<WizardPartName, ComponentType> = {
  EnrolmentLayout,
  CalendarPage,
  ParticipantsPage,
  AdditionalPage,
  PaymentPage,
  ConfirmationPage,
};

/** The machine for every wizard route, and the screens the routes show (through WizardParts). */
export function WizardArea() {
  return (
    <WizardParts.Provider value={PARTS}>
      <EnrolmentProvider />
    </WizardParts.Provider>
  );
}
