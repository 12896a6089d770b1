// Route guards (spec 01 §6, DESIGN.md §2.2): logged in = a parent token is stored.
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { selectIsLoggedIn } from '../auth/authSlice.ts';
import { rememberCampFromSearch } from '../auth/campParam.ts';
import { useAppSelector } from '../lib/hooks.ts';
import { Preloader } from '../lib/Preloader.tsx';

/** Login, register, forgot and recover: a signed-in parent goes to the enrolment. */
export function PublicOnlyRoute() {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  return isLoggedIn ? <Navigate to="/" replace /> : <Outlet />;
}

/** Enrolment steps and profile: anonymous visitors go to the login. */
export function PrivateRoute() {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  return isLoggedIn ? <Outlet /> : <Navigate to="/login" replace />;
}

/**
 * /login: public-only, but `?camp=` is stored first, in the same effect and before the
 * redirect, so a signed-in parent following a new enrolment link lands on that camp.
 */
export function LoginRoute() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);

  useEffect(() => {
    rememberCampFromSearch(search);
    if (isLoggedIn) void navigate('/', { replace: true });
  }, [search, isLoggedIn, navigate]);

  return isLoggedIn ? <Preloader /> : <Outlet />;
}
