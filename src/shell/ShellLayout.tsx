// The AdminLTE 4 signed-in shell (spec 02 §2-4, DESIGN.md §7): header, sidebar menu, main
// content, footer and the settings panel, shown after the start-up session check.
import './shell.css';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { Link, NavLink } from '../lib/links.tsx';
import { LOGO_URL as logo } from '../lib/logo.ts';
import { logoutUser, selectCurrentUser } from '../auth/authSlice.ts';
import { useAppDispatch, useAppSelector } from '../lib/hooks.ts';
import { SITE_NAME } from '../lib/DocumentTitle.tsx';
import { Preloader } from '../lib/Preloader.tsx';
import { useDocumentTheme } from '../lib/useDocumentTheme.ts';
import { useOpenedOnce } from '../lib/useOpenedOnce.ts';
import { CalendarPlusIcon, LogoutIcon, MenuIcon, SlidersIcon, UserIcon } from './icons.tsx';
import { findNavbarVariant, findSidebarSkin, isDarkNavbarVariant, isDarkSidebarSkin } from './uiOptions.ts';
import {
  selectUi,
  sidebarClasses,
  toggleControlSidebar,
  toggleSidebarMenu,
  windowResized,
  type UiState,
} from './uiSlice.ts';
import { useSessionCheck } from './useSessionCheck.ts';

// The settings panel (and react-bootstrap's Offcanvas) is a chunk of its own, fetched on its
// first opening: most parents never open it.
const SettingsPanel = lazy(() =>
  import(/* webpackChunkName: "settings" */ './SettingsPanel.tsx').then((m) => ({
    default: m.SettingsPanel,
  })),
);

/** Mounted from its first opening on (then kept, so closing still slides out). */
function Settings({ open }: { open: boolean }) {
  if (!useOpenedOnce(open)) return null;
  return (
    <Suspense fallback={null}>
      <SettingsPanel />
    </Suspense>
  );
}

/** Shown in the footer; keep in step with package.json. */
export const APP_VERSION = '0.1.0';

const MENU = [
  // The school's open camps and programs (issue 59): one open goes straight to its calendar.
  { to: '/programas', label: 'Nueva inscripción', Icon: CalendarPlusIcon },
  { to: '/profile', label: 'Mi perfil', Icon: UserIcon },
] as const;

/** The AdminLTE 4 layout classes for the current settings (they sit on .app-wrapper). */
export function layoutClasses(ui: UiState): string {
  return [
    'app-wrapper',
    'sidebar-expand-md',
    'sidebar-mini',
    ...sidebarClasses(ui.screenSize, ui.menuSidebarCollapsed),
    ui.headerFixed && 'fixed-header',
    ui.footerFixed && 'fixed-footer',
    ui.layoutFixed && 'layout-fixed',
    ui.layoutBoxed && 'layout-boxed',
  ]
    .filter(Boolean)
    .join(' ');
}

function useWindowSize() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const update = () => dispatch(windowResized(window.innerWidth));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [dispatch]);
}

function Header({ ui }: { ui: UiState }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectCurrentUser);
  const colour = findNavbarVariant(ui.navbarVariant)?.colour ?? 'light';

  function logout() {
    dispatch(logoutUser());
    void navigate('/login', { replace: true });
  }

  return (
    <nav
      className={`app-header navbar navbar-expand shell-navbar shell-color-${colour}${ui.headerBorder ? '' : ' border-bottom-0'}`}
      data-bs-theme={isDarkNavbarVariant(ui.navbarVariant) ? 'dark' : 'light'}
      aria-label="Cabecera"
    >
      <div className="container-fluid">
        <ul className="navbar-nav">
          <li className="nav-item">
            <button
              type="button"
              className="nav-link btn"
              aria-label="Mostrar u ocultar el menú"
              aria-expanded={
                !sidebarClasses(ui.screenSize, ui.menuSidebarCollapsed).includes('sidebar-collapse')
              }
              onClick={() => dispatch(toggleSidebarMenu())}
            >
              <MenuIcon />
            </button>
          </li>
          <li className="nav-item d-none d-md-block">
            <Link to="/" className="nav-link">
              Inicio
            </Link>
          </li>
        </ul>
        <ul className="navbar-nav ms-auto align-items-center">
          <li className="nav-item d-flex align-items-center gap-2 px-2">
            {user.picture ? (
              <img src={user.picture} alt="" className="rounded-circle shell-user-picture" />
            ) : (
              <UserIcon width="1.5em" height="1.5em" />
            )}
            <span className="d-none d-sm-inline text-truncate" data-testid="shell-user-email">
              {user.email}
            </span>
          </li>
          <li className="nav-item">
            <button
              type="button"
              className="nav-link btn"
              aria-label="Personalizar apariencia"
              onClick={() => dispatch(toggleControlSidebar())}
            >
              <SlidersIcon />
            </button>
          </li>
          <li className="nav-item">
            <button type="button" className="nav-link btn d-flex align-items-center gap-1" onClick={logout}>
              <LogoutIcon />
              <span>Salir</span>
            </button>
          </li>
        </ul>
      </div>
    </nav>
  );
}

