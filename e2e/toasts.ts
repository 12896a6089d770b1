import { expect, type Page } from '@playwright/test';

/**
 * Closes the toasts on screen by clicking them (spec 02 §9: close on click), as staff do when a
 * toast sits over the button they want next; otherwise the click waits for it to time out.
 */
export async function closeToasts(page: Page) {
  const toasts = page.locator('.Toastify__toast');
  for (const toast of await toasts.all()) await toast.click({ timeout: 2000 }).catch(() => undefined);
  await expect(toasts).toHaveCount(0);
}
