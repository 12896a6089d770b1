import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test } from './test.ts';
import { expectAccessible } from './a11y.ts';
import { adminSession, demoCartOf, newParent, payAs } from './api.ts';
import { fillCard, oneChildToPayment } from './wizard.ts';
import { keepShot } from './shots.ts';
import { enrolmentRequest } from '../src/core/checkout/fixtures.ts';
import { dueDatesFrom } from '../src/domain/plans.ts';
import { santoDomingoDay } from '../src/domain/days.ts';
import { formatDop } from '../src/domain/pricing.ts';

// Payment plans (issue 20). The demo's 'Pago mensual' is RD$3,900 on the 5th of each month from
// September to June, plus the RD$3,500 membership once; a family joining today pays from this month.
const MONTHLY = { instalments: 10, frequency: 'monthly' as const, first_due: '2026-09-05', due_day: 5 };
const instalmentsFromToday = () => dueDatesFrom(MONTHLY, santoDomingoDay(new Date())).length;

test('a parent enrols on Pago mensual at 375 px, sees the schedule in Mis pagos and pays the next instalment', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a phone journey');
  test.setTimeout(120_000);
  const count = instalmentsFromToday();
  const parent = await newParent(page, `plan.${Date.now()}@correo.do`);
  const annual = await demoCartOf(page, parent.token, 'PA2027');

  await page.goto(`/login?camp=${annual.camp._id}`);
  await expect(page.getByText('Calendario de Inscripción')).toBeVisible();
  await page.getByLabel('Categoría *', { exact: true }).selectOption({ label: 'Infantil (10 a 13 años)' });
  const monthly = page.getByRole('radio', { name: /^Pago mensual/ });
  // Each option says how it is paid before it is chosen.
  await expect(
    page.getByText('Mensual: 10 cuotas, el día 5 de cada mes, desde el 05/09/2026').first(),
  ).toBeVisible();
  await monthly.check();
  await page.getByRole('button', { name: 'Agregar' }).click();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await oneChildToPayment(page, 'Pedro', 'Masculino');

  // The whole schedule before paying: today the membership and the first month, then each month.
  const schedule = page.getByRole('region', { name: 'Plan de pagos' });
  await expect(schedule.getByRole('row')).toHaveCount(1 + 1 + count);
  await expect(schedule.getByTestId('schedule-today')).toHaveText(formatDop(3900 + 3500));
  await expect(schedule.getByTestId('schedule-total')).toHaveText(formatDop(count * 3900 + 3500));
  await expectAccessible(page, 'payment step with a plan');
  await keepShot(page, testInfo.outputPath('plan-1-pago.png'), true);
  // The parent authorises the automatic charges: the consent names the later dates and amounts.
  const consent = schedule.getByRole('checkbox', {
    name: /^Cobro automático \(opcional\)\. Autorizo a la escuela/,
  });
  if (count > 1) {
    await expect(consent).toHaveAccessibleName(new RegExp(`las ${count - 1} cuotas restantes`));
    await consent.check();
  }
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: 'Pagar' }).click();
  await expect(page.getByText('¡Gracias por su inscripción!')).toBeVisible();

  await page.goto('/profile?tab=pagos');
  const ledger = page.getByRole('region', { name: /^Programa Anual 2026-2027 · Orden/ });
  await expect(ledger.getByTestId('ledger-balance')).toHaveText(formatDop((count - 1) * 3900));
  if (count > 1) {
    // The card is kept (brand, last four, expiry) and autopay is on for this program.
    await expect(page.getByTestId('saved-card')).toHaveText(
      'Visa ****4242 (vence 12/2030). Solo el banco guarda los datos de la tarjeta.',
    );
    await expect(ledger.getByTestId('autopay-state')).toHaveText(
      'Cobro automático activo con Visa ****4242.',
    );
  }
  await expect(ledger.getByRole('row').filter({ hasText: 'Pagada' })).toHaveCount(2); // membership + first
  await expect(ledger.getByRole('row').filter({ hasText: 'Pendiente' })).toHaveCount(count - 1);
  await expectAccessible(page, 'profile: Mis pagos');
  await keepShot(page, testInfo.outputPath('plan-2-mis-pagos.png'), true);

  if (count > 1) {
    await ledger.getByRole('button', { name: 'Pagar próxima cuota (RD$3,900)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pagar cuota' });
    // The card kept with the autopay consent is offered first (issue 59); the sandbox asks no CVV.
    await expect(dialog.getByTestId('kept-card')).toHaveText('Visa ****4242 (vence 12/2030)');
    await expectAccessible(page, 'profile: pay an instalment');
    await dialog.getByRole('button', { name: 'Pagar con Visa ****4242' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Pago realizado con éxito.' })).toBeVisible();
    await expect(ledger.getByTestId('ledger-balance')).toHaveText(formatDop((count - 2) * 3900));
    await expect(ledger.getByRole('row').filter({ hasText: 'Pagada' })).toHaveCount(3);
    await expect(
      ledger.getByText(/RD\$3,900 · .* · Tarjeta Visa \*\*\*\*4242 · Autorización \d+ · Aprobado/),
    ).toBeVisible();
  }
});

