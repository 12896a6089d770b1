// Many schools on one deployment (issue 46), at a desk: an operator signs in to the platform
// console at /plataforma and creates a school on its own host name, without a password; its first
// administrator chooses one through the e-mailed link, on that host, signs in to the panel there
// and enters the school's fiscal data; a family registers on that host, enrols and pays with the
// sandbox card. The deployment's own school shows nothing of it. The camp, its category and week
// are made through the API with the administrator's token (the panel's camp screens have walks of
// their own in e2e/staff.spec.ts). A server of its own, with the platform's operator set.
import { expect, testWithOwnServer, type Page } from './test.ts';
import { expectAccessible } from './a11y.ts';
import { api, E2E_ADMIN } from './api.ts';
import { latestMailTo } from './outbox.ts';
import { keepShot } from './shots.ts';
import { holdScripts, pageErrors } from './first-paint.ts';
import { expectToastShown, recordToasts } from './toasts.ts';
import { addWeeks, fillCard, oneChildToPayment, registerThroughPages } from './wizard.ts';
import { PLATFORM_MESSAGES } from '../src/domain/platform.ts';

const OPERATOR = { email: 'operador@plataforma.test', password: 'clave-de-la-plataforma' };
const test = testWithOwnServer(3, {
  PLATFORM_ADMIN_EMAIL: OPERATOR.email,
  PLATFORM_ADMIN_PASSWORD: OPERATOR.password,
});

const SCHOOL = { id: 'tigres', name: 'Escuela Los Tigres', host: 'tigres.escuelas.test' };
const SCHOOL_ADMIN = { email: 'direccion@tigres.test', password: 'clave-tigres' };

/** The page fits its width: no sideways scroll; checked with axe. */
async function looksRight(page: Page, name: string, path: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `horizontal scroll on ${name}`).toBeLessThanOrEqual(0);
  await expectAccessible(page, name);
  await keepShot(page, path, true);
}

