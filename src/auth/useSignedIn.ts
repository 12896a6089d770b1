// What every successful sign-in or registration does (spec 01 §4): store the session, optionally
// say so in a toast, and go to the enrolment at '/'.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify } from '../lib/toasts.tsx';
import type { AccountSession } from '../api/accounts.ts';
import { useAppDispatch } from '../lib/hooks.ts';
import { loginUser } from './authSlice.ts';

export function useSignedIn() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(
    (session: AccountSession, successToast?: string) => {
      dispatch(loginUser(session.token, session.userId));
      if (successToast) notify.success(successToast);
      void navigate('/', { replace: true });
    },
    [dispatch, navigate],
  );
}
