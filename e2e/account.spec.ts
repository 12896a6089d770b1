import { expect, test } from './test.ts';
import { expectAccessible } from './a11y.ts';
import { latestMailTo } from './outbox.ts';
import { keepShot } from './shots.ts';

// A parent's account from first visit to a forgotten password, as a person would click it.
test('register, sign out, reset a forgotten password from the e-mail, sign in, and keep the look', async ({
  page,
}, testInfo) => {
  const email = `familia.${testInfo.project.name}.${Date.now()}@correo.do`;

  await page.goto('/register');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill('clave-inicial');
  await page.getByLabel('Repita la contraseña').fill('clave-inicial');
  await page.getByRole('button', { name: 'Registrarse', exact: true }).click();
  await expect(page.getByText('Registro completado')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // The header names the signed-in parent (the e-mail is hidden on phones, not removed).
  await expect(page.getByTestId('shell-user-email')).toHaveText(email);

  await page.getByRole('button', { name: 'Salir' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('link', { name: 'Olvidé mi contraseña' }).click();
  // The sign-in page has a field of the same name: wait for the new page before typing.
  await expect(page.getByRole('heading', { name: '¿Olvidó su contraseña?' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Solicitar nueva contraseña' }).click();
  await expect(page.getByText('Si el correo electrónico está registrado, recibirá un enlace')).toBeVisible();

  const mail = await latestMailTo(email);
  expect(mail).toContain('Recibimos una solicitud para restablecer la contraseña');
  const link = /(http:\/\/localhost:\d+\/recover-password\?token=[A-Za-z0-9_-]+)/.exec(mail)![1]!;
  await page.goto(link);
  await page.getByLabel('Nueva contraseña').fill('clave-nueva');
  await page.getByLabel('Confirmar contraseña').fill('clave-nueva');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('Su contraseña fue cambiada. Ya puede iniciar sesión.')).toBeVisible();

  // The link works once only.
  await page.goto(link);
  await page.getByLabel('Nueva contraseña').fill('otra-clave');
  await page.getByLabel('Confirmar contraseña').fill('otra-clave');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(
    page.getByText(/El enlace para restablecer la contraseña no es válido o ha expirado/),
  ).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill('clave-inicial');
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page.getByText('Correo electrónico o contraseña incorrectos.')).toBeVisible();
  await expectAccessible(page, '/login with an error toast');
  await page.getByLabel('Contraseña').fill('clave-nueva');
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/profile');
  await expect(page.getByRole('tab', { name: 'Actividad' })).toBeVisible();
  await expect(page.getByText('Aún no tiene inscripciones.')).toBeVisible();
  await expectAccessible(page, '/profile (new account)');

  await page.getByRole('button', { name: 'Personalizar apariencia' }).click();
  await page.getByLabel('Modo oscuro').check();
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  await page.getByLabel(/Color de la cabecera/).selectOption('navbar-primary');
  await page.getByLabel(/Estilo del menú lateral/).selectOption('sidebar-dark-warning');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  await page.getByRole('button', { name: 'Personalizar apariencia' }).click();
  await expect(page.getByLabel(/Color de la cabecera/)).toHaveValue('navbar-primary');
  await expect(page.getByLabel(/Estilo del menú lateral/)).toHaveValue('sidebar-dark-warning');
  await keepShot(page, testInfo.outputPath('profile-dark.png'), true);
});
