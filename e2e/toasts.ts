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

declare global {
  interface Window {
    __toastsShown?: string[];
  }
}

/**
 * Keeps the text of every toast the page shows, from its first script on. A toast stays 3 to 6 s
 * (spec 02 §9); on a loaded two-core machine the page's main thread can stall for that long, and
 * the toast has come and gone between two of Playwright's looks although the user had it on
 * screen. Call before the first `goto`.
 */
export async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const shown = (window.__toastsShown = [] as string[]);
    const seen = new WeakSet<Element>();
    // The first toast arrives inside its new container: look for toasts, not at added nodes.
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.Toastify__toast')) {
        if (seen.has(toast) || !toast.textContent) continue;
        seen.add(toast);
        shown.push(toast.textContent);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** The page showed a toast with this text (needs `recordToasts` first). */
export async function expectToastShown(page: Page, text: string) {
  await expect
    .poll(() => page.evaluate(() => window.__toastsShown ?? []), { message: `toast '${text}'` })
    .toContainEqual(expect.stringContaining(text));
}
