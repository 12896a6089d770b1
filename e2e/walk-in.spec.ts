// A family at the counter (issue 54): staff enrol two walk-in siblings in one order paid in cash and
// a family 'pendiente de pago' from 'Nueva inscripción', at a desk and on a phone; the money shows in the dashboard,
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
import { WALK_IN_CONTACT, walkInChild } from '../src/admin/staff/walk-in-testing.ts';

const WEEK_VALUE = /^Semana 6 \(/;

/**
 * Fills 'Nueva inscripción' for `children` (siblings: one order) in the summer camp's sixth week,
 * each child in a group of their own.
 */
async function fillWalkIn(page: Page, email: string, children: readonly string[], photo: string) {
  await page.getByRole('button', { name: 'Nueva inscripción' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva inscripción' });
  await dialog.getByLabel('Correo de la cuenta de la familia *').fill(email);
  await dialog.getByLabel('Programa *').selectOption({ label: 'Campamento de Verano 2027' });
  for (const [index, child] of children.entries()) {
    if (index > 0) await dialog.getByRole('button', { name: 'Agregar otro participante' }).click();
    const group = dialog.getByRole('group', { name: `Participante ${index + 1}` });
    await group.getByLabel('Categoría *').selectOption({ label: 'Infantil (10 a 13 años)' });
    await group.getByRole('checkbox', { name: WEEK_VALUE }).check();
    const fields = walkInChild(child, index === 0 ? '15/03/2016' : '02/09/2014');
    for (const [label, value] of fields) await group.getByLabel(label, { exact: true }).fill(value);
    await group.getByLabel('Sexo *').selectOption(index === 0 ? 'Masculino' : 'Femenino');
    await group.getByLabel('Talla de camiseta *').selectOption('M');
    await group.getByLabel('Foto *').setInputFiles(photo);
    await expect(group.getByText('Foto subida.')).toBeVisible();
  }
  for (const [label, value] of WALK_IN_CONTACT) await dialog.getByLabel(label, { exact: true }).fill(value);
  const terms = dialog.getByLabel('La familia aceptó los términos y condiciones *');
  await terms.check();
  return dialog;
}

test('staff enrol walk-in siblings in one order paid in cash and a family pendiente de pago; the money shows everywhere', async ({
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

  // Two siblings paid in cash at the counter, one order: the price first (the wizard's: 2 × RD$4,700
  // less 5 % for two children), then the order.
  const cash = await fillWalkIn(page, `efectivo.${stamp}@correo.do`, ['Mateo', 'Lía'], photo);
  await cash.getByRole('radio', { name: 'Efectivo' }).check();
  await cash.getByLabel('Nota (recibo manual, quién llamó…)').fill('Recibo manual 0457');
  await cash.getByRole('button', { name: 'Calcular precio' }).click();
  const total = cash.getByRole('status').filter({ hasText: 'Total a cobrar' });
  await expect(total).toHaveText(`Total a cobrar: ${formatDop(8930)} (descuento ${formatDop(470)})`);
  const amount = 8930;
  // Every control of the dialog within the screen, none sideways.
  expect(await cash.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  await expectAccessible(page, "admin: 'Nueva inscripción'");
  await keepShot(page, testInfo.outputPath(`walk-in-1-dialog-${width}.png`), true);
  await cash.getByRole('group', { name: 'Participante 2' }).scrollIntoViewIfNeeded();
  await keepShot(page, testInfo.outputPath(`walk-in-1b-dialog-second-child-${width}.png`), true);
  await cash.getByRole('button', { name: 'Registrar inscripción' }).click();
  const done = page.getByRole('alert').filter({ hasText: /Inscripción registrada: orden \d+/ });
  await expect(done).toBeVisible();
  const cashOrder = /orden (\d+)/.exec(await done.innerText())![1]!;
  await expect(cash).toBeHidden();

  // 'Pendiente de pago' until a week from today, one child: the week's price.
  const due = santoDomingoDay(new Date(Date.now() + 7 * 86_400_000));
  const later = await fillWalkIn(page, `pendiente.${stamp}@correo.do`, ['Sofía'], photo);
  await later.getByRole('radio', { name: 'Pendiente de pago' }).check();
  await later.getByLabel('Fecha límite de pago *').fill(due);
  await later.getByRole('button', { name: 'Calcular precio' }).click();
  const owed = 4700;
  await expect(
    later.getByRole('status').filter({ hasText: `Total a pagar: ${formatDop(owed)}` }),
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
  await expect(row.getByTestId('receivable-balance')).toHaveText(formatDop(owed));
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
  expect(mine.getCell(header.indexOf('Saldo (DOP)')).value).toBe(owed);
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
