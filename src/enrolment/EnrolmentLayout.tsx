// Frame of the four enrolment steps: the logo and header 'Proceso de Inscripción' with the
// stepper, the 'Carrito' panel on the left (above the step on phones) and the current step.
import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { LOGO_URL as logo } from '../lib/logo.ts';
import { appConfig } from '../api/config.ts';
import { STEP_ROUTES } from './wizardData.ts';
import { CartPanel } from './CartPanel.tsx';
import './enrolment.css';
import { Loading } from './StepFrame.tsx';
import { Stepper } from './Stepper.tsx';
import { useWizard, useWizardActor } from './useWizard.ts';

function stepOfPath(pathname: string): number {
  const index = (STEP_ROUTES as readonly string[]).indexOf(pathname);
  return index < 0 ? 0 : index;
}

function WizardStepper() {
  const step = useSelector(useWizard(), (snapshot) => snapshot.context.step);
  return <Stepper current={step} />;
}

export function EnrolmentLayout() {
  const actor = useWizardActor();
  const { pathname } = useLocation();
  return (
    <div className="enrolment min-vh-100 bg-body-secondary">
      <header className="bg-body border-bottom school-band">
        <div className="container py-2">
          <div className="d-flex align-items-center gap-3 mb-2">
            <a href={appConfig.schoolWebsite}>
              <img src={logo} alt="Escuela de baloncesto" width={48} height={48} />
            </a>
            <h1 className="h4 mb-0">Proceso de Inscripción</h1>
          </div>
          {actor ? <WizardStepper /> : <Stepper current={stepOfPath(pathname)} />}
        </div>
      </header>
      <main className="container py-3">
        <div className="row g-3">
          {actor ? (
            <aside className="col-lg-4" aria-label="Resumen de la inscripción">
              <CartPanel />
            </aside>
          ) : null}
          <div className={actor ? 'col-lg-8 min-w-0' : 'col-12'}>
            {/* A step's screen is a chunk of its own (stepChunks.ts): 'Cargando…' on a first visit only. */}
            <Suspense fallback={<Loading />}>
              <Outlet />
            </Suspense>
          </div>
        </div>
      </main>
    </div>
  );
}
