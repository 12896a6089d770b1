// Choosing a program on a phone (issue 59, item 1), against the AZUL stand-in so each card payment
// takes the bank's 3-D Secure challenge. A family signs in without an enrolment link and lands on
// the school's open camps and programs; it picks the summer camp and enrols two children, paying
// through the bank's challenge, then comes back through 'Nueva inscripción' and enrols four in the
// annual program's monthly plan, through the challenge too, its card kept for autopay. The page is
// exactly as wide as the 375 px phone on every screen. An enrolment link still goes straight to its
// camp, and the sign-in and registration pages name it.
import { expect, testWithOwnServer, type Page, type TestInfo } from './test.ts';
import { api, E2E_ADMIN } from './api.ts';
import { addWeeks, expectPhoneWidth, fillAdditional, fillCard, fillParticipant } from './wizard.ts';
import { keepShot, SCREENSHOTS } from './shots.ts';
import { pageErrors } from './first-paint.ts';
import { expectAccessible } from './a11y.ts';
import { AZUL_TEST_CARDS } from '../server/testing/azul-standin.ts';
import { formatDop, priceCart } from '../src/domain/pricing.ts';

// The 3-D Secure walk's server (three-ds.spec.ts): AZUL's stand-in behind the payment port.
const test = testWithOwnServer(5, { E2E_AZUL: '1' });
test.use({ viewport: { width: 375, height: 667 } });

const ANNUAL = 'Programa Anual 2026-2027';
const SUMMER = 'Campamento de Verano 2027';

/** Pictures of a screen at the phone's width and, on request, at a desk's 1280 px. */
async function shots(page: Page, testInfo: TestInfo, name: string) {
  await keepShot(page, testInfo.outputPath(`${name}-375.png`), true);
  if (!SCREENSHOTS) return;
  await page.setViewportSize({ width: 1280, height: 800 });
  await keepShot(page, testInfo.outputPath(`${name}-1280.png`), true);
  await page.setViewportSize({ width: 375, height: 667 });
}

/** The page's errors (a hydration mismatch among them) and its calls for the open list, as they come. */
function watchSignIn(page: Page) {
  const errors = pageErrors(page);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/campamentos/abiertos')) asked.push(request.url());
  });
  return { errors, asked };
}

async function campIds(page: Page) {
  const admin = await api(page, 'POST', '/usuarios/login', undefined, E2E_ADMIN);
  const camps = await api(page, 'GET', '/campamentos/listpop', admin.result.token);
  const id = (code: string) => camps.data.find((camp: { code: string }) => camp.code === code)._id as string;
  return { summer: id('CV2027'), annual: id('PA2027') };
}

async function next(page: Page, url: RegExp, title: string) {
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('heading', { name: title, level: 2 })).toBeFocused();
}

/** A program's card in the list: its price from (whole pesos) as the family reads it. */
async function priceFrom(page: Page, program: string): Promise<number> {
  const text = await page
    .getByRole('article', { name: program })
    .getByText(/^Desde RD\$/)
    .innerText();
  return Number(/RD\$([\d,]+)/.exec(text)![1]!.replace(/,/g, ''));
}

interface Walk {
  program: typeof ANNUAL | typeof SUMMER;
  names: readonly string[];
  /** A card of the AZUL stand-in: the challenge one takes the bank's step. */
  card: string;
}

