import { expect, testWithOwnServer, type Page } from './test.ts';
import { AUTHENTICATION_MESSAGES } from '../src/domain/authentication.ts';
import { api, demoCamp, newParent } from './api.ts';
import { enrolTwoChildren, expectConfirmation } from './wizard.ts';
import { expectAccessible } from './a11y.ts';
import { keepShot, keepShotsAtWidths } from './shots.ts';
import { AZUL_TEST_CARDS } from '../server/testing/azul-standin.ts';
import { demoCartOf, payAs } from './api.ts';
import { enrolmentRequest } from '../src/core/checkout/fixtures.ts';
import { formatDop } from '../src/domain/pricing.ts';

// 3-D Secure 2 on a phone (issue 21): the app pays through the AZUL adapter against the AZUL
// stand-in, whose challenge card makes the card's bank ask. The parent first cancels the bank's
// challenge (the places go back and nothing is charged), then pays again, passes the challenge in
// the payment step's frame and reaches the thank-you page; the week counts one order's places.
const test = testWithOwnServer(5, { E2E_AZUL: '1' });

/** The bank's challenge on the page: its title focused, the bank's simulator framed, nothing sideways. */
async function bankChallengeShown(page: Page) {
  const title = page.getByRole('heading', { name: 'Verificación de su banco' });
  await expect(title).toBeFocused();
  const bank = page.frameLocator('iframe[title="Verificación de su banco"]');
  await expect(bank.getByText('Simulador 3D Secure')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  return { title, bank };
}

test('a parent cancels the bank challenge, then passes it and is enrolled, at 375 px', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const { camp } = await demoCamp(page);
  const parent = await newParent(page, `tresds.${Date.now()}@correo.do`);
  const week1Taken = async () => {
    const weeks = await api(page, 'GET', `/semanas/findbycamp/${camp._id}`, parent.token);
    return weeks.data.weekData.find((w: { name: string }) => w.name === 'Semana 1').quota_f as number;
  };
  const before = await week1Taken();

  await enrolTwoChildren(page, testInfo, camp._id, AZUL_TEST_CARDS.challenge.number);
  const { title, bank } = await bankChallengeShown(page);
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
  const { camp } = await demoCamp(page);
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

// Issue 59, item 3: a family on the monthly plan keeps a card the bank always challenges; it pays
// the next instalment from 'Mis pagos' with that kept card, and the bank's step comes as in the
// wizard: the challenge in a frame, then the instalment paid once.
test("a family pays an instalment from 'Mis pagos' with the kept card through the bank's step, at 375 px", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const parent = await newParent(page, `cuota3ds.${Date.now()}@correo.do`);
  const annual = await demoCartOf(page, parent.token, 'PA2027');
  const monthly = annual.weeks.findIndex((week) => week.name === 'Pago mensual');
  const order = {
    ...enrolmentRequest(annual, [[monthly]], { card: AZUL_TEST_CARDS.visa.number }),
    cvv: '872',
  };
  expect((await payAs(page, parent.token, order)).status()).toBe(201);
  const kept = await api(page, 'POST', '/tarjetas', parent.token, {
    cardHolder: 'Carmen Rodríguez',
    cardNumber: AZUL_TEST_CARDS.challenge.number,
    expDate: '12/2030',
    cvv: '999',
  });
  expect(kept.data).toMatchObject({ brand: 'Visa', last4: '0059' });

  await page.goto('/profile?tab=pagos');
  const ledger = page.getByRole('region', { name: /^Programa Anual 2026-2027 · Orden/ });
  const balance = ledger.getByTestId('ledger-balance');
  await expect(balance).not.toHaveText('');
  const before = Number((await balance.innerText()).replace(/\D/g, ''));
  await ledger.getByRole('button', { name: 'Pagar próxima cuota (RD$3,900)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pagar cuota' });
  // What is paid, named: the program, the child, the instalment and its amount; the kept card first.
  const summary = dialog.getByTestId('pay-instalment-summary');
  await expect(summary).toContainText('Programa Anual 2026-2027');
  await expect(summary).toContainText(order.listParticipants[0]!.first_name);
  await expect(summary).toContainText(/Cuota \d+ de \d+, vence el \d{2}\/\d{2}\/\d{4}/);
  await expect(summary).toContainText('RD$3,900');
  await expect(dialog.getByTestId('kept-card')).toHaveText('Visa ****0059 (vence 12/2030)');
  await expect(dialog.getByLabel('Número de tarjeta *')).toHaveCount(0);
  await expectAccessible(page, 'profile: pay an instalment with the kept card');
  await keepShotsAtWidths(page, (width) => testInfo.outputPath(`cuota-1-tarjeta-guardada-${width}.png`));
  await dialog.getByRole('button', { name: 'Usar otra tarjeta' }).click();
  await expect(dialog.getByLabel('Número de tarjeta *')).toBeVisible();
  await keepShotsAtWidths(page, (width) => testInfo.outputPath(`cuota-2-otra-tarjeta-${width}.png`));
  await dialog.getByRole('button', { name: 'Usar la tarjeta guardada (Visa ****0059)' }).click();

  await dialog.getByRole('button', { name: 'Pagar con Visa ****0059' }).click();
  const { bank } = await bankChallengeShown(page);
  await expectAccessible(page, "profile: the bank's step of an instalment");
  await keepShotsAtWidths(page, (width) => testInfo.outputPath(`cuota-3-banco-${width}.png`));
  await bank.getByRole('button', { name: 'Yes' }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'Pago realizado con éxito.' })).toBeVisible({
    timeout: 10_000,
  });
  await expect(dialog).toHaveCount(0);
  await expect(balance).toHaveText(formatDop(before - 3900));
  await expect(
    ledger.getByText(/RD\$3,900 · .* · Tarjeta Visa \*\*\*\*0059 · Autorización \w+ · Aprobado/),
  ).toBeVisible();
  await keepShotsAtWidths(page, (width) => testInfo.outputPath(`cuota-4-resultado-${width}.png`));
});
