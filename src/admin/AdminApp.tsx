// The admin area, mounted at /admin/* and loaded as its own lazy chunk.
import { Navigate, Route, Routes } from 'react-router-dom';
import { DocumentTitle } from '../lib/DocumentTitle.tsx';
import { NotFoundPage } from '../lib/NotFoundPage.tsx';
import { AdminLayout } from './AdminLayout.tsx';
import { AdminLoginPage } from './AdminLoginPage.tsx';
import { AdminPublicOnlyRoute, AdminRoute } from './AdminGuards.tsx';

/** Placeholder page of one admin area until its issue lands. */
function AdminFrame({ title }: { title: string }) {
  return (
    <>
      <DocumentTitle title={`${title} · Administración`} />
      <h2 className="h4">{title}</h2>
    </>
  );
}

export function AdminApp() {
  return (
    <Routes>
      <Route element={<AdminPublicOnlyRoute />}>
        <Route path="login" element={<AdminLoginPage />} />
      </Route>
      <Route element={<AdminRoute />}>
        <Route element={<AdminLayout />}>
          <Route index element={<Navigate to="/admin/dashboard" replace />} />
          <Route path="dashboard" element={<AdminFrame title="Dashboard" />} />
          <Route path="campamentos" element={<AdminFrame title="Campamentos" />} />
          <Route path="categorias" element={<AdminFrame title="Categorías" />} />
          <Route path="semanas" element={<AdminFrame title="Semanas" />} />
          <Route path="cupones" element={<AdminFrame title="Cupones" />} />
        </Route>
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
