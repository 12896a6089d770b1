// Correcting a paid order at the office (issue 54, items 2 and 3), at a desk and on a phone: staff
// find the family in Inscripciones by a phone typed with dashes and without, and by a membership
// code; open the order, add a grandmother to the pick-up list with 'Corregir datos', and the
// coach's gate list has her at once. The family's camp runs around today, so the gate is open.
import { expect, test, type Page } from './test.ts';
import { api, campAroundToday, dayFromToday, demoCartOf, E2E_ADMIN, newParent, payAs } from './api.ts';
import { latestMailTo } from './outbox.ts';
import { expectAccessible } from './a11y.ts';
import { keepShot } from './shots.ts';
import { enrolmentRequest } from '../src/core/checkout/fixtures.ts';

async function signIn(page: Page, email: string, password: string, landing: string) {
  await page.goto('/admin/login');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/admin/login');
  await page.getByLabel(/correo electrónico/i).fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByRole('heading', { name: landing, level: 1 })).toBeVisible();
}

async function openArea(page: Page, label: string) {
  const menu = page.getByRole('button', { name: 'Mostrar u ocultar el menú' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Administración' }).getByRole('link', { name: label }).click();
  await expect(page.getByRole('heading', { name: label, level: 1 })).toBeVisible();
}

const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

test('staff find a family by phone and membership code, add a pick-up person, and the gate has her', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const width = testInfo.project.name;
  const shot = (name: string) => keepShot(page, testInfo.outputPath(`order-data-${name}-${width}.png`), true);
  const tag = `${Date.now()}${width.length}`;
  const admin = (await api(page, 'POST', '/usuarios/login', undefined, E2E_ADMIN)).result.token as string;
  const campName = `Campamento de correcciones ${tag}`;
  // The fixture's request names the second category (ages 10 to 13): the camp has both.
  await campAroundToday(page, admin, { code: `COR-${tag}`, name: campName });

  // A family that gave one pick-up person and the mother's phone 809-555-0301.
  const parent = await newParent(page, `correccion.${tag}@correo.do`);
  const cart = await demoCartOf(page, parent.token, `COR-${tag}`);
  const body = enrolmentRequest(cart, [[0]], { children: tag });
  body.emergencyContact = {
    ...body.emergencyContact,
    mother_phone: '809-555-0301',
    authorized_name_2: '',
    authorized_id_2: '',
  };
  const paid = await payAs(page, parent.token, body);
  expect(paid.status()).toBe(201);
  const result = (await paid.json()).result as { orderId: string; memberships: Array<{ code: string }> };
  const order = String(result.orderId);
  const membership = result.memberships[0]!.code;
  const child = `Pedro ${tag} Rodríguez`;

  // The coach who runs the week, with a password of their own.
  const email = `entrenador.cor.${tag}@escuela.do`;
  const created = await api(page, 'POST', '/personal/create', admin, {
    name: 'Luis Entrenador',
    email,
    role: 'entrenador',
  });
  expect(created.status).toBe('SUCCESS');
  await api(page, 'POST', '/personal/update', admin, { _id: created.data._id, weeks: [cart.weeks[0]!._id] });
  const token = /token=([\w-]+)/.exec(await latestMailTo(email))![1]!;
  await api(page, 'POST', '/usuarios/reset', undefined, { token, password: 'clave-del-coach' });

  // Staff find the family as it calls: the phone with dashes, without, and the membership code.
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password, 'Dashboard');
  await openArea(page, 'Inscripciones');
  const row = page.getByRole('row', { name: new RegExp(`\\b${order}\\b`) });
  for (const typed of ['809-555-0301', '8095550301', membership]) {
    await page.getByLabel('Buscar').fill(typed);
    await expect(row).toBeVisible();
  }
  await shot('1-busqueda');
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: `Inscripción ${order}` })).toBeVisible();

  // 'Corregir datos': the grandmother, with her cédula; a mistyped digit is refused first.
  await page.getByRole('button', { name: 'Corregir datos' }).click();
  const dialog = page.getByRole('dialog', { name: `Corregir datos · Orden ${order}` });
  await dialog.getByLabel('Nombre de la persona autorizada 2').fill('Ana Pérez de Rodríguez');
  await dialog.getByLabel('Cédula de la persona autorizada 2').fill('001-3333333-5');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText(/La cédula escrita no existe/)).toBeVisible();
  await expectAccessible(page, 'admin Corregir datos');
  await keepShot(page, testInfo.outputPath(`order-data-2-dialogo-${width}.png`));
  await dialog.getByLabel('Cédula de la persona autorizada 2').fill('001-3333333-6');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Datos de la inscripción corregidos')).toBeVisible();
  await expect(dialog).toBeHidden();
  const pickup = page.getByRole('region', { name: 'Autorizados a recoger' });
  await expect(pickup.getByText('Ana Pérez de Rodríguez · cédula 001-3333333-6')).toBeVisible();
  await noSidewaysScroll(page);
  await shot('3-detalle');

  // The coach's gate list has her.
  await signIn(page, email, 'clave-del-coach', 'Día de campamento');
  await openArea(page, 'Día de campamento');
  await page.getByLabel('Campamento *').selectOption({ label: campName });
  await page.getByLabel('Semana').selectOption({ value: cart.weeks[0]!._id });
  await page.getByRole('button', { name: `Llegó ${child}` }).click();
  await expect(page.getByText(`${child}: llegada marcada.`)).toBeVisible();
  await page.getByRole('button', { name: `Salió ${child}` }).click();
  await expect(page.getByRole('button', { name: 'Ana Pérez de Rodríguez (001-3333333-6)' })).toBeVisible();
  await noSidewaysScroll(page);
  await shot('4-puerta');

  // The family, in its profile, finds her there and corrects an allergy itself (the camp runs).
  await page.goto('/profile');
  const item = page.getByRole('article', { name: `Orden ${order}` });
  await expect(item.getByText(`hasta el ${dayFromToday(2)}`, { exact: false })).toBeVisible();
  await item.getByRole('button', { name: 'Corregir datos' }).click();
  const own = page.getByRole('dialog', { name: `Corregir datos · Orden ${order}` });
  await expect(own.getByLabel('Nombre de la persona autorizada 2')).toHaveValue('Ana Pérez de Rodríguez');
  await own.getByLabel('Alergias').fill('Maní');
  await expectAccessible(page, 'profile Corregir datos');
  await keepShot(page, testInfo.outputPath(`order-data-5-perfil-${width}.png`));
  await own.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Datos de la inscripción corregidos')).toBeVisible();
  await expect(own).toBeHidden();
  await noSidewaysScroll(page);
  await shot('6-perfil');
});