/** From the list, `program` for `names.length` children, every screen measured; ends on the thank-you page. */
async function enrol(page: Page, testInfo: TestInfo, { program, names, card }: Walk) {
  const tag = `${names.length}`;
  const annual = program === ANNUAL;
  const perChild = await priceFrom(page, program);
  await page.getByRole('article', { name: program }).getByRole('button', { name: 'Inscribirse' }).click();
  await expect(page).toHaveURL(/\/calendario$/);
  await expect(page.getByRole('heading', { name: 'Calendario de Inscripción', level: 2 })).toBeVisible();
  // The calendar names the program picked, and offers the way back to the list.
  const header = page.getByRole('region', { name: 'Calendario de Inscripción' });
  await expect(header.getByText(program)).toBeVisible();
  await expect(header.getByRole('link', { name: 'Cambiar programa' })).toBeVisible();
  await expectPhoneWidth(page, `calendar, ${tag} children, empty`);
  await keepShot(page, testInfo.outputPath(`calendario-${tag}.png`));
  for (const [index] of names.entries()) {
    if (annual) {
      await page
        .getByLabel('Categoría *', { exact: true })
        .selectOption({ label: 'Infantil (10 a 13 años)' });
      await page.getByRole('radio', { name: /^Pago mensual/ }).check();
      await page.getByRole('button', { name: 'Agregar' }).click();
    } else await addWeeks(page, ['Semana 1'], 'Infantil (10 a 13 años)');
    await expect(page.getByText(new RegExp(`^Participante ${index + 1} agregado`))).toBeVisible();
    await expectPhoneWidth(page, `calendar with ${index + 1} of ${tag}`);
  }

  await next(page, /\/participantes$/, 'Información de participante(s)');
  await expectPhoneWidth(page, `participants of ${tag}, empty`);
  for (const [index, name] of names.entries()) {
    await fillParticipant(page, index + 1, name, index % 2 ? 'Femenino' : 'Masculino');
    await expectPhoneWidth(page, `participants of ${tag}, ${index + 1} filled`);
  }
  await expect(page.getByText('Incompleto')).toHaveCount(0);

  await next(page, /\/adicional$/, 'Información adicional');
  await expectPhoneWidth(page, `additional of ${tag}, as opened`);
  await fillAdditional(page);
  await expectPhoneWidth(page, `additional of ${tag}, filled`);

  await next(page, /\/pago$/, 'Confirmación y Pago');
  await expectPhoneWidth(page, `payment of ${tag}, empty`);
  // The list's price, priced for these children by the wizard's rule, is what 'Pagar' charges today.
  const lines = names.map((_, index) => ({ cupo: index + 1, value: annual ? perChild - 3500 : perChild }));
  const today = priceCart({ campType: annual ? 'programaanual' : 'campamento', lines, membershipFee: 3500 });
  if (annual) await expect(page.getByTestId('schedule-today')).toHaveText(formatDop(today.total));
  else await expect(page.getByLabel('Total').first()).toContainText(formatDop(today.total));
  await fillCard(page, card);
  // The monthly plan's card kept for the later instalments (issue 59): AZUL keeps it with the
  // approval the bank's step gave.
  if (annual) await page.getByRole('checkbox', { name: /Cobro automático/ }).check();
  await expectPhoneWidth(page, `payment of ${tag}, filled`);
  await page.getByRole('button', { name: 'Pagar' }).click();

  if (card === AZUL_TEST_CARDS.challenge.number) {
    // The card's bank asks: its challenge in the payment step, within the phone's width.
    await expect(page.getByRole('heading', { name: 'Verificación de su banco' })).toBeFocused();
    const bank = page.frameLocator('iframe[title="Verificación de su banco"]');
    await expect(bank.getByText('Simulador 3D Secure')).toBeVisible();
    await expectPhoneWidth(page, `bank challenge of ${tag}`);
    await bank.getByRole('button', { name: 'Yes' }).click();
  }

  await expect(page).toHaveURL(/\/confirmacion$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: '¡Gracias por su inscripción!', level: 1 })).toBeVisible();
  await expect(page.getByText(formatDop(today.total)).first()).toBeVisible();
  if (annual) {
    // The schedule's later instalments, each child's, to be charged on the kept card.
    const agreement = page.getByRole('region', { name: 'Cobro automático autorizado' });
    await expect(agreement).toContainText('Visa terminada en 0059');
    await expect(agreement.getByRole('row')).toHaveCount(1 + 7 * names.length);
  }
  await expectPhoneWidth(page, `thank-you page of ${tag}`);
  await keepShot(page, testInfo.outputPath(`confirmacion-${tag}.png`), true);
}

