// The admin area, mounted at /admin/* and loaded as its own lazy chunk.
import { Navigate, Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../lib/NotFoundPage.tsx';
import { AdminLayout } from './AdminLayout.tsx';
import { adminHome, adminRole } from '../lib/adminSession.ts';
import { AdminLoginPage } from './AdminLoginPage.tsx';
import { AdminPublicOnlyRoute, AdminRoute } from './AdminGuards.tsx';
import { AreaListPage } from './AreaListPage.tsx';
import { campsScreen } from './areas/camps.tsx';
import { categoriesScreen } from './areas/categories.tsx';
import { couponsScreen } from './areas/coupons.tsx';
import { weeksScreen } from './areas/weeks.tsx';
import { DashboardPage } from './DashboardPage.tsx';
import { AuditPage } from './staff/AuditPage.tsx';
import { WaitlistPage } from './staff/WaitlistPage.tsx';
import { ReceiptsPage } from './staff/ReceiptsPage.tsx';
import { ReceivablesPage } from './staff/ReceivablesPage.tsx';
import { LedgerPage } from './staff/LedgerPage.tsx';
import { EnrolmentDetailPage } from './staff/EnrolmentDetailPage.tsx';
import { EnrolmentsPage } from './staff/EnrolmentsPage.tsx';
import { RostersPage } from './staff/RostersPage.tsx';
import { UsersPage } from './staff/UsersPage.tsx';
import { CampDayPage } from './staff/CampDayPage.tsx';
import { SchoolSettingsPage } from './school/SchoolSettingsPage.tsx';
import { NoticesPage } from './staff/NoticesPage.tsx';

export function AdminApp() {
  return (
    <Routes>
      <Route element={<AdminPublicOnlyRoute />}>
        <Route path="login" element={<AdminLoginPage />} />
      </Route>
      <Route element={<AdminRoute />}>
        <Route element={<AdminLayout />}>
          <Route index element={<Navigate to={adminHome(adminRole())} replace />} />
          <Route path="dashboard" element={<DashboardPage />} />
          {/* `key`: each screen keeps its own filters and page. */}
          <Route path="campamentos" element={<AreaListPage key="campamentos" screen={campsScreen} />} />
          <Route path="categorias" element={<AreaListPage key="categorias" screen={categoriesScreen} />} />
          <Route path="semanas" element={<AreaListPage key="semanas" screen={weeksScreen} />} />
          <Route path="cupones" element={<AreaListPage key="cupones" screen={couponsScreen} />} />
          <Route path="inscripciones" element={<EnrolmentsPage />} />
          <Route path="inscripciones/:id" element={<EnrolmentDetailPage />} />
          <Route path="listas" element={<RostersPage />} />
          <Route path="dia" element={<CampDayPage />} />
          <Route path="auditoria" element={<AuditPage />} />
          <Route path="esperas" element={<WaitlistPage />} />
          <Route path="avisos" element={<NoticesPage />} />
          <Route path="comprobantes" element={<ReceiptsPage />} />
          <Route path="cuentas" element={<ReceivablesPage />} />
          <Route path="cuentas/:id" element={<LedgerPage />} />
          <Route path="usuarios" element={<UsersPage />} />
          <Route path="ajustes" element={<SchoolSettingsPage />} />
        </Route>
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
