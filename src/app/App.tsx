// Routes of the app (spec 01 §2, spec 02 §2). Every page is a lazy chunk (routeChunks.ts): the
// first download holds only the router, the store and the guards.
import { lazy, Suspense } from 'react';
import { Outlet, Route, Routes } from 'react-router-dom';
import { enrolmentRoutes } from '../enrolment/pages.tsx';
import { ChunkErrorBoundary } from '../lib/ChunkErrorBoundary.tsx';
import { Preloader } from '../lib/Preloader.tsx';
import { LoginRoute, PrivateRoute, PublicOnlyRoute } from './guards.tsx';
import { chunks } from './routeChunks.ts';

const LoginPage = lazy(() => chunks.login().then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => chunks.register().then((m) => ({ default: m.RegisterPage })));
const ForgotPasswordPage = lazy(() =>
  chunks.forgotPassword().then((m) => ({ default: m.ForgotPasswordPage })),
);
const RecoverPasswordPage = lazy(() =>
  chunks.recoverPassword().then((m) => ({ default: m.RecoverPasswordPage })),
);
const ShellLayout = lazy(() => chunks.layout().then((m) => ({ default: m.ShellLayout })));
const ProfilePage = lazy(() => chunks.profile().then((m) => ({ default: m.ProfilePage })));
const ProgramsPage = lazy(chunks.programs);
const AdminArea = lazy(() => chunks.admin().then((m) => ({ default: m.AdminArea })));
// The platform's operators only (issue 46): rare, so never preloaded.
const PlatformArea = lazy(() => import(/* webpackChunkName: "platform" */ './PlatformArea.tsx'));
// Rare: not in the first download of every page.
const NotFoundPage = lazy(() =>
  import(/* webpackChunkName: "not-found" */ '../lib/NotFoundPage.tsx').then((m) => ({
    default: m.NotFoundPage,
  })),
);

export function App() {
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<Preloader />}>
        <Routes>
          <Route element={<LoginRoute />}>
            <Route path="/login" element={<LoginPage />} />
          </Route>
          <Route element={<PublicOnlyRoute />}>
            <Route path="/register" element={<RegisterPage />} />
            <Route path="/forgot-password" element={<ForgotPasswordPage />} />
            <Route path="/recover-password" element={<RecoverPasswordPage />} />
          </Route>
          <Route element={<PrivateRoute />}>
            {/* The signed-in shell: session check + preloader, header, menu, footer. */}
            <Route element={<ShellLayout />}>
              {/* The frame's own pages, each a chunk: the profile, and the school's programs (issue 59). */}
              <Route
                element={
                  <Suspense fallback={<Preloader />}>
                    <Outlet />
                  </Suspense>
                }
              >
                <Route path="/profile" element={<ProfilePage />} />
                <Route path="/programas" element={<ProgramsPage />} />
              </Route>
              {/* The wizard: one machine for the four steps and the thank-you page. */}
              {enrolmentRoutes()}
            </Route>
          </Route>
          <Route path="/admin/*" element={<AdminArea />} />
          <Route path="/plataforma/*" element={<PlatformArea />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </ChunkErrorBoundary>
  );
}
