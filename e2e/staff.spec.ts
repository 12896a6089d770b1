import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from './test.ts';
import { expectAccessible } from './a11y.ts';
import { adminSession, api, demoCamp, E2E_ADMIN, newParent, onePlaceCamp, payAs } from './api.ts';
import { latestMailTo } from './outbox.ts';
import { enrolmentRequest, type DemoCart } from '../src/core/checkout/fixtures.ts';
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
  const { camp, adminToken } = await demoCamp(page);
  const placesOfWeek1 = async () => {
    const weeks = await api(page, 'GET', `/semanas/listpop?campament=${camp._id}`, adminToken);
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

test('staff add a family that phoned to a full week and offer it the next place by hand (issue 54)', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = `${Date.now()}`;
  const { admin, camp, week, categories } = await onePlaceCamp(page, tag);
  // The only place is paid; one family is already waiting from the calendar.
  const first = await api(page, 'POST', '/usuarios/create', undefined, {
    email: `pagada.${tag}@correo.do`,
    password: 'clave-e2e-padre',
  });
  const cart = { camp, weeks: [week], categories } as unknown as DemoCart;
  expect((await payAs(page, first.token, enrolmentRequest(cart, [[0]]))).status()).toBe(201);
  const waiting = await api(page, 'POST', '/usuarios/create', undefined, {
    email: `espera.${tag}@correo.do`,
    password: 'clave-e2e-padre',
  });
  await api(page, 'POST', '/esperas', waiting.token, { week: week._id, child: 'Sofía' });
  // The family that phones has an account (it saw the week full); staff take its call.
  const caller = `llamada.${tag}@correo.do`;
  await api(page, 'POST', '/usuarios/create', undefined, { email: caller, password: 'clave-e2e-padre' });

  await adminSession(page);
  await page.goto('/admin/esperas');
  await expect(page.getByRole('heading', { name: 'Lista de espera', level: 1 })).toBeVisible();
  await page.getByLabel('Campamento').selectOption({ label: `Campamento con reserva ${tag}` });
  await page.getByLabel('Semana').selectOption({ label: 'Semana única' });
  await page.getByLabel('Correo de la cuenta').fill(caller);
  await page.getByLabel('Participante').fill('Mateo');
  await page.getByLabel('Teléfono').fill('809-555-0301');
  await page.getByRole('button', { name: 'Agregar a la lista' }).click();
  await expect(
    page.getByText('Mateo quedó en la lista de espera de Semana única, en la posición 2.'),
  ).toBeVisible();
  await closeToasts(page);
  const table = page.getByRole('table', { name: 'Lista de espera' });
  const mateo = table.getByRole('row', { name: new RegExp(caller.replace(/\./g, '\\.')) });
  await expect(mateo).toContainText('809-555-0301');
  await expect(mateo).toContainText('En espera');

  // Staff give Mateo the next place: he goes first (no place is free yet).
  await mateo.getByRole('button', { name: `Ofrecer cupo a Mateo (${caller})` }).click();
  const dialog = page.getByRole('dialog', { name: 'Ofrecer un cupo de Semana única' });
  await expect(dialog).toContainText('pasa al primer lugar de la lista');
  await expectAccessible(page, 'admin Lista de espera, ofrecer cupo');
  await keepShot(page, testInfo.outputPath('waitlist-office-1-dialog.png'));
  await dialog.getByRole('button', { name: 'Ofrecer cupo' }).click();
  await expect(
    page.getByText(
      'No hay cupos libres en esta semana: Mateo quedó primero en la lista y recibirá el próximo cupo que se libere.',
    ),
  ).toBeVisible();
  await closeToasts(page);
  await expect(table.getByRole('row').nth(1)).toContainText(caller);

  // A place frees (one more place in the week): it is Mateo's, held and e-mailed.
  await api(page, 'POST', '/semanas/update', admin, { _id: week._id, quota_q: 2 });
  await page.reload();
  await page.getByLabel('Campamento').selectOption({ label: `Campamento con reserva ${tag}` });
  await expect(mateo).toContainText('Cupo ofrecido');
  await expect(table.getByRole('row', { name: /espera\./ })).toContainText('En espera');
  const mail = await latestMailTo(caller);
  expect(mail).toContain('Se liberó un cupo en Semana única');
  expect(mail).toContain('Lo reservamos para usted hasta el');
  await expectAccessible(page, 'admin Lista de espera');
  await keepShot(page, testInfo.outputPath('waitlist-office-2-offered-1280.png'), true);
  await page.setViewportSize({ width: 375, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await keepShot(page, testInfo.outputPath('waitlist-office-3-offered-375.png'), true);
});
