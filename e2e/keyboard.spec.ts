import { expect, test, type Locator, type Page } from './test.ts';
import { api, E2E_ADMIN, newParent } from './api.ts';
import { oneChildToPayment } from './wizard.ts';

// A parent who uses only the keyboard (Tab, Space, Enter, letters) completes the calendar step and
// the payment step; focus is always visible, the 'Mensaje' dialog keeps focus inside and gives it
// back. At a desk, where keyboards are (e2e/phone-journey.spec.ts measures the steps' tap targets).

/** What has the focus now, and whether a person can see it (outline or focus ring). */
async function focusState(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { label: 'body', visible: false };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    const label =
      element.getAttribute('aria-label') ||
      (element as HTMLInputElement).labels?.[0]?.textContent?.trim() ||
      element.textContent?.trim() ||
      element.id;
    return { label, visible: outline || ring };
  });
}

/** Presses Tab until `target` has the focus, checking at every stop that the focus is visible. */
async function tabTo(page: Page, target: Locator, maxStops = 60) {
  for (let stop = 0; stop < maxStops; stop += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
    const focus = await focusState(page);
    if (focus.label !== 'body') expect(focus.visible, `focus visible on "${focus.label}"`).toBe(true);
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

async function campLink(page: Page) {
  const admin = await api(page, 'POST', '/usuarios/login', undefined, E2E_ADMIN);
  const camps = await api(page, 'GET', '/campamentos/listpop', admin.result.token);
  return `/login?camp=${camps.data.find((camp: { code: string }) => camp.code === 'CV2027')._id as string}`;
}

test('a parent completes the calendar and payment steps with the keyboard alone', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await newParent(page, `teclado.${testInfo.project.name}.${Date.now()}@correo.do`);
  await page.goto(await campLink(page));
  await expect(page.getByText('Calendario de Inscripción')).toBeVisible();

  // Agregar with nothing chosen: the 'Mensaje' dialog takes the focus, keeps it, and gives it back.
  // Select-all answers the space bar both ways (the calendar starts empty, issue 26).
  const rows = page.locator('.enrolment-rows');
  const all = rows.getByLabel('Seleccionar todas las semanas');
  await expect(all).not.toBeChecked();
  await tabTo(page, all);
  await page.keyboard.press('Space');
  await expect(all).toBeChecked();
  await page.keyboard.press('Space');
  await expect(all).not.toBeChecked();
  const add = page.getByRole('button', { name: 'Agregar' });
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Mensaje' });
  await expect(dialog).toBeVisible();
  for (let press = 0; press < 4; press += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    expect((await focusState(page)).visible).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  // One child in Semana 1, category chosen by typing, added with Enter.
  const week = rows.getByRole('checkbox', { name: /^Semana 1 / });
  await tabTo(page, week);
  await page.keyboard.press('Space');
  await expect(week).toBeChecked();
  const category = rows.getByLabel('Categoría de Semana 1');
  await tabTo(page, category);
  await page.keyboard.type('Infantil');
  await expect(category).toHaveValue(/.+/);
  await expect(category.locator('option:checked')).toHaveText('Infantil (10 a 13 años)');
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Total').first()).toContainText('RD$4,700');
  const next = page.getByRole('button', { name: 'Siguiente' });
  await tabTo(page, next);
  await page.keyboard.press('Enter');

  // The two middle steps are not this test's subject.
  await oneChildToPayment(page, 'Pedro', 'Masculino');

  // Payment: coupon, card, terms and Pagar, from the keyboard.
  await tabTo(page, page.getByLabel('Código de cupón'));
  await page.keyboard.type('verano10');
  await tabTo(page, page.getByRole('button', { name: 'Aplicar' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Cupón aplicado: 10% de descuento de verano (VERANO10)')).toBeVisible();
  await tabTo(page, page.getByLabel('Nombre en la tarjeta *', { exact: true }));
  await page.keyboard.type('Carmen Rodríguez');
  await tabTo(page, page.getByLabel('Número de tarjeta *', { exact: true }));
  await page.keyboard.type('4242424242424242');
  await tabTo(page, page.getByLabel('Vencimiento (MM/AAAA) *', { exact: true }));
  await page.keyboard.type('122030');
  await tabTo(page, page.getByLabel('CVV *', { exact: true }));
  await page.keyboard.type('123');
  const terms = page.getByLabel('Acepto los términos y condiciones *');
  await tabTo(page, terms);
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  const pay = page.getByRole('button', { name: 'Pagar' });
  await expect(pay).toBeEnabled();
  await tabTo(page, pay);
  await page.keyboard.press('Enter');
  await expect(page.getByText('¡Gracias por su inscripción!')).toBeVisible();
  // 4,700 - 10% coupon
  await expect(page.getByText('RD$4,230').first()).toBeVisible();
});
