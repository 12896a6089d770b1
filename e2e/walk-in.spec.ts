// A family at the counter (issue 54): staff enrol a walk-in family paid in cash and one 'pendiente
// de pago' from 'Nueva inscripción', at a desk and on a phone; the money shows in the dashboard,
// the order's payments and ledger, Cuentas por cobrar and the exports.
import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { adminSession, api, E2E_ADMIN } from './api.ts';
import { keepShot } from './shots.ts';
import { expectAccessible } from './a11y.ts';
import { FIXTURE_PNG_BASE64 } from '../src/core/checkout/fixtures.ts';
import { santoDomingoDay } from '../src/domain/days.ts';
import { formatDop } from '../src/domain/pricing.ts';

const WEEK_VALUE = /^Semana 6 \(/;

/** Fills 'Nueva inscripción' for one child in the summer camp's sixth week, paid as `method` says. */
async function fillWalkIn(page: Page, email: string, child: string, photo: string) {
  await page.getByRole('button', { name: 'Nueva inscripción' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva inscripción' });
  await dialog.getByLabel('Correo de la cuenta de la familia *').fill(email);
  await dialog.getByLabel('Programa *').selectOption({ label: 'Campamento de Verano 2027' });
  await dialog.getByLabel('Categoría *').selectOption({ label: 'Infantil (10 a 13 años)' });
  await dialog.getByRole('checkbox', { name: WEEK_VALUE }).check();
  const fields: Array<[string, string]> = [
    ['Nombre *', child],
    ['Apellido *', 'Peña'],
    ['Fecha de nacimiento *', '15/03/2016'],
    ['Peso (lbs) *', '80'],
    ['Estatura (pies y pulgadas) *', '4\'8"'],
    ['Colegio *', 'Colegio Babeque'],
    ['Alimentos prohibidos *', 'Ninguno'],
    ['Alergias *', 'Ninguna'],
    ['Medicamentos prohibidos *', 'Ninguno'],
    ['Restricciones de actividades *', 'Ninguna'],
  ];
  for (const [label, value] of fields) await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByLabel('Sexo *').selectOption('Masculino');
  await dialog.getByLabel('Talla de camiseta *').selectOption('M');
  await dialog.getByLabel('Foto *').setInputFiles(photo);
  await expect(dialog.getByText('Foto subida.')).toBeVisible();
  const contact: Array<[string, string]> = [
    ['Nombre de la madre', 'Lucía Peña'],
    ['Teléfono de la madre', '809-555-0301'],
    ['Cédula de la madre', '001-1234567-3'],
    ['Dirección familiar *', 'Calle El Sol 12, Santiago'],
    ['Contacto de emergencia: Nombre *', 'Rosa'],
    ['Contacto de emergencia: Apellido *', 'Peña'],
    ['Teléfono celular *', '829-555-0302'],
    ['Nombre de la persona autorizada 1 *', 'Rosa Peña'],
    ['Cédula de la persona autorizada 1 *', '001-1111111-8'],
  ];
  for (const [label, value] of contact) await dialog.getByLabel(label, { exact: true }).fill(value);
  const terms = dialog.getByLabel('La familia aceptó los términos y condiciones *');
  await terms.check();
  return dialog;
}

test('staff enrol a walk-in family paid in cash and one pendiente de pago; the money shows everywhere', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const width = testInfo.project.name;
  const stamp = Date.now();
  const photo = testInfo.outputPath('foto.png');
  await fs.writeFile(photo, Buffer.from(FIXTURE_PNG_BASE64, 'base64'));
  const admin = (await api(page, 'POST', '/usuarios/login', undefined, E2E_ADMIN)).result.token as string;
  const collected = async () => (await api(page, 'GET', '/dashboard', admin)).data.money.collected as number;
  const before = await collected();

  await adminSession(page);
  await page.goto('/admin/inscripciones');
  await expect(page.getByRole('heading', { name: 'Inscripciones' })).toBeVisible();
  await keepShot(page, testInfo.outputPath(`walk-in-0-list-${width}.png`));

  // Cash at the counter: the price first, then the order.
  const cash = await fillWalkIn(page, `efectivo.${stamp}@correo.do`, 'Mateo', photo);
  await cash.getByRole('radio', { name: 'Efectivo' }).check();
  await cash.getByLabel('Nota (recibo manual, quién llamó…)').fill('Recibo manual 0457');
  await cash.getByRole('button', { name: 'Calcular precio' }).click();
  const total = cash.getByRole('status').filter({ hasText: 'Total a cobrar' });
  await expect(total).toBeVisible();
  const amount = Number((await total.locator('strong').innerText()).replace(/\D/g, ''));
  expect(amount).toBeGreaterThan(0);
  await expectAccessible(page, "admin: 'Nueva inscripción'");
  await keepShot(page, testInfo.outputPath(`walk-in-1-dialog-${width}.png`), true);
  await cash.getByRole('button', { name: 'Registrar inscripción' }).click();
  const done = page.getByRole('alert').filter({ hasText: /Inscripción registrada: orden \d+/ });
  await expect(done).toBeVisible();
  const cashOrder = /orden (\d+)/.exec(await done.innerText())![1]!;
  await expect(cash).toBeHidden();

  // 'Pendiente de pago' until a week from today.
  const due = santoDomingoDay(new Date(Date.now() + 7 * 86_400_000));
  const later = await fillWalkIn(page, `pendiente.${stamp}@correo.do`, 'Sofía', photo);
  await later.getByRole('radio', { name: 'Pendiente de pago' }).check();
  await later.getByLabel('Fecha límite de pago *').fill(due);
  await later.getByRole('button', { name: 'Calcular precio' }).click();
  await expect(
    later.getByRole('status').filter({ hasText: `Total a pagar: ${formatDop(amount)}` }),
  ).toBeVisible();
  await later.getByRole('button', { name: 'Registrar inscripción' }).click();
  const held = page
    .getByRole('alert')
    .filter({ hasText: /Inscripción registrada: orden \d+/ })
    .filter({ hasNotText: `orden ${cashOrder}` });
  await expect(held).toBeVisible();
  const pendingOrder = /orden (\d+)/.exec(await held.innerText())![1]!;
  expect(pendingOrder).not.toBe(cashOrder);

  // The dashboard counts the cash, not what is owed.
  expect(await collected()).toBe(before + amount);
  await page.goto('/admin');
  await keepShot(page, testInfo.outputPath(`walk-in-2-dashboard-${width}.png`), true);

  // The cash order: who took it, its payment with the note, and its ledger.
  await page.goto('/admin/inscripciones');
  await page.getByLabel('Buscar').fill(cashOrder);
  await page.getByRole('link', { name: cashOrder, exact: true }).click();
  await expect(page.getByText('Tomada en la oficina por')).toBeVisible();
  const payments = page.getByRole('region', { name: 'Pagos' });
  await expect(payments.getByText(`Cobrado${formatDop(amount)}`)).toBeVisible();
  await expect(payments.getByText('Registrado por admin@e2e.do')).toBeVisible();
  await expect(payments.getByText('Nota: Recibo manual 0457')).toBeVisible();
  await expectAccessible(page, 'admin: an order taken at the counter');
  await keepShot(page, testInfo.outputPath(`walk-in-3-order-${width}.png`), true);
  await payments.getByRole('link', { name: 'Ver estado de cuenta' }).click();
  await expect(page.getByRole('heading', { name: `Cuenta de la orden ${cashOrder}` })).toBeVisible();
  await expect(page.getByTestId('ledger-balance')).toHaveText(formatDop(0));

  // The unpaid one is owed in Cuentas por cobrar, due that day, and in its Excel.
  await page.goto('/admin/cuentas');
  await page.getByLabel('Buscar').fill(pendingOrder);
  const row = page.getByRole('row').filter({ hasText: `Orden ${pendingOrder}` });
  await expect(row.getByTestId('receivable-balance')).toHaveText(formatDop(amount));
  await keepShot(page, testInfo.outputPath(`walk-in-4-cuentas-${width}.png`), true);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar Excel' }).click(),
  ]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await fs.readFile(await download.path())) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Cuentas por cobrar')!;
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  const mine = sheet.getRows(2, sheet.rowCount - 1)!.find((line) => line.getCell(1).value === pendingOrder)!;
  expect(mine.getCell(header.indexOf('Saldo (DOP)')).value).toBe(amount);
  expect(mine.getCell(header.indexOf('Pagado (DOP)')).value).toBe(0);

  // The enrolments' export: the cash order collected its amount, the unpaid one nothing.
  const csv = await page.request.get(`/api/inscripciones/export?format=csv&hoja=pedidos`, {
    headers: { 'x-account-id': 'escuela-baloncesto', authorization: `Bearer ${admin}` },
  });
  expect(csv.status()).toBe(200);
  const orders = parse<Record<string, string>>(await csv.text(), {
    bom: true,
    delimiter: ';',
    columns: true,
  });
  const collectedOf = (order: string) =>
    orders.find((record) => record['Orden'] === order)?.['Cobrado (DOP)'];
  expect(collectedOf(cashOrder)).toBe(String(amount));
  expect(collectedOf(pendingOrder)).toBe('0');
});
