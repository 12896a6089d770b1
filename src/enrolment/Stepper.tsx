// The four steps under 'Proceso de Inscripción' (spec 01 §2): horizontal from 1200 px, a compact
// vertical list below.
export const STEP_LABELS = [
  'Calendario',
  'Información de participante(s)',
  'Información adicional',
  'Confirmación y Pago',
] as const;

export function Stepper({ current }: { current: number }) {
  return (
    <nav aria-label="Pasos de la inscripción">
      <ol className="wizard-stepper list-unstyled mb-0">
        {STEP_LABELS.map((label, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'todo';
          return (
            <li
              key={label}
              className={`wizard-stepper__step wizard-stepper__step--${state}`}
              aria-current={index === current ? 'step' : undefined}
            >
              <span className="wizard-stepper__number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="wizard-stepper__label">{label}</span>
              {state === 'done' ? <span className="visually-hidden"> (completado)</span> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
