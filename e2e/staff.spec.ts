import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from './test.ts';
import { expectAccessible } from './a11y.ts';
import { api, E2E_ADMIN, newParent } from './api.ts';
import { closeToasts } from './toasts.ts';
import { enrolTwoChildren, expectConfirmation } from './wizard.ts';
import { keepShot } from './shots.ts';

// A camp day, end to end on the real server: a parent enrols two children; staff find the order by
// a child's name, open it, print the week's roster, download the Excel, cancel the order, and see
// the week's places come back and the cancellation in the audit log.

async function openArea(page: Page, label: string) {
  const menu = page.getByRole('button', { name: 'Mostrar u ocultar el menú' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Administración' }).getByRole('link', { name: label }).click();
  await expect(page.getByRole('heading', { name: label, level: 1 })).toBeVisible();
}

test('staff find an order by a child, print the roster, download the Excel, cancel it', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const shot = (name: string) => keepShot(page, testInfo.outputPath(`${name}.png`), true);
  const child = 'Valentina';
  const admin = await api(page, 'POST', '/usuarios/login', undefined, E2E_ADMIN);
  const camps = await api(page, 'GET', '/campamentos/listpop', admin.result.token);
  const camp = camps.data.find((c: { code: string }) => c.code === 'CV2027');
  const placesOfWeek1 = async () => {
    const weeks = await api(page, 'GET', `/semanas/listpop?campament=${camp._id}`, admin.result.token);
    return weeks.data.find((week: { name: string }) => week.name === 'Semana 1').quota_f as number;
  };

  await newParent(page, `staff.${testInfo.project.name}.${Date.now()}@correo.do`, 'clave-staff');
  await enrolTwoChildren(page, testInfo, camp._id, '4242424242424242', [child, 'Tomás']);
  await expectConfirmation(page, testInfo);
  const takenAfterEnrolment = await placesOfWeek1();

  // Staff sign in and find the order by the child's name.
  await page.goto('/admin/login');
  await page.getByLabel('Usuario o correo electrónico').fill(E2E_ADMIN.email);
  await page.getByLabel('Contraseña').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await openArea(page, 'Inscripciones');
  await page.getByLabel('Buscar').fill(child);
  await expect(page.getByText('1 inscripción · Página 1 de 1')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(`${child} Rodríguez`) });
  await expect(row.getByText('Pagada')).toBeVisible();
  await expectAccessible(page, 'admin Inscripciones');
  await shot('staff-1-inscripciones');
  await row.getByRole('link').click();

  // The order whole.
  await expect(page.getByRole('heading', { name: /^Inscripción / })).toBeVisible();
  await expect(page.getByRole('heading', { name: `${child} Rodríguez` })).toBeVisible();
  const pickup = page.getByRole('region', { name: 'Autorizados a recoger' });
  await expect(pickup.getByText('Rosa Martínez · cédula 001-1111111-8')).toBeVisible();
  await expect(page.getByText('Visa terminada en 4242')).toBeVisible();
  await expectAccessible(page, 'admin Inscripción');
  await shot('staff-2-detalle');
  const detailUrl = page.url();

  // The week's roster, printed to PDF by Chromium.
  await openArea(page, 'Listas');
  await page.getByLabel('Campamento', { exact: true }).selectOption({ label: 'Campamento de Verano 2027' });
  await page.getByLabel('Semana', { exact: true }).selectOption({ label: 'Semana 1' });
  const roster = page.getByRole('region', { name: 'Semana 1' });
  await expect(roster.getByRole('cell', { name: new RegExp(`${child} Rodríguez`) })).toBeVisible();
  await expect(roster.getByText(/Camisetas: .*M × \d+/)).toBeVisible();
  await expectAccessible(page, 'admin Listas');
  await shot('staff-3-listas');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Administración' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  await shot('staff-4-listas-impresion');
  const pdf = await page.pdf({ path: testInfo.outputPath('lista-semana-1.pdf'), format: 'A4' });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await page.emulateMedia({ media: 'screen' });

  // The Excel of that week, opened (a toast from the steps before would sit over the button).
  await closeToasts(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar Excel' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^inscripciones-CV2027-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await fs.readFile(await download.path())) as unknown as ArrayBuffer);
  // One row per child and week in 'Participantes' (issue 24), the child under its header.
  const sheet = workbook.getWorksheet('Participantes')!;
  const column = (sheet.getRow(1).values as unknown[]).indexOf('Participante');
  const names = sheet.getColumn(column).values.map((value) => (typeof value === 'string' ? value : ''));
  expect(names).toContain(`${child} Rodríguez`);

  // Cancel: the places come back.
  await page.goto(detailUrl);
  await page.getByRole('button', { name: 'Cancelar inscripción' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar inscripción' });
  await dialog.getByLabel('Motivo *').fill('La familia se muda');
  // Before confirming, what the family paid and what goes back how (issue 53).
  await expect(dialog.getByText(/^La familia pagó RD\$[\d,]+ con tarjeta\.$/)).toBeVisible();
  await expect(dialog.getByText(/^Al cancelar, se reembolsarán RD\$[\d,]+ a la tarjeta\.$/)).toBeVisible();
  // Checked once the dialog has faded in (mid-fade its colours are not the real ones).
  await expect(page.locator('.modal.show')).toHaveCSS('opacity', '1');
  await expectAccessible(page, 'admin Cancelar inscripción');
  await dialog.getByRole('button', { name: 'Confirmar cancelación' }).click();
  await expect(page.getByText('Inscripción cancelada').first()).toBeVisible();
  await expect(page.getByText('Cancelada', { exact: true }).first()).toBeVisible();
  await shot('staff-5-cancelada');
  expect(await placesOfWeek1()).toBe(takenAfterEnrolment - 2);

  // And the audit log says who did it.
  await openArea(page, 'Auditoría');
  await page.getByLabel('Acción').selectOption({ label: 'Cancelación' });
  await expect(
    page.getByRole('row', { name: /admin@e2e\.do.*Cancelación.*La familia se muda/ }).first(),
  ).toBeVisible();
  await expectAccessible(page, 'admin Auditoría');
  await shot('staff-6-auditoria');
});
