// A new school's first steps (issue 55): fiscal data, NCF ranges or e-CF, AZUL and a first camp,
// each ticked from what the school has saved, never from a flag of its own, and linked to the page
// where it is done.
import { Link } from '../../lib/links.tsx';
import { useAreaList, useFiscalQuery } from '../api.ts';
import type { SchoolSettingsView } from '../../domain/school-settings.ts';
import { SettingsCard } from './SettingsCard.tsx';

interface Step {
  label: string;
  done: boolean;
  to: string;
}

export function SchoolChecklist({ settings }: { settings: SchoolSettingsView }) {
  const fiscal = useFiscalQuery();
  const camps = useAreaList('campamentos', { page: 1, limit: 1 });
  if (!fiscal.data || !camps.data) return null;
  const steps: Step[] = [
    { label: 'Datos fiscales de la escuela', done: fiscal.data.settings !== null, to: '/admin/comprobantes' },
    {
      label: 'Rangos de NCF o comprobantes electrónicos (e-CF)',
      done:
        settings.ecf_ready ||
        fiscal.data.ecf ||
        fiscal.data.sequences.some((range) => range.status === 'active'),
      to: '/admin/comprobantes',
    },
    { label: 'Comercio de AZUL para cobrar con tarjeta', done: settings.azul_ready, to: '#azul-title' },
    {
      label: 'Primer campamento',
      done: (camps.data.total ?? camps.data.data.length) > 0,
      to: '/admin/campamentos',
    },
  ];
  const left = steps.filter((step) => !step.done).length;
  return (
    <SettingsCard id="checklist" title="Primeros pasos de la escuela">
      <div className="card-body">
        <p className="small mb-2" role="status">
          {left === 0
            ? 'La escuela está lista para recibir inscripciones.'
            : `Faltan ${left} de ${steps.length} pasos.`}
        </p>
        <ul className="list-unstyled mb-0">
          {steps.map((step) => (
            <li key={step.label} className="d-flex align-items-center gap-2">
              <span
                aria-hidden="true"
                className={step.done ? 'text-success fw-bold' : 'text-body-secondary'}
                style={{ width: '1.25em' }}
              >
                {step.done ? '✓' : '○'}
              </span>
              {step.to.startsWith('#') ? (
                <a href={step.to} className="admin-tap d-inline-flex align-items-center">
                  {step.label}
                </a>
              ) : (
                <Link to={step.to} className="admin-tap d-inline-flex align-items-center">
                  {step.label}
                </Link>
              )}
              <span className="visually-hidden">{step.done ? ': hecho' : ': pendiente'}</span>
            </li>
          ))}
        </ul>
      </div>
    </SettingsCard>
  );
}
