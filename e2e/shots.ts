// Screenshots for people to look at (in test-results/): taken when E2E_SCREENSHOTS=1. Full-page
// shots drawn in software were about a quarter of the time of the flows that take them, and no test
// reads them back; the checks beside each shot (no sideways scroll, axe) run either way, and a
// failing test gets a picture of its page from the config's `screenshot: 'only-on-failure'` (one
// viewport shot as the page closes, kept only on failure).
import type { Page } from '@playwright/test';

export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

export async function keepShot(page: Page, path: string, fullPage = false): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path, fullPage });
}

/**
 * The same screen at a phone's and a desk's width (`name-375.png`, `name-1280.png`), for a phone
 * walk whose screens are also looked at wide; the page is given its own width back.
 */
export async function keepShotsAtWidths(page: Page, path: (width: number) => string): Promise<void> {
  if (!SCREENSHOTS) return;
  const own = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await page.screenshot({ path: path(width) });
  }
  if (own) await page.setViewportSize(own);
}
