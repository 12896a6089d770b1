// The enrolment wizard as a parent clicks through it, shared by the tests against the real server
// and against mock mode. Starts on the camp's enrolment link with a signed-in parent.
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { keepShot } from './shots.ts';

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

export async function fill(scope: Page | Locator, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    await scope.getByLabel(label, { exact: true }).fill(value);
  }
}

/** Two children, weeks 1 and 2 each, coupon VERANO10, sandbox card 4242…; ends on /confirmacion. */
/**
 * A new family registers through the pages from a camp's link (the calendar follows, signed in).
 */
export async function registerThroughPages(page: Page, campId: string, email: string, password: string) {
  await page.goto(`/login?camp=${campId}`);
  await page
    .getByRole('link', { name: /Registr/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Registrar una nueva cuenta' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByLabel('Repita la contraseña').fill(password);
  await page.getByRole('button', { name: 'Registrarse', exact: true }).click();
}

/** Ticks weeks on the calendar, each in `category`, and adds them to the cart as one child. */
export async function addWeeks(page: Page, weeks: readonly string[], category: string) {
  const rows = page.locator('.enrolment-rows');
  // Nothing ticked at the start nor after 'Agregar' (issue 26).
  await expect(rows.getByLabel('Seleccionar todas las semanas')).not.toBeChecked();
  for (const week of weeks) {
    await rows.getByRole('checkbox', { name: new RegExp(`^${week} `) }).check();
    await rows.getByLabel(`Categoría de ${week}`).selectOption({ label: category });
  }
  await page.getByRole('button', { name: 'Agregar' }).click();
}

/** The page is exactly as wide as the 375 px phone (issue 59): `scrollWidth` is the viewport's. */
export async function expectPhoneWidth(page: Page, name: string) {
  const { width, viewport } = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(viewport, name).toBe(375);
  expect(width, `width of the page on ${name}`).toBe(375);
}

/** A step opens at its top with its title focused (announced), not where the last one was scrolled. */
async function expectStepTop(page: Page, title: string) {
  await expect(page.getByRole('heading', { name: title, level: 2 })).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

export async function enrolTwoChildren(
  page: Page,
  testInfo: TestInfo,
  campId: string,
  card = '4242424242424242',
  names: readonly [string, string] = ['Pedro', 'María'],
) {
  const shot = async (name: string) => {
    // Every step fits the phone's width: no sideways scrolling.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal scroll on ${name}`).toBeLessThanOrEqual(0);
    await keepShot(page, testInfo.outputPath(`${name}.png`), true);
    await expectAccessible(page, `wizard ${name}`);
  };
  await page.goto(`/login?camp=${campId}`);
  await expect(page.getByText('Calendario de Inscripción')).toBeVisible();
  await expect(page.getByText('Campamento de Verano 2027').first()).toBeVisible();
  await expect(page.getByText('Agotado')).toBeVisible();
  await shot('1-calendario');

  for (let child = 1; child <= 2; child += 1) {
    await addWeeks(page, ['Semana 1', 'Semana 2'], 'Infantil (10 a 13 años)');
  }
  // 18,800 - 5% family (940) - multi-week (200)
  await expect(page.getByLabel('Total').first()).toContainText('RD$17,660');
  await page.getByRole('button', { name: 'Siguiente' }).click();

  await expect(page).toHaveURL(/\/participantes$/);
  await expectStepTop(page, 'Información de participante(s)');
  for (const [index, name] of [
    [1, names[0]],
    [2, names[1]],
  ] as const) {
    await fillParticipant(page, index, name, index === 1 ? 'Masculino' : 'Femenino');
  }
  await shot('2-participantes');
  await page.getByRole('button', { name: 'Siguiente' }).click();

  await expect(page).toHaveURL(/\/adicional$/);
  await expectStepTop(page, 'Información adicional');
  await fillAdditional(page);
  await expect(page.getByLabel('Teléfono de la madre', { exact: true })).toHaveValue('809-555-1234');
  await shot('3-adicional');
  await page.getByRole('button', { name: 'Siguiente' }).click();

  await expect(page).toHaveURL(/\/pago$/);
  await expectStepTop(page, 'Confirmación y Pago');
  await page.getByLabel('Código de cupón').fill('verano10');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText('Cupón aplicado: 10% de descuento de verano (VERANO10)')).toBeVisible();
  await expect(page.getByLabel('Total').first()).toContainText('RD$15,894');
  // A reload keeps the parent on the payment step with everything but the card: the wizard waits
  // for the forms' rules (a chunk of their own) before it decides which step it may show.
  await page.reload();
  await expect(page).toHaveURL(/\/pago$/);
  await expectStepTop(page, 'Confirmación y Pago');
  await expect(page.getByText('Cupón aplicado: 10% de descuento de verano (VERANO10)')).toBeVisible();
  await expect(page.getByLabel('Total').first()).toContainText('RD$15,894');
  await fillCard(page, card);
  await shot('4-pago');
  await page.getByRole('button', { name: 'Pagar' }).click();
}

/** The thank-you page of `enrolTwoChildren`'s order; returns the order number the parent reads there. */
export async function expectConfirmation(page: Page, testInfo: TestInfo): Promise<string> {
  await expect(page).toHaveURL(/\/confirmacion$/);
  await expect(page.getByText('¡Gracias por su inscripción!')).toBeVisible();
  await expect(page.getByText('RD$15,894').first()).toBeVisible();
  await expect(page.getByText('Número de orden')).toBeVisible();
  const order = page
    .locator('dl > div')
    .filter({ has: page.getByText('Número de orden', { exact: true }) })
    .locator('dd');
  await expect(order).toHaveText(/\S/);
  await keepShot(page, testInfo.outputPath('5-confirmacion.png'), true);
  await expectAccessible(page, 'wizard 5-confirmacion');
  return (await order.innerText()).trim();
}

/** Photo and every field of one participant's tab. */
export async function fillParticipant(
  page: Page,
  index: number,
  name: string,
  sex: 'Masculino' | 'Femenino',
) {
  await page.getByRole('tab', { name: `Participante ${index}` }).click();
  const panel = page.getByRole('tabpanel', { name: `Participante ${index}` });
  await panel
    .locator('input[type=file]')
    .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
  await expect(panel.getByAltText(`Foto del participante ${index}`)).toBeVisible();
  await fill(panel, {
    'Nombre *': name,
    'Apellido *': 'Rodríguez',
    'Edad *': '10',
    'Peso (lbs) *': '75',
    'Estatura (pies y pulgadas) *': '4 pies 8 pulgadas',
    'Colegio *': 'Colegio San Judas',
    'Fecha de nacimiento *': '15/03/2016',
    'Alimentos prohibidos *': 'Ninguno',
    'Alergias *': 'Ninguna',
    'Medicamentos prohibidos *': 'Ninguno',
    'Restricciones de actividades *': 'Ninguna',
  });
  await panel.getByLabel('Sexo *', { exact: true }).selectOption(sex);
  await panel.getByLabel('Talla de camiseta *', { exact: true }).selectOption('M');
}

/** The additional-information step: parents, emergency contact, authorised people, source. */
export async function fillAdditional(page: Page) {
  await fill(page, {
    'Nombre de la madre': 'Carmen Rodríguez',
    'Nombre del padre': 'José Rodríguez',
    'Teléfono de la madre': '8095551234',
    'Teléfono del padre': '8295554321',
    'Cédula de la madre': '00112345673',
    'Cédula del padre': '00176543213',
    'Correo electrónico *': 'familia@correo.do',
    'Dirección familiar *': 'Calle El Conde 12, Santo Domingo',
    'Nombre *': 'Rosa',
    'Apellido *': 'Martínez',
    'Teléfono residencial': '8095550000',
    'Teléfono celular *': '8495551111',
    'Teléfono de oficina': '8095552222',
    Comentarios: 'Llamar primero al celular',
    'Nombre de la persona autorizada 1 *': 'Rosa Martínez',
    'Cédula de la persona autorizada 1 *': '00111111118',
    'Nombre de la persona autorizada 2': 'Juan Pérez',
    'Cédula de la persona autorizada 2': '00122222227',
  });
  await page.getByLabel('Forma de contacto preferida *', { exact: true }).selectOption('Celular');
  await page.getByLabel('¿Cómo se enteró de nosotros? *', { exact: true }).selectOption('Instagram');
}

/** From the participants' step to the payment step with one child, each step seen at its address. */
export async function oneChildToPayment(page: Page, name: string, sex: 'Masculino' | 'Femenino') {
  await expect(page).toHaveURL(/\/participantes$/);
  await fillParticipant(page, 1, name, sex);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page).toHaveURL(/\/adicional$/);
  await fillAdditional(page);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page).toHaveURL(/\/pago$/);
}

/** The card form with a sandbox card, and the terms. */
export async function fillCard(page: Page, card: string) {
  await fill(page, {
    'Nombre en la tarjeta *': 'Carmen Rodríguez',
    'Número de tarjeta *': card,
    'Vencimiento (MM/AAAA) *': '122030',
    'CVV *': '123',
  });
  await page.getByLabel('Acepto los términos y condiciones *').check();
}
