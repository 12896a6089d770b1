// One, two and four children on a 375 px phone (issue 59, item 2): every step of the wizard, with
// its forms empty and then filled, is exactly as wide as the screen (the participant tabs wrap,
// no screen-reader-only text sits outside them), and the photo's error dialog fits with its
// 'Cerrar' in reach; a text file named like a photo is told it is not one.
import { expect, test, type Page } from './test.ts';
import { newParent, threeWeekCamp } from './api.ts';
import { fillAdditional, fillCard, fillParticipant } from './wizard.ts';
import { keepShot } from './shots.ts';

test.use({ viewport: { width: 375, height: 667 } });
// Each test builds a camp of its own, so the workers may share them out.
test.describe.configure({ mode: 'parallel' });

/** The page is exactly as wide as the phone, whatever the step: `scrollWidth` is the viewport's. */
async function expectPhoneWidth(page: Page, name: string) {
  const { width, viewport } = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(viewport, name).toBe(375);
  expect(width, `width of the page on ${name}`).toBe(375);
}

async function next(page: Page, url: RegExp, title: string) {
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('heading', { name: title, level: 2 })).toBeFocused();
}

for (const children of [1, 2, 4]) {
  test(`${children} ${children === 1 ? 'child' : 'children'}: every step fits the phone, empty and filled`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const tag = `W${children}${Date.now()}`;
    const { camp } = await threeWeekCamp(page, tag);
    await newParent(page, `ancho.${tag}@correo.do`);
    await page.goto(`/login?camp=${camp._id}`);
    await expect(page.getByRole('heading', { name: 'Calendario de Inscripción', level: 2 })).toBeVisible();
    await expectPhoneWidth(page, 'calendar, empty');
    // The footer is not fixed on a phone: it would take 48 of its 667 px on every screen.
    expect(await page.getByRole('contentinfo').evaluate((footer) => getComputedStyle(footer).position)).toBe(
      'static',
    );
    const rows = page.locator('.enrolment-rows');
    for (let child = 1; child <= children; child += 1) {
      await rows.getByRole('checkbox', { name: /^Semana 1 / }).check();
      await rows.getByLabel('Categoría de Semana 1').selectOption({ label: 'Infantil (10 a 13 años)' });
      await page.getByRole('button', { name: 'Agregar' }).click();
      await expect(page.getByText(`Participante ${child} agregado: 1 semana.`)).toBeVisible();
    }
    await expectPhoneWidth(page, `calendar with ${children}`);

    await next(page, /\/participantes$/, 'Información de participante(s)');
    await expectPhoneWidth(page, 'participants, empty');
    // Every child's tab on screen, none pushed sideways out of the strip.
    for (let child = 1; child <= children; child += 1) {
      const box = await page
        .getByRole('tab', { name: new RegExp(`^Participante ${child}\\b`) })
        .boundingBox();
      expect(box!.x, `tab ${child}`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `tab ${child}`).toBeLessThanOrEqual(375);
    }
    // A text file named like a photo: the server's reason, in a dialog within the screen.
    await page
      .getByRole('tabpanel', { name: 'Participante 1' })
      .locator('input[type=file]')
      .setInputFiles({ name: 'falsa.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('no soy una foto') });
    const dialog = page.getByRole('dialog', { name: 'Mensaje' });
    await expect(dialog).toContainText('El archivo no es una foto (JPEG, PNG o WebP).');
    const close = dialog.getByRole('button', { name: 'Cerrar' });
    await expect(close).toBeInViewport({ ratio: 1 });
    const frame = await dialog.locator('.modal-content').boundingBox();
    expect(frame!.x).toBeGreaterThanOrEqual(0);
    expect(frame!.x + frame!.width).toBeLessThanOrEqual(375);
    await expectPhoneWidth(page, 'participants, photo refused');
    await keepShot(page, testInfo.outputPath('participantes-foto.png'));
    await close.click();
    await expect(dialog).toHaveCount(0);
    for (let child = 1; child <= children; child += 1)
      await fillParticipant(page, child, `Niño${child}`, child % 2 ? 'Masculino' : 'Femenino');
    await expect(page.getByText('Incompleto')).toHaveCount(0);
    await expectPhoneWidth(page, 'participants, filled');
    await keepShot(page, testInfo.outputPath('participantes.png'));

    await next(page, /\/adicional$/, 'Información adicional');
    await expectPhoneWidth(page, 'additional, empty');
    await fillAdditional(page);
    await expectPhoneWidth(page, 'additional, filled');

    await next(page, /\/pago$/, 'Confirmación y Pago');
    await expectPhoneWidth(page, 'payment, empty');
    await fillCard(page, '4242424242424242');
    await expect(page.getByRole('button', { name: 'Pagar' })).toBeEnabled();
    await expectPhoneWidth(page, 'payment, filled');
    if (children > 1) return;

    // Paid, then Back three times: each lands on a page the parent can use, never 'Cargando…' for good.
    await page.getByRole('button', { name: 'Pagar' }).click();
    await expect(page.getByRole('heading', { name: '¡Gracias por su inscripción!', level: 1 })).toBeVisible();
    await expectPhoneWidth(page, 'thank-you page');
    for (let back = 1; back <= 3; back += 1) {
      await page.goBack();
      await expect(page.getByText('Cargando…')).toHaveCount(0, { timeout: 5_000 });
      await expect(page.getByRole('heading', { level: 2 }).first(), `after Back ×${back}`).toBeVisible();
      await expect(page.getByRole('button').first(), `after Back ×${back}`).toBeEnabled();
      testInfo.annotations.push({ type: `Back ×${back}`, description: page.url() });
    }
  });
}
