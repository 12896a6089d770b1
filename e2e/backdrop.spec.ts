// A dialog's backdrop dims the page and lets it show through, also for users who asked for less
// motion: AdminLTE shows every '.fade' element at full opacity for them, which made the backdrop
// solid black (src/app/theme.css).
import { expect, test } from './test.ts';
import { demoSummerCart, newParent, payAs } from './api.ts';
import { enrolmentRequest } from '../src/core/checkout/fixtures.ts';
import { keepShot } from './shots.ts';

for (const reducedMotion of ['reduce', 'no-preference'] as const)
  test(`a dialog's backdrop dims the page to half (${reducedMotion})`, async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one width is enough');
    await page.emulateMedia({ reducedMotion });
    const parent = await newParent(page, `fondo.${reducedMotion}.${Date.now()}@correo.do`);
    const paid = await payAs(
      page,
      parent.token,
      enrolmentRequest(await demoSummerCart(page, parent.token), [[0]]),
    );
    expect(paid.status()).toBe(201);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Cancelar inscripción' }).click();
    await expect(page.getByRole('dialog', { name: 'Cancelar inscripción' })).toBeVisible();
    await expect
      .poll(() => page.locator('.modal-backdrop').evaluate((backdrop) => getComputedStyle(backdrop).opacity))
      .toBe('0.5');
    await keepShot(page, testInfo.outputPath(`backdrop-${reducedMotion}.png`));
  });
