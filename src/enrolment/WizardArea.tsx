// The wizard's core chunk: the machine (EnrolmentProvider), the layout and the step frame. Each
// step's screen is a chunk of its own (stepChunks.ts). While one downloads, EnrolmentLayout's
// boundary shows 'Cargando…' on a first visit; moving between steps is a transition (React
// Router), so the current step stays on screen until the next one is ready: no flash between steps.
import { lazy, type ComponentType } from 'react';
import { EnrolmentLayout } from './EnrolmentLayout.tsx';
import { EnrolmentProvider } from './EnrolmentProvider.tsx';
import { WizardStep } from './StepFrame.tsx';
import { stepChunks as chunks } from './stepChunks.ts';
import { WizardParts, type WizardPartName } from './wizardParts.ts';

const CalendarContent = lazy(() => chunks.calendar().then((m) => ({ default: m.CalendarContent })));
const ParticipantsContent = lazy(() =>
  chunks.participants().then((m) => ({ default: m.ParticipantsContent })),
);
const AdditionalContent = lazy(() => chunks.additional().then((m) => ({ default: m.AdditionalContent })));
const PaymentContent = lazy(() => chunks.payment().then((m) => ({ default: m.PaymentContent })));
const ConfirmationPage = lazy(() => chunks.confirmation().then((m) => ({ default: m.ConfirmationPage })));

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