test('the office records a transfer; the aging report and its Excel show the new balance', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'an office screen');
  const count = instalmentsFromToday();
  const parent = await newParent(page, `transferencia.${Date.now()}@correo.do`);
  const annual = await demoCartOf(page, parent.token, 'PA2027');
  const monthly = annual.weeks.findIndex((week) => week.name === 'Pago mensual');
  const paid = await payAs(page, parent.token, enrolmentRequest(annual, [[monthly]]));
  expect(paid.status()).toBe(201);
  const order = ((await paid.json()) as { result: { orderId: string } }).result.orderId;
  const owed = (count - 1) * 3900;

  await adminSession(page);
  await page.goto('/admin/cuentas');
  await page.getByLabel('Buscar').fill(order);
  const row = page.getByRole('row').filter({ hasText: `Orden ${order}` });
  await expect(row.getByTestId('receivable-balance')).toHaveText(formatDop(owed));
  await expectAccessible(page, 'admin: Cuentas por cobrar');
  await row.getByRole('link', { name: `Orden ${order}` }).click();

  await expect(page.getByRole('heading', { name: `Cuenta de la orden ${order}` })).toBeVisible();
  await page.getByLabel('Forma de pago *').selectOption('transferencia');
  await page.getByLabel('Monto (RD$) *').fill('5000');
  await page.getByLabel('Banco *').fill('Banco Popular');
  await page.getByLabel('Referencia de la transferencia *').fill('TRF-20261125');
  await expectAccessible(page, 'admin: an enrolment’s ledger');
  await keepShot(page, testInfo.outputPath('plan-3-ledger.png'), true);
  await page.getByRole('button', { name: 'Registrar pago' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Pago registrado.' })).toBeVisible();
  await expect(page.getByTestId('ledger-balance')).toHaveText(formatDop(Math.max(owed - 5000, 0)));
  await expect(
    page.getByText(/RD\$5,000 · .* · Transferencia · Banco Popular · Ref\. TRF-20261125 · Registrado/),
  ).toBeVisible();

  await page.getByRole('link', { name: '← Cuentas por cobrar' }).click();
  await page.getByLabel('Buscar').fill(order);
  await expect(row.getByTestId('receivable-balance')).toHaveText(formatDop(owed - 5000));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar Excel' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^cuentas-por-cobrar-todas-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await fs.readFile(await download.path())) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Cuentas por cobrar')!;
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  const mine = sheet.getRows(2, sheet.rowCount - 1)!.find((line) => line.getCell(1).value === order)!;
  expect(mine.getCell(header.indexOf('Saldo (DOP)')).value).toBe(owed - 5000);
  expect(mine.getCell(header.indexOf('Pagado (DOP)')).value).toBe(3900 + 3500 + 5000);
});
