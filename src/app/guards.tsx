// Route guards (spec 01 §6, DESIGN.md §2.2): public-only pages send a signed-in parent to /,
// private pages send an anonymous visitor to /login. The camp of an enrolment link is saved first.
import { useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '../state/hooks.ts';
import { selectIsLoggedIn } from '../state/authSlice.ts';
import { saveCampFromSearch } from '../auth/campLink.ts';

export function RequireUser() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  return loggedIn ? <Outlet /> : <Navigate to="/login" replace />;
}

export function PublicOnly() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  return loggedIn ? <Navigate to="/" replace /> : <Outlet />;
}

/** Saves ?camp= of the login link during the first render, before any guard can redirect. */
export function CampLinkCapture() {
  const { search } = useLocation();
  // Saving is idempotent, so doing it while rendering is safe; an effect would run after the
  // child's <Navigate> has already been rendered.
  useMemo(() => saveCampFromSearch(search), [search]);
  return <Outlet />;
}
