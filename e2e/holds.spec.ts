// Place holds and the waiting list on a phone (issue 18), on the real server: a family's cart holds
// the last place of a week with a countdown while another family finds it taken; a family joins
// the waiting list of a full week, a place frees, the offer e-mail's link opens the wizard with the
// week held for it, and it pays.
import { expect, test } from './test.ts';
import { expectAccessible } from './a11y.ts';
import { adminSession, api, newParent, onePlaceCamp, soldOutOnePlaceCamp } from './api.ts';
import fs from 'node:fs/promises';
import { latestMailTo } from './outbox.ts';
import { pdfText, renderPdfPage } from './pdf.ts';
import { formatDop } from '../src/domain/pricing.ts';
import { fillCard, oneChildToPayment } from './wizard.ts';
import { keepShot } from './shots.ts';

test.use({ viewport: { width: 375, height: 667 } });
// Each test builds a camp of its own, so the workers may share them out (the walks are long).
test.describe.configure({ mode: 'parallel' });

test("a family's cart holds the last place with a countdown; another family finds it taken", async ({
  page,
}, testInfo) => {
  const tag = `${Date.now()}`;
  const { camp, week } = await onePlaceCamp(page, tag);
  await newParent(page, `reserva.${tag}@correo.do`);
  await page.goto(`/login?camp=${camp._id}`);
  await expect(page.getByRole('heading', { name: 'Calendario de Inscripción', level: 2 })).toBeVisible();
  const calendar = page.locator('.enrolment-rows');
  await calendar.getByRole('checkbox', { name: /^Semana única / }).check();
  await calendar.getByLabel('Categoría de Semana única').selectOption({ label: 'Infantil (10 a 13 años)' });
  await page.getByRole('button', { name: 'Agregar' }).click();

  const timer = page.getByRole('timer');
  await expect(timer).toHaveText(/^Sus cupos están reservados por 1[45]:\d\d minutos$/);
  await expect(timer).toBeInViewport();
  await expectAccessible(page, 'calendar with a held place');
  await keepShot(page, testInfo.outputPath('hold-1-countdown.png'));

  const other = await newParent(page, `otra.${tag}@correo.do`);
  const listed = await api(page, 'GET', `/semanas/findbycamp/${camp._id}`, other.token);
  const shown = listed.data.weekData.find((row: { _id: string }) => row._id === week._id);
  expect(shown.quota_f_left).toBe(0);
  expect(shown.holds).toBeUndefined();
});

