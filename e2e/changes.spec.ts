import { expect, test } from './test.ts';
import { expectAccessible } from './a11y.ts';
import { adminSession, api, demoSummerCart, E2E_ADMIN, newParent, payAs } from './api.ts';
import { latestMailTo } from './outbox.ts';
import { enrolmentRequest } from '../src/core/checkout/fixtures.ts';
import { keepShot } from './shots.ts';

// The office's everyday changes (issue 24), at the office's desk on the real server: staff drop one
// week of a two-child order, the dialog shows the new total and the refund before anything is
// done, and the family's e-mail and profile show the new total; staff find 'Sofía' by typing
// 'sofia', and the filtered list survives a reload.

async function orderIdOf(page: Parameters<typeof api>[0], orderNumber: string): Promise<string> {
  const admin = await api(page, 'POST', '/usuarios/login', undefined, E2E_ADMIN);
  const found = await api(page, 'GET', `/inscripciones/lista?q=${orderNumber}`, admin.result.token);
  return found.data[0]._id as string;
}

test('staff drop one week of a two-child order; the family sees the new total', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const shot = (name: string) => keepShot(page, testInfo.outputPath(`${name}.png`), true);
  const parent = await newParent(page, `cambio.${testInfo.project.name}.${Date.now()}@correo.do`);
  // Pedro weeks 1 and 2, María week 1: RD$13,295 (5 % family, 2-week rate on Pedro's).
  const paid = await payAs(
    page,
    parent.token,
    enrolmentRequest(await demoSummerCart(page, parent.token), [[0, 1], [0]]),
  );
  expect(paid.status()).toBe(201);
  const { orderId } = (await paid.json()).result as { orderId: string };
  expect((await paid.json()).result.amountFormat).toBe('RD$13,295');
  const id = await orderIdOf(page, orderId);

  await adminSession(page);
  await page.goto(`/admin/inscripciones/${id}`);
  await expect(page.getByRole('heading', { name: `Inscripción ${orderId}`, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Quitar Semana 2 de Pedro Rodríguez' }).click();
  const dialog = page.getByRole('dialog', { name: 'Quitar semana' });
  await expect(dialog.getByText('Semana 2 de Pedro Rodríguez')).toBeVisible();
  await expect(dialog.getByRole('status')).toContainText('Nuevo total: RD$8,930');
  await expect(dialog.getByRole('status')).toContainText('Se reembolsarán RD$4,365 a su tarjeta.');
  // Nothing is done without a reason.
  await dialog.getByRole('button', { name: 'Confirmar cambio' }).click();
  await expect(dialog.getByText('Escriba el motivo del cambio.')).toBeVisible();
  await expectAccessible(page, 'admin: change dialog');
  await shot('change-1-dialog');
  await dialog.getByLabel('Motivo *').fill('La familia viaja esa semana');
  await dialog.getByRole('button', { name: 'Confirmar cambio' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Inscripción modificada' })).toBeVisible();
  await expect(dialog).toBeHidden();

  const changes = page.getByRole('region', { name: 'Cambios' });
  await expect(changes).toContainText('Se quitó Semana 2 de Pedro Rodríguez');
  await expect(changes).toContainText('RD$13,295 → RD$8,930');
  await expect(page.getByRole('button', { name: 'Quitar Semana 2 de Pedro Rodríguez' })).toHaveCount(0);
  await shot('change-2-detail');

  await expect
    .poll(() => latestMailTo(parent.email), { timeout: 15_000 })
    .toContain('Modificamos la inscripción');
  const mail = await latestMailTo(parent.email);
  expect(mail).toContain('Nuevo total: RD$8,930');
  expect(mail).toContain('Se reembolsarán RD$4,365 a su tarjeta.');

  await page.goto('/profile');
  const order = page.getByRole('article', { name: `Orden ${orderId}` });
  await expect(order.getByText('RD$8,930', { exact: true })).toBeVisible();
  await expect(order.getByRole('list', { name: 'Cambios' })).toContainText(
    'Se quitó Semana 2 de Pedro Rodríguez. Nuevo total: RD$8,930. Se reembolsarán RD$4,365 a su tarjeta.',
  );
  await shot('change-3-profile');

  // The parent moves Pedro's week from the profile: same price, same total.
  await order.getByRole('button', { name: 'Cambiar semanas' }).click();
  const own = page.getByRole('dialog', { name: 'Cambiar semanas' });
  await own.getByLabel('Semana que desea cambiar').selectOption({ label: 'Semana 1 de Pedro Rodríguez' });
  await own
    .getByLabel('Qué desea hacer')
    .selectOption({ label: 'Cambiar a Semana 4 (05/07/2027 - 09/07/2027) · RD$4,700' });
  await expect(own.getByRole('status')).toContainText('Nuevo total: RD$8,930');
  await expect(own.getByRole('status')).toContainText('El total de la inscripción no cambia.');
  await expectAccessible(page, 'profile: change dialog');
  await shot('change-4-parent-dialog');
  await own.getByRole('button', { name: 'Confirmar cambio' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Inscripción modificada' })).toBeVisible();
  await expect(order).toContainText('Semana 4 (05/07/2027 - 09/07/2027)');
  await expect(order.getByRole('list', { name: 'Cambios' })).toContainText(
    'Pedro Rodríguez pasó de Semana 1 a Semana 4',
  );
});

test("staff find 'Sofía' by typing 'sofia', and the filtered list survives a reload", async ({
  page,
}, testInfo) => {
  const surname = `Peña${Date.now() % 100_000}`;
  const parent = await newParent(page, `sofia.${testInfo.project.name}.${Date.now()}@correo.do`);
  const request = enrolmentRequest(await demoSummerCart(page, parent.token), [[2]]);
  request.listParticipants[0] = { ...request.listParticipants[0]!, first_name: 'Sofía', last_name: surname };
  expect((await payAs(page, parent.token, request)).status()).toBe(201);

  await adminSession(page);
  await page.goto('/admin/inscripciones');
  await page.getByLabel('Buscar').fill('sofia');
  const row = page.getByRole('row', { name: new RegExp(`Sofía ${surname}`) });
  await expect(row).toBeVisible();
  await expect(page).toHaveURL(/q=sofia/);
  await page.reload();
  await expect(page.getByLabel('Buscar')).toHaveValue('sofia');
  await expect(row).toBeVisible();
  await keepShot(page, testInfo.outputPath('search-sofia.png'), true);
});
