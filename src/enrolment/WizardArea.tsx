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
import type { StepIndex } from './wizardData.ts';

const CalendarContent = lazy(() => chunks.calendar().then((m) => ({ default: m.CalendarContent })));
const ParticipantsContent = lazy(() =>
  chunks.participants().then((m) => ({ default: m.ParticipantsContent })),
);
const AdditionalContent = lazy(() => chunks.additional().then((m) => ({ default: m.AdditionalContent })));
const PaymentContent = lazy(() => chunks.payment().then((m) => ({ default: m.PaymentContent })));
const ConfirmationPage = lazy(() => chunks.confirmation().then((m) => ({ default: m.ConfirmationPage })));

/** A step's page: the step frame (its number and title) around its screen. */
function stepPage(
  step: StepIndex,
  title: string,
  Screen: ComponentType,
  showCampName = false,
): ComponentType {
  function StepPage() {
    return (
      <WizardStep step={step} title={title} showCampName={showCampName}>
        {() => <Screen />}
      </WizardStep>
    );
  }
  return StepPage;
}

const CalendarPage = stepPage(0, 'Calendario de Inscripción', CalendarContent, true);
const ParticipantsPage = stepPage(1, 'Información de participante(s)', ParticipantsContent);
const AdditionalPage = stepPage(2, 'Información adicional', AdditionalContent);
const PaymentPage = stepPage(3, 'Confirmación y Pago', PaymentContent);

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
