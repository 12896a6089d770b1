import { expect, test } from './test.ts';
import { holdScripts, pageErrors } from './first-paint.ts';

// The foundation's smoke test: the real server serves the built app, deep links work, and the
// guards send an anonymous visitor to the sign-in page while keeping the camp of the link.
test('the enrolment link of a camp opens the sign-in page and remembers the camp', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/login?camp=demo-camp-id');
  await expect(page).toHaveURL(/\/login/);
  // The page is a chunk of its own: the camp is stored when it has rendered.
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('CampamentId'))).toBe('demo-camp-id');
  expect(errors).toEqual([]);
});

test('a deep link to a wizard step loads the app and sends an anonymous visitor to sign in', async ({
  page,
}) => {
  const response = await page.goto('/calendario');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/login$/);
});

test('the admin area loads in its own chunk and asks for the admin sign-in', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByRole('heading').first()).toBeVisible();
  const parentScripts = [...scripts];
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText('Admin Panel').first()).toBeVisible();
  // The parents' page never downloaded the admin code.
  const adminOnly = scripts.slice(parentScripts.length).filter((src) => !parentScripts.includes(src));
  expect(adminOnly.length).toBeGreaterThan(0);
});

test('the health check answers with the embedded store', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ status: 'ok', store: 'embedded' });
});

test('the sign-in form shows before the scripts run, and the scripts take it over without drawing it again', async ({
  page,
}) => {
  const errors = pageErrors(page);
  // The scripts are held back: what shows is the page as the server sent it (src/prerender.tsx).
  const release = await holdScripts(page);
  await page.goto('/login?camp=demo-camp-id', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByLabel('Correo electrónico')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Iniciar sesión', exact: true })).toBeVisible();
  await expect(page).toHaveTitle('Iniciar sesión · Escuela de Baloncesto');
  // Until the scripts run, the form cannot be sent (the browser would put the password in the address).
  const submit = page.getByRole('button', { name: 'Iniciar sesión', exact: true });
  await expect(submit).toBeDisabled();
  // A parent who types at once keeps what was typed.
  await page.getByLabel('Correo electrónico').fill('rapida@correo.com');
  // Marked now: hydration keeps the server's elements, a second drawing would replace them.
  await page.getByLabel('Correo electrónico').evaluate((input) => input.setAttribute('data-server', 'yes'));
  release();
  // Taken over: the form answers (its rules run) with what was typed, the camp of the link is stored.
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.locator('#field-password-error')).toHaveText('Obligatorio');
  await expect(page.locator('#field-email-error')).toHaveCount(0);
  await expect(page.getByLabel('Correo electrónico')).toHaveValue('rapida@correo.com');
  await expect(page.getByLabel('Correo electrónico')).toHaveAttribute('data-server', 'yes');
  expect(await page.evaluate(() => localStorage.getItem('CampamentId'))).toBe('demo-camp-id');
  expect(errors).toEqual([]);
});
