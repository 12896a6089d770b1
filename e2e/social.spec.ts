import { expect, test, type Page } from './test.ts';
import { E2E_GOOGLE_PROFILE } from './fixtures.ts';

// Google sign-in through the real popup flow, with a local OAuth2 provider standing in for Google.
async function throughGooglePopup(page: Page, button: string) {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: button }).click();
  // The popup visits the provider, posts the token back to this page and closes itself (polled:
  // it may already be closed by the time the test looks at it).
  const window = await popup;
  await expect.poll(() => window.isClosed(), { timeout: 15_000 }).toBe(true);
}

test('signs a parent in with Google through the popup', async ({ page }) => {
  await page.goto('/login');
  await throughGooglePopup(page, 'Iniciar sesión con Google');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('shell-user-email')).toHaveText(E2E_GOOGLE_PROFILE.email);
});

test('signs a parent up with Google from the registration page', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'Registrarse con Facebook' })).toHaveCount(0);
  await throughGooglePopup(page, 'Registrarse con Google');
  await expect(page.getByText('Cuenta creada con Google')).toBeVisible();
  await expect(page.getByTestId('shell-user-email')).toHaveText(E2E_GOOGLE_PROFILE.email);
});
