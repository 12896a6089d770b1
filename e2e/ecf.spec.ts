import fs from 'node:fs/promises';
import { expect, testWithOwnServer } from './test.ts';
import { adminSession, api, demoSummerCart, E2E_ADMIN, newParent, payAs } from './api.ts';
import { pdfQrText, pdfText } from './pdf.ts';
import { expectAccessible } from './a11y.ts';
import { keepShot } from './shots.ts';
import { enrolmentRequest } from '../src/core/checkout/fixtures.ts';

// Electronic fiscal receipts on the real server (issue 22), with a test certificate and DGII's
// stand-in: the office adds an e-NCF range, a parent pays and downloads the receipt from the
// profile; the PDF shows the e-NCF and the security code, and its QR code reads as DGII's check of
// that document; the office sends the queue to DGII and sees the receipt 'Aceptado'.
const test = testWithOwnServer(7, { E2E_ECF: '1' });

test('a parent downloads an e-CF whose QR code reads as DGII’s check, and the office sees it accepted', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
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
  const paid = await payAs(
    page,
    parent.token,
    enrolmentRequest(await demoSummerCart(page, parent.token), [[1]]),
  );
  expect(paid.status()).toBe(201);
  const { orderId } = (await paid.json()).result as { orderId: string };

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
  await staffContext.close();
});
