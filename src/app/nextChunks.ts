// Loaded by pageShown() (lib/nextPages.ts, registered by routeChunks.ts) once the page on screen
// has shown. Its dynamic imports are never called: webpackPrefetch makes webpack prefetch each chunk when this one loads (the files
// the routes' and components' own imports load; the wizard's includes the calendar). They carry
// no chunk name on purpose: a named import here would join the route's chunk group, and webpack
// would then prefetch it from every parent, the first scripts too, at start-up.
export const NEXT_CHUNKS = [
  () => import(/* webpackPrefetch: true */ '../shell/ShellLayout.tsx'),
  () => import(/* webpackPrefetch: true */ '../enrolment/WizardArea.tsx'),
  () => import(/* webpackPrefetch: true */ '../enrolment/ParticipantsStep.tsx'),
  () => import(/* webpackPrefetch: true */ '../enrolment/AdditionalStep.tsx'),
  () => import(/* webpackPrefetch: true */ '../enrolment/PaymentStep.tsx'),
  () => import(/* webpackPrefetch: true */ '../enrolment/ConfirmationPage.tsx'),
  () => import(/* webpackPrefetch: true */ '../enrolment/ModalFrame.tsx'),
  () => import(/* webpackPrefetch: true */ '../enrolment/HoldNotice.tsx'),
  () => import(/* webpackPrefetch: true */ '../shell/ProgramsPage.tsx'),
  () => import(/* webpackPrefetch: true */ 'react-toastify'),
];
