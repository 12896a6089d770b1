// Fiscal receipts from the staff's side (issue 18), on the real server: the 'Comprobantes fiscales'
// screen, an order paid with an invoice request gets a B01 staff download from its detail, and
// cancelling it gives the family the B04 in its profile. Desk work (the admin screens' layout at
// 375 px is checked by e2e/accessibility.spec.ts).
import fs from 'node:fs/promises';
import { expect, test } from './test.ts';
import { expectAccessible } from './a11y.ts';
import { adminSession, api, demoSummerCart, E2E_ADMIN, newParent, payAs } from './api.ts';
import { pdfText } from './pdf.ts';
import { enrolmentRequest } from '../src/core/checkout/fixtures.ts';
import { formatDop } from '../src/domain/pricing.ts';
import { keepShot } from './shots.ts';

test('staff see the NCF ranges, download a B01 from the order, and its cancellation gives the family a B04', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const admin = (await api(page, 'POST', '/usuarios/login', undefined, E2E_ADMIN)).result.token as string;
  const parent = await newParent(page, `factura.${Date.now()}.${testInfo.project.name}@correo.do`);
  const paid = await payAs(page, parent.token, {
    ...enrolmentRequest(await demoSummerCart(page, parent.token), [[1]]),
    comprobantefiscal: true,
    rnc: '1-01-23456-3',
    rnc_nombre: 'Inversiones Caribe SRL',
  });
  expect(paid.status()).toBe(201);
  const { orderId } = (await paid.json()).result as { orderId: string };
  const orders = await api(page, 'GET', `/inscripciones/lista?q=${orderId}`, admin);
  const order = orders.data.find((listed: { order_number: string }) => listed.order_number === orderId) as {
    _id: string;
    amount: number;
  };

  const staffContext = await browser.newContext({
    viewport: page.viewportSize() ?? { width: 1280, height: 800 },
    baseURL,
  });
  const staff = await staffContext.newPage();
  await adminSession(staff);
  await staff.goto('/admin/comprobantes');
  await expect(staff.getByRole('heading', { name: 'Comprobantes fiscales', level: 1 })).toBeVisible();
  const ranges = staff.getByRole('table', { name: 'Secuencias de NCF' });
  await expect(ranges.getByRole('row', { name: /B0100000001 a B0100000500/ })).toContainText('Vigente');
  // The demo school's data say they are a demo.
  await expect(staff.getByRole('status', { name: 'Avisos de comprobantes fiscales' })).toContainText(
    'son de demostración',
  );
  await expect(staff.getByLabel('RNC', { exact: true })).toHaveValue('1-30-00000-1');
  await expectAccessible(staff, 'admin fiscal receipts');
  await keepShot(staff, testInfo.outputPath('receipts-1-admin.png'), true);

  await staff.goto(`/admin/inscripciones/${order._id}`);
  const download = staff.getByRole('button', { name: /^Factura de crédito fiscal B01\d{8} \(PDF\)$/ });
  await expect(download).toBeVisible();
  const ncf = /B01\d{8}/.exec((await download.textContent())!)![0];
  const [file] = await Promise.all([staff.waitForEvent('download'), download.click()]);
  const text = await pdfText(new Uint8Array(await fs.readFile(await file.path())));
  for (const expected of [
    'Factura de crédito fiscal',
    `NCF: ${ncf}`,
    'RNC del cliente: 1-01-23456-3',
    'Razón social: Inversiones Caribe SRL',
    `Total ${formatDop(order.amount)}`,
  ])
    expect(text).toContain(expected);
  await expectAccessible(staff, 'admin order detail with its receipt');
  await keepShot(staff, testInfo.outputPath('receipts-2-order.png'), true);
  await staffContext.close();

  // Staff cancel it: the family finds the credit note beside the invoice in its profile.
  expect(
    (await api(page, 'POST', `/inscripciones/cancel/${order._id}`, admin, { reason: 'Viaje' })).status,
  ).toBe('SUCCESS');
  await page.goto('/profile');
  const article = page.getByRole('article', { name: `Orden ${orderId}` });
  await expect(article.getByRole('button', { name: `Descargar comprobante (${ncf})` })).toBeVisible();
  const note = article.getByRole('button', { name: /^Descargar nota de crédito \(B04\d{8}\)$/ });
  const [noteFile] = await Promise.all([page.waitForEvent('download'), note.click()]);
  const noteText = await pdfText(new Uint8Array(await fs.readFile(await noteFile.path())));
  expect(noteText).toContain(`NCF modificado: ${ncf}`);
  expect(noteText).toContain(`Total ${formatDop(order.amount)}`);
  await expectAccessible(page, 'profile with receipts');
  await keepShot(page, testInfo.outputPath('receipts-3-profile.png'), true);
});
