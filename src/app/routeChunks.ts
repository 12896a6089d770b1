// Every lazy chunk of the parents' app, one loader each. The loaders are memoised (and forget a
// failed download, so the next try fetches again): React.lazy and the preloading in main.tsx share
// one download. main.tsx starts every chunk the first address needs at once: nested lazy routes
// alone would fetch them one after another (layout, then wizard, then step: three round trips on
// a phone network before the first render).
import { loadWizard } from '../enrolment/pages.tsx';
import { STEP_CHUNKS, stepChunks } from '../enrolment/stepChunks.ts';
import { chunkLoader } from '../lib/chunkLoader.ts';
import { onPageShown } from '../lib/nextPages.ts';
import { readStored, STORAGE_KEYS } from '../api/storage.ts';
import { fetchEarly } from '../api/early.ts';
import { campDataPaths, profilePath } from '../api/paths.ts';

// React Router 7's route `lazy` needs its data router (createBrowserRouter), a larger part of the
// library than <BrowserRouter>; React.lazy per route gives the same split in declarative mode.

export const chunks = {
  // Sign-in pages, one chunk each (they share Formik, Yup and the form controls in chunks of
  // their own): /login downloads the login only.
  login: chunkLoader(() => import(/* webpackChunkName: "login" */ '../auth/LoginPage.tsx')),
  register: chunkLoader(() => import(/* webpackChunkName: "register" */ '../auth/RegisterPage.tsx')),
  forgotPassword: chunkLoader(
    () => import(/* webpackChunkName: "forgot-password" */ '../auth/ForgotPasswordPage.tsx'),
  ),
  recoverPassword: chunkLoader(
    () => import(/* webpackChunkName: "recover-password" */ '../auth/RecoverPasswordPage.tsx'),
  ),
  // The signed-in frame (header, menu, footer) and the wizard (enrolment/pages.tsx, stepChunks.ts):
  // a parent signing in goes there next, so they are prefetched once the sign-in page has shown
  // (lib/nextChunks.ts: fetched, run only when needed).
  layout: chunkLoader(() => import(/* webpackChunkName: "layout" */ '../shell/ShellLayout.tsx')),
  wizard: loadWizard,
  ...stepChunks,
  // 'Nueva inscripción': the school's open camps and programs (issue 59), off the calendar's download.
  programs: chunkLoader(() => import(/* webpackChunkName: "programs" */ '../shell/ProgramsPage.tsx')),
  // Rarely the next page: fetched only when opened.
  profile: chunkLoader(() => import(/* webpackChunkName: "profile" */ '../shell/ProfilePage.tsx')),
  admin: chunkLoader(() => import(/* webpackChunkName: "admin" */ './AdminArea.tsx')),
};

type ChunkName = keyof typeof chunks;

const AUTH_PAGES: Record<string, ChunkName> = {
  '/login': 'login',
  '/register': 'register',
  '/forgot-password': 'forgotPassword',
  '/recover-password': 'recoverPassword',
};

/** The chunks the page at `pathname` renders with, for a visitor signed in or not. */
export function chunksFor(pathname: string, signedIn: boolean): ChunkName[] {
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return ['admin'];
  const step = STEP_CHUNKS[pathname];
  const authPage = AUTH_PAGES[pathname];
  // The guards send a visitor to the login, and a signed-in parent from the sign-in pages to '/'.
  // The signed-in frame's own pages besides the wizard.
  const framePage = pathname === '/profile' ? 'profile' : pathname === '/programas' ? 'programs' : null;
  if (!signedIn) return authPage ? [authPage] : step || framePage ? ['login'] : [];
  if (step || authPage) return ['layout', 'wizard', step ?? 'calendar'];
  if (framePage) return ['layout', framePage];
  return [];
}

// Once the first page has shown, the chunks of the pages likely next are prefetched (nextChunks.ts).
onPageShown(() => import(/* webpackChunkName: "next" */ './nextChunks.ts'));

/** Starts the downloads of the first page's chunks together, before React asks for them. */
export function preloadFor(pathname: string, signedIn: boolean, search = ''): void {
  // A failed download is retried when React asks: nothing to handle here.
  const names = chunksFor(pathname, signedIn);
  for (const name of names) chunks[name]().catch(() => undefined);
  // The calls the page makes first go now too, beside the chunks, rather than once the frame's
  // and the wizard's chunks have run: the session check's profile, and a wizard step's camp (the
  // thank-you page of a reload shows the order it keeps). An enrolment link (/login?camp=) names
  // the camp the login route is about to store.
  const userId = readStored(STORAGE_KEYS.userId);
  if (!names.includes('layout') || !userId) return;
  const campId = new URLSearchParams(search).get('camp')?.trim() || readStored(STORAGE_KEYS.campId)?.trim();
  const wizardStep = names.includes('wizard') && STEP_CHUNKS[pathname] !== 'confirmation';
  fetchEarly([profilePath(userId), ...(campId && wizardStep ? Object.values(campDataPaths(campId)) : [])]);
}
