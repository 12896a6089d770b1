// The camp day at the gate, on a phone (issue 25): an administrator creates a coach, who chooses a
// password through the e-mailed link and signs in to the panel at 375 px: the menu holds the
// rosters and the camp day only. The coach marks a child's arrival, loses the connection, marks
// the departure to an authorised person (kept on the phone), and when the connection is back the
// mark is sent: the office reads both marks. A coach marks only today (issue 53), so the family is
// enrolled in a camp of the test's own whose week runs from two days ago to two days ahead.
import { expect, test } from './test.ts';
import { api, campAroundToday, demoCartOf, E2E_ADMIN, newParent, payAs } from './api.ts';
import { latestMailTo } from './outbox.ts';
import { expectAccessible } from './a11y.ts';
import { keepShot, SCREENSHOTS } from './shots.ts';
import { writeFileSync } from 'node:fs';
import { enrolmentRequest } from '../src/core/checkout/fixtures.ts';
import { santoDomingoDay } from '../src/domain/days.ts';
import { ageOn } from '../src/domain/staff.ts';

test.use({ viewport: { width: 375, height: 667 } });
test('a coach checks two children in, goes offline, checks one out to an authorised person, and the office sees both marks', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = `${Date.now()}`;
  const admin = (await api(page, 'POST', '/usuarios/login', undefined, E2E_ADMIN)).result.token as string;
  // A camp of the test's own, with one week around today; a family with two children in it.
  const campName = `Campamento del día ${tag}`;
  const { weekDates } = await campAroundToday(page, admin, { code: `DIA-${tag}`, name: campName });
  const parent = await newParent(page, `dia.${tag}@correo.do`);
  const cart = await demoCartOf(page, parent.token, `DIA-${tag}`);
  const paid = await payAs(page, parent.token, enrolmentRequest(cart, [[0], [0]], { children: tag }));
  expect(paid.status()).toBe(201);

  const email = `entrenador.${tag}@escuela.do`;
  const created = await api(page, 'POST', '/personal/create', admin, {
    name: 'Luis Entrenador',
    email,
    role: 'entrenador',
  });
  expect(created.status).toBe('SUCCESS');
  // The coach runs the week (all its categories): their lists and day hold that week only.
  const assigned = await api(page, 'POST', '/personal/update', admin, {
    _id: created.data._id,
    weeks: [cart.weeks[0]!._id],
  });
  expect(assigned.status).toBe('SUCCESS');
  const mail = await latestMailTo(email);
  const token = /token=([\w-]+)/.exec(mail)![1]!;
  expect(
    (await api(page, 'POST', '/usuarios/reset', undefined, { token, password: 'clave-del-coach' })).status,
  ).toBe('SUCCESS');

  // A fresh page: not the parent's session.
  await page.context().clearCookies();
  await page.goto('/admin/login');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/admin/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill('clave-del-coach');
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  // A coach's home is the camp day, and its breadcrumb's 'Inicio' leads back to it.
  await expect(page).toHaveURL(/\/admin\/dia$/);
  await expect(page.getByRole('heading', { name: 'Día de campamento', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Inicio' }).first()).toHaveAttribute('href', '/admin/dia');
  await page.getByRole('button', { name: 'Mostrar u ocultar el menú' }).click();
  const menu = page.getByRole('navigation', { name: 'Administración' });
  await expect(menu.getByRole('link')).toHaveText(['Listas', 'Día de campamento', 'Avisos']);
  await menu.getByRole('link', { name: 'Día de campamento' }).click();

  await page.getByLabel('Campamento *').selectOption({ label: campName });
  await page.getByLabel('Semana').selectOption({ value: cart.weeks[0]!._id });
  // The page names the day it marks: today.
  const today = santoDomingoDay(new Date());
  await expect(page.getByText(/^Marcando: \S+ \d{2}\/\d{2}\/\d{4}$/)).toHaveText(
    new RegExp(`${today.split('-').reverse().join('/')}$`),
  );
  const name = `Pedro ${tag} Rodríguez`;
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  const sister = `María ${tag} Rodríguez`;
  for (const child of [name, sister]) {
    await page.getByRole('button', { name: `Llegó ${child}` }).click();
    await expect(page.getByText(`${child}: llegada marcada.`)).toBeVisible();
  }

  // The connection drops at the gate: the departure waits on the phone.
  await page.context().setOffline(true);
  await page.getByRole('button', { name: `Salió ${name}` }).click();
  await page.getByRole('button', { name: 'Rosa Martínez (001-1111111-8)' }).click();
  await expect(page.getByText(/Sin conexión: 1 marca guardada en este teléfono/)).toBeVisible();
  await expect(page.getByText('Salida marcada en este teléfono (sin enviar)')).toBeVisible();
  await keepShot(page, testInfo.outputPath('camp-day-offline.png'));
  await page.context().setOffline(false);
  await expect(
    page.getByText(`${name}: salida marcada, lo recogió Rosa Martínez (001-1111111-8).`),
  ).toBeVisible();
  await expect(page.getByText(/Sin conexión/)).toHaveCount(0);
  await expectAccessible(page, 'camp day');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // The office reads both marks.
  const seen = await api(
    page,
    'GET',
    `/dia?campament=${cart.camp._id}&week=${cart.weeks[0]!._id}&day=${today}`,
    admin,
  );
  const marks = seen.data as Array<{ name: string; arrived_at: string | null; picked_up_by: string }>;
  const child = marks.find((entry) => entry.name === name)!;
  expect(child.arrived_at).not.toBeNull();
  expect(child.picked_up_by).toBe('Rosa Martínez (001-1111111-8)');
  const other = marks.find((entry) => entry.name === sister)!;
  expect(other.arrived_at).not.toBeNull();
  expect(other.picked_up_by).toBe('');

  // The rosters: at 375 px each child a card with every field labelled; printed, a page per week
  // and category with the school, camp, week and category on it, and no page for an empty group.
  await page.getByRole('button', { name: 'Mostrar u ocultar el menú' }).click();
  await menu.getByRole('link', { name: 'Listas' }).click();
  await page.getByLabel('Campamento', { exact: true }).selectOption({ label: campName });
  await page.getByLabel('Semana', { exact: true }).selectOption({ value: cart.weeks[0]!._id });
  // The menu closes as the page opens (a phone); then each child is a card.
  await expect(page.getByRole('button', { name: 'Mostrar u ocultar el menú' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await expect
    .poll(() => page.locator('#admin-drawer').evaluate((drawer) => drawer.getBoundingClientRect().right))
    .toBeLessThanOrEqual(0);
  const row = page.getByRole('row', { name: new RegExp(name) });
  // A card's labels are the columns' (data-label, drawn before each value on a phone).
  await expect(row.locator('td[data-label="Padres"]')).toContainText('Carmen Rodríguez 809-555-1234');
  await expect(row.locator('td[data-label="Edad"]')).toHaveText(
    String(ageOn('15/03/2016', weekDates)), // Pedro's age on the week's first day
  );
  expect(
    await row
      .locator('td[data-label="Padres"]')
      .evaluate((cell) => getComputedStyle(cell, '::before').content),
  ).toBe('"Padres: "');
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await keepShot(page, testInfo.outputPath('roster-phone.png'));
  await page.emulateMedia({ media: 'print' });
  const groups = page.locator('.roster-category:not(.roster-empty)');
  const heads = page.locator('.roster-category:not(.roster-empty) .roster-print-head');
  await expect(heads.first()).toBeVisible();
  expect(await heads.count()).toBe(await groups.count());
  await expect(heads.first()).toContainText(`Escuela de Baloncesto · ${campName} · ${cart.weeks[0]!.name}`);
  await expect(page.locator('.roster-empty').first()).toBeHidden();
  const pdf = await page.pdf({ format: 'A4' });
  if (SCREENSHOTS) writeFileSync(testInfo.outputPath('roster.pdf'), pdf);
  const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  expect(pages).toBe(await groups.count());
});