test('a family signs in, picks from the list, enrols two children in the camp and then four in the annual program', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const email = `programas.${Date.now()}@correo.do`;
  const password = 'clave-e2e-padre';
  await api(page, 'POST', '/usuarios/create', undefined, { email, password });

  // Signed in without an enrolment link: the school's open camps and programs, not a dead end.
  await page.goto('/login');
  await expect(page.getByText(/Se inscribe en:/)).toHaveCount(0);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page).toHaveURL(/\/programas$/);
  await expect(page.getByRole('heading', { name: 'Elija el programa', level: 1 })).toBeVisible();
  const annual = page.getByRole('article', { name: ANNUAL });
  const summer = page.getByRole('article', { name: SUMMER });
  await expect(annual.getByText('Del 01/09/2026 al 30/06/2027')).toBeVisible();
  await expect(annual.getByText('De 6 a 18 años')).toBeVisible();
  await expect(annual.getByText(/^Quedan \d+ plazas$/)).toBeVisible();
  await expect(summer.getByText('Del 14/06/2027 al 06/08/2027')).toBeVisible();
  await expect(summer.getByText('Desde RD$4,700 por semana')).toBeVisible();
  // The demo's eighth week is sold out.
  await expect(summer.getByText(/^Plazas en 7 de 8 semanas \(hasta \d+ por semana\)$/)).toBeVisible();
  await expectPhoneWidth(page, 'the list of programs');
  await expectAccessible(page, 'list of programs');
  await shots(page, testInfo, 'programas');

  // Two children in the summer camp, paid through the bank's challenge.
  await enrol(page, testInfo, {
    program: SUMMER,
    names: ['Pedro', 'María'],
    card: AZUL_TEST_CARDS.challenge.number,
  });

  // Again, through the menu: the list, with the program just used marked.
  await page.getByRole('button', { name: 'Mostrar u ocultar el menú' }).click();
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Nueva inscripción' })
    .click();
  await expect(page).toHaveURL(/\/programas$/);
  await expect(summer.getByText('Inscripción en curso')).toBeVisible();
  await expect(annual.getByText('Inscripción en curso')).toHaveCount(0);
  await expectPhoneWidth(page, 'the list of programs, again');
  // Four children in the annual program's monthly plan, through the bank's challenge too: the card
  // is kept for autopay with the approval (issue 59).
  await enrol(page, testInfo, {
    program: ANNUAL,
    names: ['Ana', 'Luis', 'Sofía', 'Marco'],
    card: AZUL_TEST_CARDS.challenge.number,
  });
});

test('an enrolment link goes straight to its camp, and the sign-in and registration pages name it', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const { summer } = await campIds(page);
  // The name comes with the page rendered ahead (nothing moves when the scripts run): the page
  // as served holds it, the scripts take it over without a hydration error, and do not ask again.
  const served = await page.request.get(`/login?camp=${summer}`, { headers: { accept: 'text/html' } });
  expect(await served.text()).toContain(`Se inscribe en: <strong>${SUMMER}</strong>`);
  const { errors, asked } = watchSignIn(page);
  await page.goto(`/login?camp=${summer}`);
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByText(/Se inscribe en:/)).toHaveText(`Se inscribe en: ${SUMMER}`);
  // The scripts have taken the page over: its button is enabled only then.
  await expect(page.getByRole('button', { name: 'Iniciar sesión', exact: true })).toBeEnabled();
  expect(errors).toEqual([]);
  expect(asked).toEqual([]);
  await expectPhoneWidth(page, 'login with a link');
  await shots(page, testInfo, 'login-enlace');

  await page
    .getByRole('link', { name: /Registr/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Registrar una nueva cuenta' })).toBeVisible();
  await expect(page.getByText(/Se inscribe en:/)).toHaveText(`Se inscribe en: ${SUMMER}`);
  await expectPhoneWidth(page, 'registration with a link');
  await shots(page, testInfo, 'registro-enlace');
  await page.getByLabel('Correo electrónico').fill(`enlace.${Date.now()}@correo.do`);
  await page.getByLabel('Contraseña', { exact: true }).fill('clave-e2e-padre');
  await page.getByLabel('Repita la contraseña').fill('clave-e2e-padre');
  await page.getByRole('button', { name: 'Registrarse', exact: true }).click();

  // Straight to the link's camp: its calendar, not the list.
  await expect(page.getByRole('heading', { name: 'Calendario de Inscripción', level: 2 })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Calendario de Inscripción' }).getByText(SUMMER),
  ).toBeVisible();
  await expect(page).not.toHaveURL(/\/programas/);
  await expectPhoneWidth(page, 'calendar from a link');
  // 'Cambiar programa' shows the list even to a family that came with a link.
  await page.getByRole('link', { name: 'Cambiar programa' }).click();
  await expect(page).toHaveURL(/\/programas$/);
  await expect(page.getByRole('article', { name: SUMMER }).getByText('Inscripción en curso')).toBeVisible();
  await expect(page.getByRole('article', { name: ANNUAL })).toBeVisible();
});