test('a family joins the waiting list of a full week, gets the freed place by e-mail and pays for it', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = `${Date.now()}`;
  // Another family paid the only place.
  const { admin, camp } = await soldOutOnePlaceCamp(page, tag, `primera.${tag}@correo.do`);

  const parent = await newParent(page, `espera.${tag}@correo.do`);
  await page.goto(`/login?camp=${camp._id}`);
  const row = page.locator('.enrolment-rows li').filter({ hasText: 'Semana única' });
  await expect(row.getByText('Agotado')).toBeVisible();
  await row.getByRole('button', { name: 'Unirme a la lista de espera: Semana única' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lista de espera de Semana única' });
  await dialog.getByRole('button', { name: 'Unirme a la lista de espera' }).click();
  await expect(dialog.getByText('Escriba el nombre del participante.')).toBeVisible();
  await dialog.getByLabel('Nombre del participante *').fill('Sofía');
  await dialog.getByRole('button', { name: 'Unirme a la lista de espera' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Listo: está en la lista de espera de Semana única, en la posición 1. Le avisaremos por correo si se libera un cupo.',
  );
  await expectAccessible(page, 'waiting list dialog');
  await keepShot(page, testInfo.outputPath('waitlist-1-joined.png'));
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  // Back on the calendar (issue 26): the row says where the family is in line, no second join.
  await page.reload();
  await expect(row.getByText('Posición 1 en la lista de espera')).toBeVisible();
  await expect(row.getByRole('button', { name: /Unirme a la lista de espera/ })).toHaveCount(0);

  await page.goto('/profile');
  const request = page.getByRole('article', { name: 'Lista de espera de Semana única' });
  await expect(request.getByText('Posición 1 en la lista de espera')).toBeVisible();
  await keepShot(page, testInfo.outputPath('waitlist-2-profile.png'), true);

  // Staff see the line in the admin panel (a session of their own).
  const staffContext = await browser.newContext({ viewport: { width: 375, height: 667 }, baseURL });
  const staff = await staffContext.newPage();
  await adminSession(staff);
  await staff.goto('/admin/esperas');
  await expect(staff.getByRole('heading', { name: 'Lista de espera', level: 1 })).toBeVisible();
  await staff.getByLabel('Campamento').selectOption({ label: `Campamento con reserva ${tag}` });
  const line = staff.getByRole('table', { name: 'Lista de espera' }).getByRole('row').nth(1);
  await expect(line).toContainText(parent.email);
  await expect(line).toContainText('Sofía');
  await expect(line).toContainText('En espera');
  await expectAccessible(staff, 'admin waiting list');
  await keepShot(staff, testInfo.outputPath('waitlist-2b-admin.png'), true);
  await staffContext.close();

  // Staff cancel the paid order: the place frees and is offered to the family by e-mail.
  const orders = await api(page, 'GET', `/inscripciones/lista?campament=${camp._id}`, admin);
  expect(orders.data).toHaveLength(1);
  const [order] = orders.data;
  expect(
    (await api(page, 'POST', `/inscripciones/cancel/${order._id}`, admin, { reason: 'Viaje familiar' }))
      .status,
  ).toBe('SUCCESS');
  await expect.poll(() => latestMailTo(parent.email), { timeout: 15_000 }).toContain('Se liber');
  const mail = await latestMailTo(parent.email);
  expect(mail).toContain('Lo reservamos para usted hasta el');
  const link = /https?:\/\/\S+?\/login\?camp=[0-9a-f]{24}/.exec(mail)![0];
  const { pathname, search } = new URL(link);

  await page.goto(`${pathname}${search}`);
  // The offer on top: the week, the child and until when (issue 26).
  await expect(page.getByText('Semana única (Sofía):')).toBeVisible();
  await expect(page.getByText(/Cupo reservado para usted hasta el \d\d\/\d\d\/\d{4}/)).toBeVisible();
  const rows = page.locator('.enrolment-rows');
  await expect(rows.getByRole('checkbox', { name: /^Semana única / })).toBeChecked();
  // The week runs several categories: the offer asks for one, and once chosen it is in the cart.
  await expect(page.getByText('Elija la categoría de Semana única y se agrega al carrito.')).toBeVisible();
  await rows.getByLabel('Categoría de Semana única').selectOption({ label: 'Infantil (10 a 13 años)' });
  await expect(page.getByText('Participante 1 agregado: 1 semana.', { exact: false })).toBeVisible();
  const openCart = page.getByRole('button', { name: 'Ver carrito' });
  if (await openCart.isVisible()) await openCart.click();
  const cartLine = page.getByRole('list', { name: 'Líneas del carrito' }).getByRole('listitem');
  await expect(cartLine).toHaveCount(1);
  await expect(cartLine).toContainText('Semana única');
  await expect(cartLine).toContainText('Infantil (10 a 13 años)');
  await expect(page.getByRole('timer')).toHaveText(/^Sus cupos están reservados hasta el \d\d\/\d\d\/\d{4}/);
  await expectAccessible(page, 'calendar with the offered place');
  await keepShot(page, testInfo.outputPath('waitlist-3-offer.png'));
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await oneChildToPayment(page, 'Sofía', 'Femenino');
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: 'Pagar' }).click();
  await expect(page).toHaveURL(/\/confirmacion$/);
  await expect(page.getByText('¡Gracias por su inscripción!')).toBeVisible();
  await keepShot(page, testInfo.outputPath('waitlist-4-paid.png'));

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Perfil' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Lista de espera de Semana única' })).toHaveCount(0);

  // The paid order's fiscal receipt, downloaded from the profile: its NCF, the school's RNC and a
  // total equal to the charge; and drawn as a page in the browser.
  const offered = (await api(page, 'GET', `/inscripciones/lista?campament=${camp._id}`, admin)).data.find(
    (listed: { payment_status: string; status: string }) =>
      listed.payment_status === 'paid' && listed.status !== 'cancelled',
  ) as { order_number: string; amount: number };
  const article = page.getByRole('article', { name: `Orden ${offered.order_number}` });
  const receiptButton = article.getByRole('button', { name: /^Descargar comprobante \(B02\d{8}\)$/ });
  const ncf = /B02\d{8}/.exec((await receiptButton.textContent())!)![0];
  const [download] = await Promise.all([page.waitForEvent('download'), receiptButton.click()]);
  expect(download.suggestedFilename()).toBe(`comprobante-${ncf}.pdf`);
  const pdf = new Uint8Array(await fs.readFile(await download.path()));
  const text = await pdfText(pdf);
  for (const expected of [
    'Factura de consumo',
    `NCF: ${ncf}`,
    'RNC: 1-30-00000-1',
    `Orden: ${offered.order_number}`,
    'Sofía',
    `Total ${formatDop(offered.amount)}`,
  ])
    expect(text).toContain(expected);
  const look = await renderPdfPage(page.context(), pdf, testInfo.outputPath('waitlist-5-receipt.png'));
  // A letter page (612 × 792 points) with text on it, not a blank or a black page.
  expect(look).toMatchObject({ width: 612, height: 792 });
  expect(look.inked).toBeGreaterThan(0.005);
  expect(look.inked).toBeLessThan(0.2);
});
