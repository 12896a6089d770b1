import { expect, test } from './test.ts';
import { api, demoCamp, newParent } from './api.ts';
import { enrolTwoChildren, expectConfirmation } from './wizard.ts';

// A parent follows the demo camp's enrolment link, enrols two children in two weeks each with a
// coupon, pays with the sandbox card and sees the confirmation: the whole product, end to end.
test('two children, two weeks each, coupon, card, confirmation', async ({ page }, testInfo) => {
  test.setTimeout(120_000);

  // The enrolment link an administrator copies: /login?camp=<id of the demo summer camp>.
  const { camp } = await demoCamp(page);
  const email = `wizard.${testInfo.project.name}.${Date.now()}@correo.do`;
  const parent = await newParent(page, email, 'clave-wizard');

  // On a desktop the sidebar's brand shows whole: the logo inside the sidebar, the name not cut.
  if (!testInfo.project.use.isMobile) {
    await page.goto(`/login?camp=${camp._id}`);
    const brand = page.locator('.sidebar-brand');
    await expect(brand).toBeVisible();
    const fits = await brand.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const logo = element.querySelector('img')!.getBoundingClientRect();
      const name = element.querySelector<HTMLElement>('.brand-text')!;
      return logo.left >= box.left && name.scrollWidth <= name.clientWidth;
    });
    expect(fits).toBe(true);
  }

  await enrolTwoChildren(page, testInfo, camp._id);
  await expectConfirmation(page, testInfo);

  // Back after paying: a fresh, empty calendar, never the paid wizard stuck on a step.
  await page.goBack();
  await expect(page).toHaveURL(/\/calendario$/);
  await expect(page.getByText('Calendario de Inscripción')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  await expect(page.getByText('Cargando…')).toHaveCount(0);

  // The places went down on the server.
  const weeks = await api(page, 'GET', `/semanas/findbycamp/${camp._id}`, parent.token);
  const week1 = weeks.data.weekData.find((w: { name: string }) => w.name === 'Semana 1');
  expect(week1.quota_f).toBeGreaterThanOrEqual(2);
});