test("a closed camp's link says so on the sign-in page as served, and signing in leads to the open programs", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const admin = (await api(page, 'POST', '/usuarios/login', undefined, E2E_ADMIN)).result.token as string;
  // A camp the school still has, whose summer is over.
  const past = new Date().getFullYear() - 1;
  const closed = (
    await api(page, 'POST', '/campamentos/create', admin, {
      code: `CV${past}C`,
      name: `Campamento de Verano ${past}`,
      membership: 0,
      start_date: `${past}-06-14`,
      end_date: `${past}-08-06`,
    })
  ).data as { _id: string };
  const name = `Campamento de Verano ${past}`;
  const notice = `Las inscripciones de ${name} están cerradas. Al entrar podrá elegir otro programa de la escuela.`;
  const served = await page.request.get(`/login?camp=${closed._id}`, { headers: { accept: 'text/html' } });
  expect(await served.text()).toContain(
    `data-linked-camp="${closed._id}" data-closed="">Las inscripciones de <strong>${name}</strong> están cerradas.`,
  );
  const { errors, asked } = watchSignIn(page);
  await page.goto(`/login?camp=${closed._id}`);
  await expect(page.getByText(/Las inscripciones de/)).toHaveText(notice);
  await expect(page.getByRole('button', { name: 'Iniciar sesión', exact: true })).toBeEnabled();
  await expect(page.getByText(/Se inscribe en:/)).toHaveCount(0);
  expect(errors).toEqual([]);
  expect(asked).toEqual([]);
  await expectPhoneWidth(page, 'login with a closed camp');
  await expectAccessible(page, 'login with a closed camp');
  await shots(page, testInfo, 'login-cerrado');

  const email = `cerrado.${Date.now()}@correo.do`;
  await api(page, 'POST', '/usuarios/create', undefined, { email, password: 'clave-e2e-padre' });
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill('clave-e2e-padre');
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  // Not the closed camp's calendar: the school's open programs, saying why.
  await expect(page).toHaveURL(/\/programas$/);
  await expect(page.getByText(/Elija otro programa de la lista/)).toHaveText(
    `Las inscripciones de ${name} están cerradas. Elija otro programa de la lista.`,
  );
  await expect(page.getByRole('article', { name: SUMMER })).toBeVisible();
  await expect(page.getByRole('article', { name: ANNUAL })).toBeVisible();
  await expect(page.getByRole('article', { name })).toHaveCount(0);
  await expectPhoneWidth(page, 'programs after a closed link');
  await shots(page, testInfo, 'programas-cerrado');
  // The closed camp is forgotten: 'Nueva inscripción' is the list, not that camp.
  expect(await page.evaluate(() => localStorage.getItem('CampamentId'))).toBeNull();
});
