import { expect, test } from './test.ts';
import { expectAccessible } from './a11y.ts';
import { demoSummerCart, newParent, payAs } from './api.ts';
import { latestMailTo } from './outbox.ts';
import { enrolmentRequest } from '../src/core/checkout/fixtures.ts';
import { keepShot } from './shots.ts';

// A family cancels its own enrolment from the profile on a phone (issue 18): the window and the
// refund are shown before anything happens, the order shows as cancelled, and the e-mail says what
// goes back to the card.
test('a parent cancels a paid enrolment from the profile at 375 px', async ({ page }, testInfo) => {
  const parent = await newParent(page, `cancela.${Date.now()}@correo.do`);
  const paid = await payAs(
    page,
    parent.token,
    enrolmentRequest(await demoSummerCart(page, parent.token), [[0, 1]]),
  );
  expect(paid.status()).toBe(201);
  const { orderId, amountFormat } = (await paid.json()).result as { orderId: string; amountFormat: string };

  await page.goto('/profile');
  const order = page.getByRole('article', { name: `Orden ${orderId}` });
  await expect(order.getByText('Puede cancelar hasta el 07/06/2027.')).toBeVisible();
  await order.getByRole('button', { name: 'Cancelar inscripción' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar inscripción' });
  await expect(dialog).toContainText(`¿Desea cancelar la inscripción de la orden ${orderId}`);
  await expect(dialog).toContainText(`Se reembolsarán ${amountFormat} a su tarjeta.`);
  await expectAccessible(page, 'profile: cancel dialog');
  await keepShot(page, testInfo.outputPath('self-cancel-1-dialog.png'));
  await dialog.getByRole('button', { name: 'Sí, cancelar la inscripción' }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'Inscripción cancelada' })).toBeVisible();
  await expect(order.getByText('cancelada', { exact: true })).toBeVisible();
  await expect(order.getByRole('button', { name: 'Cancelar inscripción' })).toHaveCount(0);
  // The refund in sight (issue 26): the sandbox gateway accepted it at once.
  await expect(
    order.getByText(
      `Reembolsado a su tarjeta: ${amountFormat}. Según su banco, puede tardar unos días en reflejarse.`,
    ),
  ).toBeVisible();
  await keepShot(page, testInfo.outputPath('self-cancel-2-done.png'), true);
  // The confirmation e-mail went first; the cancellation's is the newest once written.
  await expect.poll(() => latestMailTo(parent.email), { timeout: 15_000 }).toContain('fue cancelada');
  const mail = await latestMailTo(parent.email);
  expect(mail).toContain(`La inscripción de la orden ${orderId}`);
  expect(mail).toContain(`Solicitamos el reembolso de ${amountFormat}`);
});
