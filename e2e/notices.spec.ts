// 'Avisos' in the panel (issue 56), on the real server with Meta's WhatsApp stand-in, at both the
// phone's 375 px and the desk's 1280 px: three families enrolled in the summer camp's first week,
// two of them on WhatsApp. The office writes a notice to that week, sees who gets it by channel
// (the family without WhatsApp named), sends it, and sees its delivery: three e-mails, two WhatsApp
// messages delivered, and one family to call, with its phone.
import { expect, testWithOwnServer } from './test.ts';
import { adminSession, demoSummerCart, newParent, payAs } from './api.ts';
import { expectAccessible } from './a11y.ts';
import { keepShot } from './shots.ts';
import { enrolmentRequest } from '../src/core/checkout/fixtures.ts';

// Port offset 3, platform.spec's: the two never run at once in one worker (each own server is a
// worker of its own), and offset 2 is the mock mode's static server.
const test = testWithOwnServer(3, { E2E_WHATSAPP: '1' });

test('the office writes a notice to a week, previews it by channel, sends it and sees its delivery', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = `${Date.now()}`;
  // Three families in week 1: two agreed to WhatsApp at checkout, one did not.
  const parents = [];
  for (const index of [0, 1, 2]) parents.push(await newParent(page, `aviso${index}.${tag}@correo.do`));
  const cart = await demoSummerCart(page, parents[0]!.token);
  for (const [index, phone] of ['809-555-0141', '829-555-0142', null].entries()) {
    const parent = parents[index]!;
    const body = enrolmentRequest(cart, [[0]]);
    const paid = await payAs(
      page,
      parent.token,
      phone ? { ...body, whatsapp: { phone, consent: true } } : body,
    );
    expect(paid.status(), await paid.text()).toBe(201);
  }
  await adminSession(page);
  await page.goto('/admin/avisos');
  await expect(page.getByRole('heading', { name: 'Avisos', level: 1 })).toBeVisible();

  await page.getByLabel('Para').selectOption('week');
  await page.getByLabel(/Campamento/).selectOption({ label: cart.camp.name });
  await page.getByLabel('Semana').selectOption({ label: cart.weeks[0]!.name });
  const text = `Mañana la práctica es en el techado por la lluvia (${tag}).`;
  await page.getByLabel('Texto del aviso').fill(text);
  // Sent at once whatever the hour the suite runs: quiet hours are the API tests'.
  await page.getByLabel(/Urgente/).check();
  await page.getByRole('button', { name: 'Ver destinatarios' }).click();

  const preview = page.getByRole('region', { name: /Destinatarios/ });
  await expect(preview).toContainText('3 familias');
  await expect(preview).toContainText('3 por correo');
  await expect(preview).toContainText('2 por WhatsApp');
  await preview.getByText('1 familia sin WhatsApp (solo correo)').click();
  await expect(preview).toContainText('Sin WhatsApp');
  await keepShot(page, testInfo.outputPath('aviso-vista-previa.png'), true);
  await preview.getByRole('button', { name: 'Enviar aviso' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Aviso enviado' })).toHaveText(
    'Aviso enviado a 3 familias.',
  );

  // Its delivery, as Meta's statuses come back (the list refreshes itself; a reload is quicker).
  const table = page.getByRole('table', { name: 'Avisos enviados' });
  const row = table.getByRole('row', { name: new RegExp(tag) });
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('Entregados: 2', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(row).toContainText('3 de 3');
  await expect(row).toContainText('Fallidos: 0');
  await row.getByRole('button', { name: /1 familia por llamar/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Familias por llamar (1)' });
  await expect(dialog).toContainText(`aviso2.${tag}@correo.do`);
  await expect(dialog.getByRole('link', { name: /Llamar al/ })).toHaveAttribute('href', /^tel:/);
  await expectAccessible(page, 'avisos');
  await keepShot(page, testInfo.outputPath('aviso-por-llamar.png'), true);
  await dialog.getByRole('button', { name: 'Cerrar' }).click();

  // Never wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await keepShot(page, testInfo.outputPath('avisos.png'), true);
});
