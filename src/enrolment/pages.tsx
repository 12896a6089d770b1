// Step frames of the enrolment wizard (spec 01 §2); later issues fill them from the XState machine.
import { appConfig } from '../api/config.ts';
import { DocumentTitle } from '../lib/DocumentTitle.tsx';
import { StepFrame } from './StepFrame.tsx';

export function CalendarPage() {
  return <StepFrame title="Calendario de Inscripción" />;
}

export function ParticipantsPage() {
  return <StepFrame title="Información de participante(s)" />;
}

export function AdditionalPage() {
  return <StepFrame title="Información adicional" />;
}

export function PaymentPage() {
  return <StepFrame title="Confirmación y Pago" />;
}

export function ConfirmationPage() {
  return (
    <main className="container py-5 text-center">
      <DocumentTitle title="¡Gracias por su inscripción!" />
      <h1 className="h3">¡Gracias por su inscripción!</h1>
      <a className="btn btn-primary mt-3" href={appConfig.schoolWebsite}>
        Volver al sitio web de la escuela
      </a>
    </main>
  );
}
