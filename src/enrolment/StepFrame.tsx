// The card around each step, and WizardStep: the step's route ↔ machine sync plus the states in
// which the step's own content cannot show yet (no camp link, loading, load failed, redirecting).
import { lazy, Suspense, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { Link } from '../lib/links.tsx';
import { DocumentTitle } from '../lib/DocumentTitle.tsx';
import { PageShown } from '../lib/nextPages.ts';
import type { StepIndex } from './wizardData.ts';
import { MissingCamp, useStepRoute } from './EnrolmentProvider.tsx';
import { useWizard, useWizardActor, useWizardSnapshot } from './useWizard.ts';

// The countdown's code loads only once the cart has lines; whether there is anything to say (a
// running hold, places not held) is the notice's own rule, in its chunk.
const HoldNotice = lazy(() => import(/* webpackChunkName: "hold-notice" */ './HoldNotice.tsx'));

function HoldNoticeSlot() {
  const shown = useWizardSnapshot(({ context }) => context.lines.length > 0);
  return shown ? (
    <Suspense fallback={null}>
      <HoldNotice />
    </Suspense>
  ) : null;
}

export function StepFrame({
  title,
  aside,
  ready = true,
  children,
}: {
  title: string;
  aside?: ReactNode;
  /** False while the step's content cannot show yet: it opens (scroll, focus) once it can. */
  ready?: boolean;
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // A step opens at its top with its title focused (and so announced), not where the last one
  // was scrolled to. A layout effect: React runs it again when the step shows after its screen's
  // chunk arrived (Suspense hides the frame meanwhile, and hiding drops the focus).
  useLayoutEffect(() => {
    if (!ready) return;
    // 'instant': Bootstrap makes scrolling smooth, and a step should simply open at its top.
    window.scrollTo({ top: 0, behavior: 'instant' });
    heading.current?.focus({ preventScroll: true });
  }, [title, ready]);
  return (
    <section className="card" aria-labelledby="step-title">
      <DocumentTitle title={title} />
      <div className="card-header d-flex flex-wrap align-items-center gap-2">
        <h2 id="step-title" ref={heading} tabIndex={-1} className="card-title h5 mb-0 me-auto step-title">
          {title}
        </h2>
        {aside ? <span className="text-body-secondary fw-semibold">{aside}</span> : null}
      </div>
      <div className="card-body">{children}</div>
    </section>
  );
}

/**
 * 'Anterior' and 'Siguiente' of the middle steps; Next is enabled by the machine's rules, and
 * while it is disabled `missing` (a MissingNote with id 'next-missing') says why, beside it.
 */
export function BackNext({ canNext, missing }: { canNext: boolean; missing?: ReactNode }) {
  const actor = useWizard();
  return (
    <>
      {!canNext && missing ? <div className="mb-2 text-end">{missing}</div> : null}
      <div className="d-flex flex-wrap justify-content-between gap-2">
        <Button variant="outline-primary" onClick={() => actor.send({ type: 'BACK' })}>
          Anterior
        </Button>
        <Button
          variant="primary"
          disabled={!canNext}
          aria-describedby={!canNext && missing ? 'next-missing' : undefined}
          onClick={() => actor.send({ type: 'NEXT' })}
        >
          Siguiente
        </Button>
      </div>
    </>
  );
}

export function Loading({ text = 'Cargando…' }: { text?: string }) {
  return (
    <div className="d-flex align-items-center gap-2 text-body-secondary" role="status">
      {/* Bootstrap's spinner as markup: react-bootstrap's Spinner is bytes on every parent's first page. */}
      <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

type Phase = 'loading' | 'failed' | 'ready' | 'moving';

function StepBody({
  step,
  title,
  showCampName,
  children,
}: {
  step: StepIndex;
  title: string;
  showCampName: boolean;
  children: () => ReactNode;
}) {
  const actor = useWizard();
  const phase = useWizardSnapshot((snapshot): Phase => {
    if (snapshot.matches('loading')) return 'loading';
    if (snapshot.matches('loadFailed')) return 'failed';
    return snapshot.context.step === step ? 'ready' : 'moving';
  });
  const campName = useWizardSnapshot((snapshot) => snapshot.context.camp?.name ?? '');
  // The camp's name, and the way back to the school's list to pick another (issue 59).
  const aside = showCampName ? (
    <>
      {campName}{' '}
      <Link to="/programas" state={{ choose: true }} className="change-program">
        Cambiar programa
      </Link>
    </>
  ) : undefined;
  return (
    <StepFrame title={title} aside={aside} ready={phase !== 'moving'}>
      {phase === 'ready' ? (
        <>
          <HoldNoticeSlot />
          {children()}
          {/* Commits with the step's content (same boundary): then the next chunks download. */}
          <PageShown />
        </>
      ) : null}
      {phase === 'loading' || phase === 'moving' ? <Loading /> : null}
      {phase === 'failed' ? (
        <div className="alert alert-danger mb-0" role="alert">
          <p>No fue posible cargar los datos de la inscripción.</p>
          {/* A camp that no longer takes enrolments never loads: the list is the way on (issue 59). */}
          <div className="d-flex flex-wrap align-items-center gap-3">
            <Button variant="primary" onClick={() => actor.send({ type: 'RETRY' })}>
              Reintentar
            </Button>
            <Link to="/programas" state={{ choose: true }} className="btn btn-outline-primary">
              Elegir otro programa
            </Link>
          </div>
        </div>
      ) : null}
    </StepFrame>
  );
}

/** One step of the wizard: `children` renders only while the machine shows this step. */
export function WizardStep({
  step,
  title,
  showCampName = false,
  children,
}: {
  step: StepIndex;
  title: string;
  showCampName?: boolean;
  children: () => ReactNode;
}) {
  useStepRoute(step);
  const actor = useWizardActor();
  if (!actor)
    return (
      <StepFrame title={title}>
        <MissingCamp />
      </StepFrame>
    );
  return (
    <StepBody step={step} title={title} showCampName={showCampName}>
      {children}
    </StepBody>
  );
}
