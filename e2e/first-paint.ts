// A page as the server sends it, before its scripts run, and then taken over by them (issue 23):
// shared by the browser tests that look at that first paint.
import type { Page } from '@playwright/test';

/**
 * The page's errors from now on: uncaught ones and console errors (a hydration mismatch among
 * them), except those `ignore` matches.
 */
export function pageErrors(page: Page, ignore?: RegExp): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !ignore?.test(message.text())) errors.push(message.text());
  });
  return errors;
}

/**
 * Holds the page's scripts back until the function it answers is called: what shows meanwhile is
 * the page as the server sent it (src/prerender.tsx).
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
