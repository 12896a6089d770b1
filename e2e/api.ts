// Direct API calls of the browser tests (arranging data, checking what the server stored), with
// the account header the front end sends.
import type { Page } from '@playwright/test';

export const E2E_ADMIN = { email: 'admin@e2e.do', password: 'clave-e2e-123' } as const;

export async function api(page: Page, method: 'GET' | 'POST', path: string, token?: string, data?: unknown) {
  const res = await page.request.fetch(`/api${path}`, {
    method,
    headers: { 'x-account-id': 'escuela-baloncesto', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(data ? { data } : {}),
  });
  return res.json();
}

/** A new parent account, signed in on the page's next load (its token in localStorage). */
export async function newParent(page: Page, email: string, password = 'clave-e2e-padre') {
  const parent = await api(page, 'POST', '/usuarios/create', undefined, { email, password });
  await page.addInitScript(
    ([token, id]) => {
      if (!localStorage.getItem('token')) {
        localStorage.setItem('token', token);
        localStorage.setItem('userId', id);
      }
    },
    [parent.token, parent._id],
  );
  return { ...parent, email, password } as { token: string; _id: string; email: string; password: string };
}

/** Signs the page's next loads in as the e2e administrator (the admin panel's own session). */
export async function adminSession(page: Page) {
  const admin = await api(page, 'POST', '/usuarios/login', undefined, E2E_ADMIN);
  await page.addInitScript(
    ([token, user]) => {
      localStorage.setItem('gatekeeper_token', token);
      localStorage.setItem('gatekeeper_user', user);
    },
    [admin.result.token, JSON.stringify({ _id: admin.result._id, email: admin.result.email })],
  );
}
