// The routes of spec 01 §2 and spec 02 §2. The admin area is a lazy chunk of its own.
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Preloader } from '../lib/Preloader.tsx';
import { NotFoundPage } from '../lib/NotFoundPage.tsx';
import { ForgotPasswordPage, LoginPage, RecoverPasswordPage, RegisterPage } from '../auth/pages.tsx';
import { ProfilePage } from '../shell/ProfilePage.tsx';
import {
  AdditionalPage,
  CalendarPage,
  ConfirmationPage,
  ParticipantsPage,
  PaymentPage,
} from '../enrolment/steps.tsx';
import { CampLinkCapture, PublicOnly, RequireUser } from './guards.tsx';

const AdminApp = lazy(() => import(/* webpackChunkName: "admin" */ '../admin/AdminApp.tsx'));

export function App() {
  return (
    <Suspense fallback={<Preloader />}>
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
        {/* The camp of the link is saved before PublicOnly may redirect a signed-in parent. */}
        <Route element={<CampLinkCapture />}>
          <Route element={<PublicOnly />}>
            <Route path="/login" element={<LoginPage />} />
          </Route>
        </Route>
        <Route element={<PublicOnly />}>
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/recover-password" element={<RecoverPasswordPage />} />
        </Route>
        <Route element={<RequireUser />}>
          <Route path="/" element={<CalendarPage />} />
          <Route path="/calendario" element={<CalendarPage />} />
          <Route path="/participantes" element={<ParticipantsPage />} />
          <Route path="/adicional" element={<AdditionalPage />} />
          <Route path="/pago" element={<PaymentPage />} />
          <Route path="/confirmacion" element={<ConfirmationPage />} />
          <Route path="/profile" element={<ProfilePage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
