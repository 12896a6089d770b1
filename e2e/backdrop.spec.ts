// A dialog's backdrop dims the page and lets it show through, also for users who asked for less
// motion: AdminLTE shows every '.fade' element at full opacity for them, which made the backdrop
// solid black (src/app/theme.css).
import crypto from 'node:crypto';
import { expect, test } from './test.ts';
import { api, E2E_ADMIN, newParent } from './api.ts';
import { enrolmentRequest, type DemoCart } from '../src/core/checkout/fixtures.ts';

for (const reducedMotion of ['reduce', 'no-preference'] as const)
  test(`a dialog's backdrop dims the page to half (${reducedMotion})`, async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one width is enough');
    await page.emulateMedia({ reducedMotion });
    const admin = await api(page, 'POST', '/usuarios/login', undefined, E2E_ADMIN);
    const camps = await api(page, 'GET', '/campamentos/listpop', admin.result.token);
    const summer = camps.data.find((camp: { code: string }) => camp.code === 'CV2027')._id as string;
    const parent = await newParent(page, `fondo.${reducedMotion}.${Date.now()}@correo.do`);
    const [weeks, categories, camp] = await Promise.all([
      api(page, 'GET', `/semanas/findbycamp/${summer}`, parent.token),
      api(page, 'GET', `/categorias/findbycamp/${summer}`, parent.token),
      api(page, 'GET', `/campamentos/findbyid/${summer}`, parent.token),
    ]);
    const cart: DemoCart = { camp: camp.data, weeks: weeks.data.weekData, categories: categories.data };
    const paid = await page.request.post('/api/inscripciones/create', {
      headers: {
        'x-account-id': 'escuela-baloncesto',
        authorization: `Bearer ${parent.token}`,
        'idempotency-key': crypto.randomUUID(),
      },
      data: enrolmentRequest(cart, [[0]]),
    });
    expect(paid.status()).toBe(201);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Cancelar inscripción' }).click();
    await expect(page.getByRole('dialog', { name: 'Cancelar inscripción' })).toBeVisible();
    await expect
      .poll(() => page.locator('.modal-backdrop').evaluate((backdrop) => getComputedStyle(backdrop).opacity))
      .toBe('0.5');
    await page.screenshot({ path: testInfo.outputPath(`backdrop-${reducedMotion}.png`) });
  });
