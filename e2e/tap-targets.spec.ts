import { expect, test, type Page } from './test.ts';
import { api, E2E_ADMIN, newParent } from './api.ts';

// Tap targets at 375 px (issue 26): on the sign-in pages and the calendar every field, button and
// link is at least 44 × 44 px, and a checkbox answers a tap on its whole row: its label, what is
// measured, is at least 44 px tall and runs under the box.

/** The targets of the page smaller than 44 px: none is the expectation. */
const smallTargets = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea')]
      .filter((element) => element.offsetParent !== null)
      .map((element) => {
        // A check box or radio is tapped through its label: the element that answers is measured.
        const target =
          element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')
            ? (element.labels?.[0] ?? element)
            : element;
        const box = target.getBoundingClientRect();
        // Off screen (a phone's closed menu): not a target until it is opened.
        if (box.right <= 0 || box.left >= window.innerWidth) return null;
        return {
          what: element.getAttribute('name') ?? element.textContent?.trim() ?? '',
          width: box.width,
          height: box.height,
        };
      })
      .filter((box) => box !== null && (box.width < 44 || box.height < 44)),
  );

for (const path of ['/login', '/register', '/forgot-password']) {
  test(`every tap target of ${path} is at least 44 px`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('button').first()).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
  });
}

test('every tap target of the calendar is at least 44 px', async ({ page }) => {
  const admin = await api(page, 'POST', '/usuarios/login', undefined, E2E_ADMIN);
  const camps = await api(page, 'GET', '/campamentos/listpop', admin.result.token);
  const camp = camps.data.find((c: { code: string }) => c.code === 'CV2027');
  await newParent(page, `toques.${Date.now()}@correo.do`);
  await page.goto(`/login?camp=${camp._id}`);
  await expect(page.getByText('Calendario de Inscripción')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Agregar' })).toBeVisible();
  expect(await smallTargets(page)).toEqual([]);

  // A week's row answers a tap anywhere on it: above the box, and at the far end of its text.
  const week = page.locator('.enrolment-rows').getByRole('checkbox', { name: /^Semana 1 / });
  const row = page.locator(`.enrolment-rows label[for="${await week.getAttribute('id')}"]`);
  const box = (await row.boundingBox())!;
  const checkBox = (await week.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.x).toBeLessThanOrEqual(checkBox.x);
  await row.tap({ position: { x: 4, y: 2 } });
  await expect(week).toBeChecked();
  await row.tap({ position: { x: box.width - 4, y: box.height - 2 } });
  await expect(week).not.toBeChecked();
});
