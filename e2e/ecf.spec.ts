import fs from 'node:fs/promises';
import { expect, testWithOwnServer } from './test.ts';
import { adminSession, api, demoSummerCart, E2E_ADMIN, newParent, payAs } from './api.ts';
import { pdfQrText, pdfText } from './pdf.ts';
import { expectAccessible } from './a11y.ts';
import { keepShot } from './shots.ts';
import { enrolTwoChildren, expectConfirmation } from './wizard.ts';
import { enrolmentRequest } from '../src/core/checkout/fixtures.ts';

// Electronic fiscal receipts on the real server (issue 22), with a test certificate and DGII's
// stand-in: the office adds an e-NCF range, a parent pays through the enrolment wizard and
// downloads the receipt from the profile; the PDF shows the e-NCF and the security code, and its
// QR code reads as DGII's check of that document; the office sends the queue to DGII and sees the
// receipt 'Aceptado'. Then DGII rejects a company's E31 for its RNC: the office corrects the RNC
// and DGII accepts it.
const DGII_PORT = 3297;
const test = testWithOwnServer(7, { E2E_ECF: '1', E2E_DGII_PORT: String(DGII_PORT) });

test('a parent downloads an e-CF whose QR code reads as DGII’s check, and the office sees it accepted', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const admin = (await api(page, 'POST', '/usuarios/login', undefined, E2E_ADMIN)).result.token as string;
  expect(
    (
      await api(page, 'POST', '/secuencias-ncf', admin, {
        type: 'E32',
        first: 1,
        last: 1000,
        expires_on: '2027-12-31',
      })
    ).status,
  ).toBe('SUCCESS');
  const parent = await newParent(page, `ecf.${Date.now()}@correo.do`);
  // The parent pays as a parent does: the demo camp's enrolment link, the wizard's four steps and
  // the sandbox card; the order number is the one the thank-you page shows.
  const camps = await api(page, 'GET', '/campamentos/listpop', admin);
  const camp = camps.data.find((c: { code: string }) => c.code === 'CV2027');
  await enrolTwoChildren(page, testInfo, camp._id);
  const orderId = await expectConfirmation(page, testInfo);

  await page.goto('/profile');
  const article = page.getByRole('article', { name: `Orden ${orderId}` });
  const button = article.getByRole('button', { name: 'Descargar comprobante (E320000000001)' });
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const bytes = new Uint8Array(await fs.readFile(await file.path()));
  const text = await pdfText(bytes);
  expect(text).toContain('Factura de Consumo Electrónica');
  expect(text).toContain('e-NCF: E320000000001');
  const code = /Código de Seguridad: (\S{6})/.exec(text)?.[1];
  expect(code).toBeTruthy();
  expect(text).toMatch(/Fecha de Firma Digital: \d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}/);
  const total = /Total RD\$([\d,]+)/.exec(text)![1]!.replace(/,/g, '');
  expect(await pdfQrText(page.context(), bytes)).toBe(
    `https://fc.dgii.gov.do/testecf/consultatimbrefc?rncemisor=130000001&encf=E320000000001&montototal=${total}.00&codigoseguridad=${encodeURIComponent(code!)}`,
  );

  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL });
  const staff = await staffContext.newPage();
  await adminSession(staff);
  await staff.goto('/admin/comprobantes');
  const list = staff.getByRole('table', { name: 'Comprobantes electrónicos' });
  const row = list.getByRole('row', { name: /E320000000001/ });
  await expect(row).toContainText('En cola para DGII');
  await staff.getByRole('button', { name: 'Enviar ahora' }).click();
  await expect(
    staff.getByRole('alert').filter({ hasText: 'Enviados a DGII: 1. Aceptados ahora: 1.' }),
  ).toBeVisible();
  await expect(row).toContainText('Aceptado');
  await expectAccessible(staff, 'admin e-CF list');
  await keepShot(staff, testInfo.outputPath('ecf-1-office.png'), true);

  // DGII rejects the next document for its buyer's RNC; the office corrects it from the list.
  await api(page, 'POST', '/secuencias-ncf', admin, {
    type: 'E31',
    first: 1,
    last: 100,
    expires_on: '2027-12-31',
  });
  await page.request.post(`http://127.0.0.1:${DGII_PORT}/_standin/faults`, {
    data: { reject: 'RNC del comprador no registrado' },
  });
  const company = await payAs(page, parent.token, {
    ...enrolmentRequest(await demoSummerCart(page, parent.token), [[2]], { children: 'Empresa' }),
    comprobantefiscal: true,
    rnc: '1-01-67291-9',
    rnc_nombre: 'Constructora del Sur SRL',
  });
  expect(company.status()).toBe(201);
  await staff.reload();
  const e31 = list.getByRole('row', { name: /E310000000001/ });
  await staff.getByRole('button', { name: 'Enviar ahora' }).click();
  await expect(e31).toContainText('Enviado, esperando a DGII');
  await staff.getByRole('button', { name: 'Enviar ahora' }).click();
  await expect(e31).toContainText('Rechazado');
  await expect(e31).toContainText('RNC del comprador no registrado');
  await e31.getByRole('button', { name: 'Corregir E310000000001' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Corregir E310000000001' });
  await expect(dialog).toContainText('RNC del comprador no registrado');
  await expect(dialog.getByLabel('RNC del comprador')).toHaveValue('1-01-67291-9');
  await dialog.getByLabel('RNC del comprador').fill('131880738');
  await expect(dialog.getByLabel('RNC del comprador')).toHaveValue('1-31-88073-8');
  await dialog.getByLabel('Nombre o razón social').fill('Inversiones Caribe SRL');
  await expectAccessible(staff, 'e-CF correction dialog');
  await keepShot(staff, testInfo.outputPath('ecf-2-correct.png'), true);
  await dialog.getByRole('button', { name: 'Firmar y enviar' }).click();
  await expect(
    staff.getByRole('alert').filter({
      hasText: 'Comprobante E310000000001 firmado de nuevo con los datos corregidos: se enviará a DGII.',
    }),
  ).toBeVisible();
  await expect(e31).toContainText('En cola para DGII');
  await staff.getByRole('button', { name: 'Enviar ahora' }).click();
  await expect(e31).toContainText('Enviado, esperando a DGII');
  await staff.getByRole('button', { name: 'Enviar ahora' }).click();
  await expect(e31).toContainText('Aceptado');
  await staffContext.close();
});