test('an operator creates a school on its own host; its administrator, then a family, work there alone', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const schoolUrl = `http://${SCHOOL.host}:${new URL(baseURL!).port}`;
  await recordToasts(page);

  // The operator signs in at the deployment's own address.
  await page.goto('/plataforma');
  await expect(page).toHaveURL(/\/plataforma\/login$/);
  await page.getByLabel('Correo electrónico').fill(OPERATOR.email);
  await page.getByLabel('Contraseña').fill('otra-clave-cualquiera');
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expectToastShown(page, PLATFORM_MESSAGES.signIn);
  await page.getByLabel('Contraseña').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  const table = page.getByRole('table', { name: 'Escuelas de la plataforma' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Principal');

  // The form: its own checks first, then the school is created without a password.
  await page.getByRole('button', { name: 'Nueva escuela' }).click();
  const form = page.getByRole('form', { name: 'Nueva escuela' });
  for (const [width, label] of [
    [375, 'phone'],
    [1280, 'desk'],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await looksRight(page, `platform new school ${label}`, testInfo.outputPath(`platform-form-${width}.png`));
  }
  await form.getByLabel('Identificador *').fill('Tigres del Este!');
  await form.getByLabel('Direcciones *').fill('tigres.escuelas.test, mal_nombre.do');
  await form.getByRole('button', { name: 'Crear escuela' }).click();
  await expect(form.getByText(PLATFORM_MESSAGES.badId)).toBeVisible();
  await expect(form.getByText(PLATFORM_MESSAGES.badHost('mal_nombre.do'))).toBeVisible();
  await expect(form.getByText('Escriba el nombre de la escuela.')).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await looksRight(
      page,
      `platform new school errors ${width}`,
      testInfo.outputPath(`platform-errors-${width}.png`),
    );
  }
  await form.getByLabel('Identificador *').fill(SCHOOL.id);
  await form.getByLabel('Nombre *').fill(SCHOOL.name);
  await form.getByLabel('Direcciones *').fill(`${SCHOOL.host}\nwww.${SCHOOL.host}`);
  await form.getByLabel('Correo del primer administrador *').fill(SCHOOL_ADMIN.email);
  await form.getByRole('button', { name: 'Crear escuela' }).click();
  await expectToastShown(page, PLATFORM_MESSAGES.created);
  await expect(form).toBeHidden();
  const row = table.getByRole('row').filter({ hasText: SCHOOL.name });
  await expect(row).toContainText(`www.${SCHOOL.host}`);
  await expect(row).toContainText('Activa');
  await expect(row).toContainText('RD$0');

  // The same id again: the server's refusal stands by its field.
  await page.getByRole('button', { name: 'Nueva escuela' }).click();
  await form.getByLabel('Identificador *').fill(SCHOOL.id);
  await form.getByLabel('Nombre *').fill('Otra escuela');
  await form.getByLabel('Direcciones *').fill('otra.escuelas.test');
  await form.getByLabel('Correo del primer administrador *').fill('otra@escuelas.test');
  await form.getByRole('button', { name: 'Crear escuela' }).click();
  await expect(form.getByText(PLATFORM_MESSAGES.idTaken)).toBeVisible();
  await expect(form.getByLabel('Identificador *')).toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('button', { name: 'Cancelar' }).click();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await looksRight(page, `platform schools ${width}`, testInfo.outputPath(`platform-list-${width}.png`));
  }

  // The administrator's invitation: a link on the school's own host.
  const mail = await latestMailTo(SCHOOL_ADMIN.email);
  const link = /(http:\/\/[\w.-]+:\d+\/recover-password\?token=[\w-]+)/.exec(mail)![1]!;
  expect(new URL(link).origin).toBe(schoolUrl);
  const school = await page
    .context()
    .browser()!
    .newPage({ baseURL: schoolUrl, viewport: { width: 1280, height: 800 } });
  await recordToasts(school);
  await school.goto(link);
  await school.getByLabel('Nueva contraseña').fill(SCHOOL_ADMIN.password);
  await school.getByLabel('Confirmar contraseña').fill(SCHOOL_ADMIN.password);
  await school.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(school.getByText('Su contraseña fue cambiada. Ya puede iniciar sesión.')).toBeVisible();

  await school.goto('/admin/login');
  await school.getByLabel('Usuario o correo electrónico').fill(SCHOOL_ADMIN.email);
  await school.getByLabel('Contraseña').fill(SCHOOL_ADMIN.password);
  await school.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(school.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // The operator's session is not the school's: nothing of it on this host.
  expect(await school.evaluate(() => localStorage.getItem('plataforma_session'))).toBeNull();

  // Its fiscal data, on the panel's 'Comprobantes fiscales' screen.
  await school.goto('/admin/comprobantes');
  const fiscal = school.getByRole('form', { name: 'Datos fiscales de la escuela' });
  await fiscal.getByLabel('Nombre o razón social de la escuela').fill('Escuela Los Tigres SRL');
  await fiscal.getByLabel('RNC').fill('1-01-23456-3');
  await fiscal.getByLabel('Dirección').fill('Av. España 10, Santo Domingo Este');
  await fiscal.getByLabel('Teléfono').fill('8095550101');
  await fiscal.getByLabel('Correo de la escuela (respuestas de las familias)').fill('hola@tigres.test');
  await fiscal.getByRole('button', { name: 'Guardar datos fiscales' }).click();
  await expectToastShown(school, 'Datos fiscales guardados');

  // A camp of its own, with a category and a week, through the API as its administrator.
  const admin = (await school.evaluate(() => localStorage.getItem('gatekeeper_token')))!;
  const inTigres = (path: string, data: unknown) => api(page, 'POST', path, admin, data, SCHOOL.id);
  const tag = `${Date.now()}`;
  const campName = `Campamento Tigres ${tag}`;
  const camp = (
    await inTigres('/campamentos/create', {
      code: `TIG-${tag}`,
      name: campName,
      membership: 0,
      start_date: '2027-06-14',
      end_date: '2027-06-18',
    })
  ).data as { _id: string };
  const category = (
    await inTigres('/categorias/create', { campament: camp._id, name: 'Infantil (10 a 13 años)' })
  ).data as { _id: string };
  const week = await inTigres('/semanas/create', {
    campament: camp._id,
    name: 'Semana 1',
    date: '14/06/2027 - 18/06/2027',
    value: 4700,
    quota_q: 10,
    categories: [category._id],
    isChecked: true,
  });
  expect(week.status, JSON.stringify(week)).toBe('SUCCESS');

  // Its name, as its administrators set it in 'Ajustes de la escuela'.
  expect((await inTigres('/ajustes/escuela', { name: SCHOOL.name })).status).toBe('SUCCESS');

  // A family registers on the school's host, enrols a child and pays with the sandbox card.
  const family = await page
    .context()
    .browser()!
    .newPage({ baseURL: schoolUrl, viewport: { width: 1280, height: 800 } });
  await recordToasts(school);
  // The enrolment link's sign-in page comes rendered ahead for this school as for the deployment's:
  // its name and the camp's before any script has run, then taken over with nothing drawn again.
  // Chrome ignores the COOP header on a plain-HTTP host that is not localhost (the test's school
  // host; a school is served over HTTPS): said as an error, about nothing the page does.
  const errors = pageErrors(family, /Cross-Origin-Opener-Policy/);
  const release = await holdScripts(family);
  await family.goto(`/login?camp=${camp._id}`, { waitUntil: 'commit' });
  await expect(family.getByText(SCHOOL.name, { exact: true })).toBeVisible();
  await expect(family.getByText(`Se inscribe en: ${campName}`)).toBeVisible();
  await family.getByLabel('Correo electrónico').evaluate((input) => input.setAttribute('data-server', 'yes'));
  release();
  await expect(family.getByRole('button', { name: 'Iniciar sesión', exact: true })).toBeEnabled();
  await expect(family.getByLabel('Correo electrónico')).toHaveAttribute('data-server', 'yes');
  await expect(family.getByText(SCHOOL.name, { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
  await family.unrouteAll();
  const parentEmail = `familia.${tag}@correo.do`;
  await registerThroughPages(family, camp._id, parentEmail, 'clave-familia');
  await expect(family.getByText(campName).first()).toBeVisible();
  await addWeeks(family, ['Semana 1'], 'Infantil (10 a 13 años)');
  await family.getByRole('button', { name: 'Siguiente' }).click();
  // A name no other order has, to look the order up by (letters only, as the field takes).
  const child = `Pedro ${tag.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)}`;
  await oneChildToPayment(family, child, 'Masculino');
  await fillCard(family, '4242424242424242');
  await family.getByRole('button', { name: 'Pagar' }).click();
  await expect(family.getByText('¡Gracias por su inscripción!')).toBeVisible({ timeout: 20_000 });
  await expect(family.getByText('RD$4,700').first()).toBeVisible();

  // The school's own lists have the order; the deployment's school has neither it nor the camp.
  const own = await api(
    page,
    'GET',
    `/inscripciones/lista?q=${encodeURIComponent(child)}`,
    admin,
    undefined,
    SCHOOL.id,
  );
  expect(own.data).toHaveLength(1);
  const main = (await api(page, 'POST', '/usuarios/login', undefined, E2E_ADMIN)).result.token as string;
  const mainOrders = await api(page, 'GET', `/inscripciones/lista?q=${encodeURIComponent(child)}`, main);
  expect(mainOrders.data).toEqual([]);
  const mainCamps = await api(page, 'GET', '/campamentos/listpop', main);
  expect(mainCamps.data.map((listed: { name: string }) => listed.name)).not.toContain(campName);
  expect(mainCamps.data.length).toBeGreaterThan(0);

  // And the operator's list counts the school's family, paid order and income this month.
  await page.reload();
  await expect(row).toContainText('RD$4,700');
  await family.close();
  await school.close();
});
