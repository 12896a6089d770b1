import { expect, testWithOwnServer } from './test.ts';
import { AUTHENTICATION_MESSAGES } from '../src/domain/authentication.ts';
import { api, E2E_ADMIN, newParent } from './api.ts';
import { enrolTwoChildren, expectConfirmation } from './wizard.ts';
import { expectAccessible } from './a11y.ts';
import { keepShot } from './shots.ts';
import { AZUL_TEST_CARDS } from '../server/testing/azul-standin.ts';

// 3-D Secure 2 on a phone (issue 21): the app pays through the AZUL adapter against the AZUL
// stand-in, whose challenge card makes the card's bank ask. The parent first cancels the bank's
// challenge (the places go back and nothing is charged), then pays again, passes the challenge in
// the payment step's frame and reaches the thank-you page; the week counts one order's places.
const test = testWithOwnServer(5, { E2E_AZUL: '1' });

test('a parent cancels the bank challenge, then passes it and is enrolled, at 375 px', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const admin = await api(page, 'POST', '/usuarios/login', undefined, E2E_ADMIN);
  const camps = await api(page, 'GET', '/campamentos/listpop', admin.result.token);
  const camp = camps.data.find((c: { code: string }) => c.code === 'CV2027');
  const parent = await newParent(page, `tresds.${Date.now()}@correo.do`);
  const week1Taken = async () => {
    const weeks = await api(page, 'GET', `/semanas/findbycamp/${camp._id}`, parent.token);
    return weeks.data.weekData.find((w: { name: string }) => w.name === 'Semana 1').quota_f as number;
  };
  const before = await week1Taken();

  await enrolTwoChildren(page, testInfo, camp._id, AZUL_TEST_CARDS.challenge.number);
  const title = page.getByRole('heading', { name: 'Verificación de su banco' });
  await expect(title).toBeFocused();
  const bank = page.frameLocator('iframe[title="Verificación de su banco"]');
  await expect(bank.getByText('Simulador 3D Secure')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await keepShot(page, testInfo.outputPath('3ds-1-challenge.png'), true);
  await expectAccessible(page, '3-D Secure challenge');

  // Closed: nothing charged, the places go back (the cart holds them again), 'Pagar' again.
  await page.getByRole('button', { name: 'Cancelar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(AUTHENTICATION_MESSAGES.cancelled);
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page.getByRole('button', { name: 'Pagar' })).toBeEnabled();

  await page.getByRole('button', { name: 'Pagar' }).click();
  await expect(title).toBeFocused();
  await bank.getByRole('button', { name: 'Yes' }).click();
  await expectConfirmation(page, testInfo);
  // Two children in Semana 1: the paid order's places only, the cancelled one's went back.
  expect(await week1Taken()).toBe(before + 2);
});

test("the bank answers 'Unavailable': the parent reads it within 5 s and may try another card", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const admin = await api(page, 'POST', '/usuarios/login', undefined, E2E_ADMIN);
  const camps = await api(page, 'GET', '/campamentos/listpop', admin.result.token);
  const camp = camps.data.find((c: { code: string }) => c.code === 'CV2027');
  await newParent(page, `tresds.u.${Date.now()}@correo.do`);
  await enrolTwoChildren(page, testInfo, camp._id, AZUL_TEST_CARDS.challenge.number, ['Ana', 'Luis']);
  const bank = page.frameLocator('iframe[title="Verificación de su banco"]');
  await bank.getByRole('button', { name: 'Unavailable' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mensaje' });
  await expect(dialog).toContainText(AUTHENTICATION_MESSAGES.notAuthenticated, { timeout: 5_000 });
  await keepShot(page, testInfo.outputPath('3ds-2-unavailable.png'));
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  // The step is usable again: the card is asked anew and 'Pagar' waits for it.
  await expect(page.getByRole('heading', { name: 'Verificación de su banco' })).toHaveCount(0);
  await expect(page.getByText(AUTHENTICATION_MESSAGES.authenticating)).toHaveCount(0);
  await expect(page.getByLabel('Número de tarjeta *', { exact: true })).toBeVisible();
});
