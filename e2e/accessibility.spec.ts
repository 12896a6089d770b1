import { expect, test, type Page } from './test.ts';
import { expectAccessible } from './a11y.ts';
import { adminSession, demoCamp, newParent } from './api.ts';

// Every screen that needs no wizard state, in light and in dark mode, at both widths (the desktop
// and phone projects). The wizard's steps are checked along the enrolment flows (e2e/wizard.ts).
// No test here depends on another, so the workers share them out.
test.describe.configure({ mode: 'parallel' });

for (const dark of [false, true]) {
  const mode = dark ? 'dark' : 'light';
  test.describe(`${mode} mode`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((darkMode) => {
        const saved = JSON.parse(localStorage.getItem('uiSettings') ?? '{}') as Record<string, unknown>;
        localStorage.setItem('uiSettings', JSON.stringify({ ...saved, darkMode }));
      }, dark);
    });

    test(`sign-in pages (${mode})`, async ({ page }) => {
      for (const [path, heading] of [
        ['/login', 'Iniciar sesión'],
        ['/register', 'Registrarse'],
        ['/forgot-password', 'Recuperar contraseña'],
        ['/recover-password?token=abcdefghijklmnopqrstuvwxyz', 'Nueva contraseña'],
        ['/admin/login', 'Admin Panel'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expectAccessible(page, `${path.split('?')[0]} (${heading})`);
      }
    });

    test(`parent's calendar, profile and settings panel (${mode})`, async ({ page }, testInfo) => {
      const { camp } = await demoCamp(page);
      await newParent(page, `a11y.${mode}.${testInfo.project.name}.${Date.now()}@correo.do`);
      await page.goto(`/login?camp=${camp._id}`);
      await expect(page.getByText('Calendario de Inscripción')).toBeVisible();
      await expectAccessible(page, '/calendario');
      await page.goto('/profile');
      await expect(page.getByRole('heading', { name: 'Perfil', level: 1 })).toBeVisible();
      await expectAccessible(page, '/profile');
      await page.getByRole('button', { name: 'Personalizar apariencia' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page, 'settings panel');
    });

    test(`admin dashboard (${mode})`, async ({ page }) => {
      await signInAdmin(page);
      await expect(page.getByTestId('total-campamentos')).not.toBeEmpty();
      await expectAccessible(page, '/admin/dashboard');
    });

    // One test per screen: each scans a full table and a dialog with its errors, and they run side
    // by side (the file's tests are independent: each signs in on its own).
    for (const [path, title, create] of [
      ['/admin/campamentos', 'Campamentos', 'Nuevo campamento'],
      ['/admin/categorias', 'Categorías', 'Nueva categoría'],
      ['/admin/semanas', 'Semanas', 'Nueva semana'],
      ['/admin/cupones', 'Cupones', 'Nuevo cupón'],
    ] as const) {
      test(`admin ${title} and its dialog (${mode})`, async ({ page }) => {
        await signInAdmin(page);
        await page.goto(path);
        await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
        await expect(page.getByRole('table')).toBeVisible();
        await expectAccessible(page, path);
        await page.getByRole('button', { name: create }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
        await expect(page.getByRole('dialog').locator('.invalid-feedback').first()).toBeVisible();
        await expectAccessible(page, `${path} dialog`);
      });
    }
  });
}

async function signInAdmin(page: Page) {
  await adminSession(page);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}
