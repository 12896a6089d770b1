import { expect, test } from './test.ts';

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
