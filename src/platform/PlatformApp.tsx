// The platform console (issue 46), mounted at /plataforma/* on the deployment's own address and
// loaded as its own lazy chunk: the operators' sign-in and, signed in, the schools. The staff
// panel's frames (sign-in box, page header, AdminLTE top bar) with the operator's own session.
import '../admin/admin.css';
import { Navigate, Outlet, Route, Routes, useNavigate } from 'react-router-dom';
import { SignInForm } from '../admin/SignInForm.tsx';
import { SignOutButton, StaffMain } from '../admin/StaffFrame.tsx';
import { ADMIN_LOGIN_MESSAGES } from '../admin/AdminLoginPage.tsx';
import { useAppSelector } from '../lib/hooks.ts';
import { useDocumentTheme } from '../lib/useDocumentTheme.ts';
import { NotFoundPage } from '../lib/NotFoundPage.tsx';
import { operatorLogin } from './api.ts';
import { endOperatorSession, useOperatorSession } from './session.ts';
import { SchoolsPage } from './SchoolsPage.tsx';

const HOME = '/plataforma';
const LOGIN = '/plataforma/login';

function PlatformLoginPage() {
  return (
    <SignInForm
      texts={{
        title: 'Consola de la plataforma',
        form: 'Acceso de operadores de la plataforma',
        userLabel: 'Correo electrónico',
        userHelp: 'El correo de su cuenta de operador, p. ej. operador@plataforma.do',
        userRequired: 'Escriba su correo electrónico.',
        passwordHelp: 'La contraseña de su cuenta de operador.',
        passwordRequired: ADMIN_LOGIN_MESSAGES.passwordRequired,
        unexpected: ADMIN_LOGIN_MESSAGES.unexpected,
      }}
      signIn={operatorLogin}
      home={() => HOME}
    />
  );
}

/** The signed-in frame: AdminLTE's top bar with the operator and 'Salir'; one page, so no drawer. */
function PlatformLayout() {
  const navigate = useNavigate();
  const session = useOperatorSession();
  useDocumentTheme(useAppSelector((state) => state.ui.darkMode));
  if (!session) return <Navigate to={LOGIN} replace />;
  function logout() {
    endOperatorSession();
    void navigate(LOGIN, { replace: true });
  }
  return (
    <div className="app-wrapper layout-fixed admin-wrapper">
      <nav className="app-header navbar navbar-expand bg-body" aria-label="Barra superior">
        <div className="container-fluid">
          <span className="navbar-brand mb-0 h1 admin-title">Consola de la plataforma</span>
          <ul className="navbar-nav ms-auto align-items-center gap-2 min-w-0">
            <li className="nav-item d-none d-md-block text-truncate">{session.email}</li>
            <li className="nav-item">
              <SignOutButton onClick={logout} />
            </li>
          </ul>
        </div>
      </nav>
      <StaffMain>
        <Outlet />
      </StaffMain>
    </div>
  );
}

/** A signed-in operator skips the sign-in page. */
function SignedOutOnly() {
  return useOperatorSession() ? <Navigate to={HOME} replace /> : <Outlet />;
}

export function PlatformApp() {
  return (
    <Routes>
      <Route element={<SignedOutOnly />}>
        <Route path="login" element={<PlatformLoginPage />} />
      </Route>
      <Route element={<PlatformLayout />}>
        <Route index element={<SchoolsPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
