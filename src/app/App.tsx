// Routes of the app (spec 01 §2, spec 02 §2). The admin area and the shell extras are lazy
// chunks: the parents' enrolment path never downloads them.
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ForgotPasswordPage } from '../auth/ForgotPasswordPage.tsx';
import { LoginPage } from '../auth/LoginPage.tsx';
import { RecoverPasswordPage } from '../auth/RecoverPasswordPage.tsx';
import { RegisterPage } from '../auth/RegisterPage.tsx';
import { enrolmentRoutes } from '../enrolment/pages.tsx';
import { NotFoundPage } from '../lib/NotFoundPage.tsx';
import { Preloader } from '../lib/Preloader.tsx';
import { ShellLayout } from '../shell/ShellLayout.tsx';
import { LoginRoute, PrivateRoute, PublicOnlyRoute } from './guards.tsx';

const AdminArea = lazy(() =>
  import(/* webpackChunkName: "admin" */ './AdminArea.tsx').then((m) => ({ default: m.AdminArea })),
);
const ProfilePage = lazy(() =>
  import(/* webpackChunkName: "shell" */ '../shell/ProfilePage.tsx').then((m) => ({
    default: m.ProfilePage,
  })),
);

export function App() {
  return (
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
            <Route
              path="/profile"
              element={
                <Suspense fallback={<Preloader />}>
                  <ProfilePage />
                </Suspense>
              }
            />
            {/* The wizard: one machine for the four steps and the thank-you page. */}
            {enrolmentRoutes()}
          </Route>
        </Route>
        <Route path="/admin/*" element={<AdminArea />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