function Sidebar({ ui }: { ui: UiState }) {
  const dispatch = useAppDispatch();
  const skin = findSidebarSkin(ui.sidebarSkin);
  const dark = isDarkSidebarSkin(ui.sidebarSkin);
  const menuClasses = [
    'nav',
    'sidebar-menu',
    'flex-column',
    ui.menuItemFlat && 'nav-flat',
    ui.menuChildIndent && 'nav-indent',
  ]
    .filter(Boolean)
    .join(' ');

  // On phones the sidebar is an overlay: following a link closes it.
  function closeOverlay() {
    if (ui.screenSize === 'xs' && ui.menuSidebarCollapsed) dispatch(toggleSidebarMenu());
  }

  return (
    <aside
      // Off screen on a phone until opened: out of the tab order and of assistive tech too.
      inert={
        ui.screenSize === 'xs' &&
        !sidebarClasses(ui.screenSize, ui.menuSidebarCollapsed).includes('sidebar-open')
      }
      className={`app-sidebar shadow shell-sidebar shell-sidebar-${dark ? 'dark' : 'light'} shell-color-${skin?.colour ?? 'primary'}`}
      data-bs-theme={dark ? 'dark' : 'light'}
    >
      <div className="sidebar-brand">
        <Link to="/" className="brand-link" onClick={closeOverlay}>
          <img src={logo} alt="" className="brand-image" width={33} height={33} />
          <span className="brand-text fw-light ms-2">{SITE_NAME}</span>
        </Link>
      </div>
      <div className="sidebar-wrapper">
        <nav className="mt-2" aria-label="Menú principal">
          <ul className={menuClasses}>
            <li className="nav-header">MENÚ</li>
            {MENU.map(({ to, label, Icon }) => (
              <li key={to} className="nav-item">
                <NavLink to={to} className="nav-link" onClick={closeOverlay}>
                  <Icon className="nav-icon" />
                  <p>{label}</p>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </aside>
  );
}

function Footer() {
  return (
    <footer className="app-footer">
      <div className="float-end d-none d-sm-inline">Versión {APP_VERSION}</div>
      <strong>
        © {new Date().getFullYear()} {SITE_NAME}.
      </strong>
      {/* One line on a phone: the fixed footer must not take a tenth of the screen. */}
      <span className="d-none d-sm-inline"> Todos los derechos reservados.</span>
    </footer>
  );
}

export function ShellLayout() {
  const dispatch = useAppDispatch();
  const ready = useSessionCheck();
  const ui = useAppSelector(selectUi);
  useWindowSize();
  useDocumentTheme(ui.darkMode);

  if (!ready) return <Preloader />;

  return (
    <div className={layoutClasses(ui)} data-testid="shell">
      <Header ui={ui} />
      <Sidebar ui={ui} />
      <main className="app-main">
        <Outlet />
      </main>
      <Footer />
      {/* Closes the phone overlay (AdminLTE shows it only while sidebar-open). */}
      <div className="sidebar-overlay" aria-hidden="true" onClick={() => dispatch(toggleSidebarMenu())} />
      <Settings open={!ui.controlSidebarCollapsed} />
    </div>
  );
}
