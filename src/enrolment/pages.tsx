// The wizard's routes (spec 01 §2): each step inside EnrolmentLayout, and the thank-you page, all
// below EnrolmentProvider so they share one machine.
import { Route } from 'react-router-dom';
import { AdditionalContent } from './AdditionalStep.tsx';
import { CalendarContent } from './CalendarStep.tsx';
import { ConfirmationPage } from './ConfirmationPage.tsx';
import { EnrolmentLayout } from './EnrolmentLayout.tsx';
import { EnrolmentProvider } from './EnrolmentProvider.tsx';
import { PaymentContent } from './PaymentStep.tsx';
import { ParticipantsContent } from './ParticipantsStep.tsx';
import { WizardStep } from './StepFrame.tsx';

export function CalendarPage() {
  return (
    <WizardStep step={0} title="Calendario de Inscripción" showCampName>
      {() => <CalendarContent />}
    </WizardStep>
  );
}

export function ParticipantsPage() {
  return (
    <WizardStep step={1} title="Información de participante(s)">
      {() => <ParticipantsContent />}
    </WizardStep>
  );
}

export function AdditionalPage() {
  return (
    <WizardStep step={2} title="Información adicional">
      {() => <AdditionalContent />}
    </WizardStep>
  );
}

export function PaymentPage() {
  return (
    <WizardStep step={3} title="Confirmación y Pago">
      {() => <PaymentContent />}
    </WizardStep>
  );
}

export { ConfirmationPage };

/** The enrolment routes, for <Routes> (App.tsx puts them inside the signed-in shell). */
export function enrolmentRoutes() {
  return (
    <Route element={<EnrolmentProvider />}>
      <Route element={<EnrolmentLayout />}>
        <Route index element={<CalendarPage />} />
        <Route path="/calendario" element={<CalendarPage />} />
        <Route path="/participantes" element={<ParticipantsPage />} />
        <Route path="/adicional" element={<AdditionalPage />} />
        <Route path="/pago" element={<PaymentPage />} />
      </Route>
      <Route path="/confirmacion" element={<ConfirmationPage />} />
    </Route>
  );
}
