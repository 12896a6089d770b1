import { expect, test, type Page } from '@playwright/test';
import { MOCK_CREDENTIALS, demoCampIds } from '../mocks/data.ts';
import { CARD_MESSAGES, SANDBOX_CARDS } from '../src/domain/cards.ts';
import { enrolTwoChildren, expectConfirmation } from './wizard.ts';

// Mock mode as a tester uses it: no API server, MSW answers in the browser (npm run start:mock).
async function signInAsMockParent(page: Page, query = '') {
  await page.goto(`/login${query}`);
  await page.getByLabel('Correo electrónico').fill(MOCK_CREDENTIALS.parent.email);
  await page.getByLabel('Contraseña').fill(MOCK_CREDENTIALS.parent.password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('a tester signs in and enrols two children with a coupon up to the confirmation', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signInAsMockParent(page);
  await enrolTwoChildren(page, testInfo, demoCampIds().summer);
  await expectConfirmation(page, testInfo);
});

test('the declined-card scenario shows the bank refusal and lets the parent try again', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signInAsMockParent(page, '?escenario=tarjeta-rechazada');
  await enrolTwoChildren(page, testInfo, demoCampIds().summer, SANDBOX_CARDS.approved);
  const dialog = page.getByRole('dialog', { name: 'Mensaje' });
  await expect(dialog).toContainText(CARD_MESSAGES.declined);
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page.getByRole('button', { name: 'Pagar' })).toBeEnabled();
});
