// The wizard's routes (spec 01 §2): each step inside EnrolmentLayout, and the thank-you page, all
// below EnrolmentProvider so they share one machine. The routes are in the first download; the
// wizard itself (machine, XState) and each step's screen are chunks of their own
// (stepChunks.ts), prefetched once the first page has shown (a parent signing in goes there next).
import { Suspense, lazy, useContext } from 'react';
import { Route } from 'react-router-dom';
import { Preloader } from '../lib/Preloader.tsx';
import { chunkLoader } from '../lib/chunkLoader.ts';
import { WizardParts, type WizardPartName } from './wizardParts.ts';

/** The wizard's core chunk (machine, layout); prefetched: a parent signing in goes there next. */
export const loadWizard = chunkLoader(() => import(/* webpackChunkName: "wizard" */ './WizardArea.tsx'));

const WizardArea = lazy(() => loadWizard().then((m) => ({ default: m.WizardArea })));

/** One of the wizard's screens, from the loaded chunk. */
function Part({ name }: { name: WizardPartName }) {
  const parts = useContext(WizardParts);
  if (!parts) throw new Error('A wizard route rendered outside WizardArea.');
  const Screen = parts[name];
  return <Screen />;
}

/** The enrolment routes, for <Routes> (App.tsx puts them inside the signed-in shell). */
export function enrolmentRoutes() {
  return (
    <Route
      element={
        <Suspense fallback={<Preloader />}>
          <WizardArea />
        </Suspense>
      }
    >
      <Route element={<Part name="EnrolmentLayout" />}>
        <Route index element={<Part name="CalendarPage" />} />
        <Route path="/calendario" element={<Part name="CalendarPage" />} />
        <Route path="/participantes" element={<Part name="ParticipantsPage" />} />
        <Route path="/adicional" element={<Part name="AdditionalPage" />} />
        <Route path="/pago" element={<Part name="PaymentPage" />} />
      </Route>
      <Route path="/confirmacion" element={<Part name="ConfirmationPage" />} />
    </Route>
  );
}
