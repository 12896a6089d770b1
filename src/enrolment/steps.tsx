// The wizard's screens. Frames for now (title under the header 'Proceso de Inscripción'); the
// XState machine and the screens are built with the enrolment wizard issue.
function StepFrame({ title }: { title: string }) {
  return (
    <main className="container py-4">
      <p className="text-uppercase text-body-secondary small mb-1">Proceso de Inscripción</p>
      <h1 className="h3">{title}</h1>
    </main>
  );
}

export const CalendarPage = () => <StepFrame title="Calendario de Inscripción" />;
export const ParticipantsPage = () => <StepFrame title="Información de participante(s)" />;
export const AdditionalPage = () => <StepFrame title="Información adicional" />;
export const PaymentPage = () => <StepFrame title="Confirmación y Pago" />;
export const ConfirmationPage = () => <StepFrame title="¡Gracias por su inscripción!" />;
