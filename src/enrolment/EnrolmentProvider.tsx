// The wizard's actor for the signed-in parent (DESIGN.md §3 "Wizard"): created once per camp,
// persisted in sessionStorage, and kept in step with the routes (each route sends GO_TO with its
// step; the machine's goTo navigates when the path differs). The camp comes from localStorage
// 'CampamentId' (spec 01 §1: an enrolment link, or the family's pick in 'Nueva inscripción');
// without one the steps send the family to that list.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { STORAGE_KEYS, readStored } from '../api/storage.ts';
import { closedLinkedCamp, forgetClosedCamp } from '../lib/closedCamp.ts';
import { CONFIRMATION_ROUTE, STEP_ROUTES, type StepIndex } from './wizardData.ts';
import { formRules } from './formRulesRegistry.ts';
import { Preloader } from '../lib/Preloader.tsx';
import { enrolmentMachine, type GoToParams } from './machine.ts';
import { MessageDialog } from './MessageDialog.tsx';
import { loadPaid, loadWizard, persistWizard } from './persistence.ts';
import { reportCart } from './cartReport.ts';
import { saveCart } from './api.ts';
import { WizardContext, useWizardActor } from './useWizard.ts';

/** Whether the current path already shows `to` ('/' is the calendar too). */
export function showsPath(pathname: string, to: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === to || (path === '/' && to === STEP_ROUTES[0]);
}

/** Lets the machine's goTo reach the router: updated by an effect, read only when navigating. */
class RouteBridge {
  private navigate: NavigateFunction | null = null;
  private pathname = '';

  sync(navigate: NavigateFunction, pathname: string) {
    this.navigate = navigate;
    this.pathname = pathname;
  }

  goTo({ to, replace }: GoToParams) {
    if (!this.navigate || showsPath(this.pathname, to)) return;
    this.pathname = to;
    // React Router's navigate resolves when the transition ends; nothing waits on it here.
    void this.navigate(to, { replace });
  }
}

/**
 * A paid wizard is finished: when the parent leaves the thank-you page for a step (the browser's
 * Back), a new wizard starts on an empty calendar instead of the paid one showing a stuck step.
 * The paid actor is final, so nothing can pay it twice.
 */
function RunningWizard({ campId, children }: { campId: string; children: ReactNode }) {
  const [generation, setGeneration] = useState(0);
  return (
    <WizardRun key={generation} campId={campId} onLeftPaid={() => setGeneration((count) => count + 1)}>
      {children}
    </WizardRun>
  );
}

interface WizardRunProps {
  campId: string;
  onLeftPaid: () => void;
  children: ReactNode;
}

/**
 * A wizard restored past the participants (a reload on /adicional or /pago) needs the forms' rules
 * to know its children are complete, else it would send the parent back to them: it starts once
 * they are loaded (a prefetched chunk, tried twice; if it cannot load, it starts anyway and the
 * checks send the parent to the participants). Any other wizard starts at once, without them;
 * a route past the participants waits for them in useStepRoute.
 */
function WizardRun(props: WizardRunProps) {
  const [restored] = useState(() => loadWizard(sessionStorage, props.campId));
  const [ready, setReady] = useState(() => (restored?.step ?? 0) < 2 || formRules() !== null);
  useEffect(() => {
    if (!ready) void loadFormRules().then(() => setReady(true));
  }, [ready]);
  return ready ? <WizardRunning {...props} restored={restored} /> : <Preloader />;
}

function WizardRunning({
  campId,
  onLeftPaid,
  children,
  restored,
}: WizardRunProps & { restored: ReturnType<typeof loadWizard> }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [bridge] = useState(() => new RouteBridge());
  // A layout effect: it runs before the step's own effect sends GO_TO (children's effects run
  // first), so a route the machine refuses (Back to '/participantes' with an empty cart) is
  // compared with the path shown now, not the one before, and corrected instead of left loading.
  useLayoutEffect(() => bridge.sync(navigate, pathname), [bridge, navigate, pathname]);

  const onThankYouPage = showsPath(pathname, CONFIRMATION_ROUTE);
  const actor = useActorRef(
    enrolmentMachine.provide({ actions: { goTo: (_, params: GoToParams) => bridge.goTo(params) } }),
    // A reload of the thank-you page shows the order just paid (only there: elsewhere a new one starts).
    { input: { campId, restored, paid: onThankYouPage ? loadPaid(sessionStorage, campId) : null } },
  );
  useEffect(() => persistWizard(actor, sessionStorage), [actor]);
  useEffect(() => reportCart(actor, saveCart), [actor]);
  const paid = useSelector(actor, (snapshot) => snapshot.status === 'done');
  // Only once the thank-you page has shown: right after paying, the path is still the payment's.
  const thanked = useRef(false);
  useEffect(() => {
    if (paid && onThankYouPage) thanked.current = true;
    else if (paid && thanked.current) onLeftPaid();
  }, [paid, onThankYouPage, onLeftPaid]);

  return (
    <WizardContext.Provider value={actor}>
      {children}
      <MessageDialog />
    </WizardContext.Provider>
  );
}

/**
 * Layout route around the enrolment steps and the confirmation page. A link's camp that the sign-in
 * page said is closed (issue 59) opens the list of open programs instead, saying why.
 */
export function EnrolmentProvider({ children }: { children?: ReactNode }) {
  const [closed] = useState(closedLinkedCamp);
  const [campId] = useState(() => readStored(STORAGE_KEYS.campId)?.trim() ?? '');
  useEffect(() => {
    if (closed) forgetClosedCamp(closed);
  }, [closed]);
  const content = children ?? <Outlet />;
  if (closed) return <Navigate to="/programas" replace state={{ closed: closed.name }} />;
  if (campId === '') return content;
  return (
    <RunningWizard key={campId} campId={campId}>
      {content}
    </RunningWizard>
  );
}

/**
 * Each step's route tells the machine which step shows (back/forward, deep links). A step past the
 * participants waits for the forms' rules first: without them the machine could not tell that the
 * children are complete and would send the parent back to them.
 */
export function useStepRoute(step: StepIndex) {
  const actor = useWizardActor();
  useEffect(() => {
    if (!actor) return;
    let live = true;
    const go = () => {
      if (live) actor.send({ type: 'GO_TO', step });
    };
    if (step < 2 || formRules() !== null) go();
    else void loadFormRules().then(go);
    return () => {
      live = false;
    };
  }, [actor, step]);
}

/** The forms' rules chunk, tried twice (a dropped connection), then given up on. */
const loadFormRules = (): Promise<void> => {
  const load = () => import(/* webpackChunkName: "form-rules" */ './formRules.ts');
  return load()
    .catch(load)
    .then(
      () => undefined,
      () => undefined,
    );
};

/** In place of a step when no camp id is stored: the family picks one of the school's (issue 59). */
export function MissingCamp() {
  return <Navigate to="/programas" replace />;
}
