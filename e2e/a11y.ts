// Accessibility checks of the browser tests: axe-core (through @axe-core/playwright) on the page as
// it is now, WCAG 2.0/2.1/2.2 A and AA rules; any serious or critical violation fails the test with
// the rule, its help text and the elements it found.
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * Whether this run has already scanned this screen in this project, width and look; if not, it is
 * claimed now. A flow walked again (the wizard's steps in every enrolment test) shows the same
 * screen with other names in it, so it is scanned once per run. The claims are files in the run's
 * folder (e2e/global-setup.ts), created exclusively, so the workers share them.
 */
function scannedBefore(key: string): boolean {
  const dir = process.env.E2E_AXE_DIR;
  if (!dir) return false;
  try {
    fs.writeFileSync(path.join(dir, encodeURIComponent(key)), '', { flag: 'wx' });
    return false;
  } catch {
    return true;
  }
}

export async function expectAccessible(page: Page, screen: string) {
  // The form-field rules are cheap and run on every call.
  expect(await fieldProblems(page), `form fields of ${screen}`).toEqual([]);
  const look = await page.evaluate(() => document.documentElement.getAttribute('data-bs-theme'));
  const { project } = test.info();
  if (scannedBefore(`${project.name} ${screen} ${page.viewportSize()?.width ?? 0} ${look ?? 'light'}`))
    return;
  // The page at rest, as it is read: a toast fading in has, for a moment, lighter text than it
  // keeps. Only entrances and transitions are waited for: not endless ones (spinners), nor a
  // toast's countdown bar, which runs for as long as the toast stays (5 s each time). Colour
  // transitions that start meanwhile (a button's hover after a tap) end at once for the scan: one
  // caught half-way read 3.17:1 between the button's two states, each of which passes.
  await page.evaluate(() => {
    const still = document.createElement('style');
    still.id = 'axe-at-rest';
    still.textContent =
      '*, *::before, *::after { transition-duration: 0s !important; transition-delay: 0s !important; }';
    document.head.append(still);
    return Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number(animation.effect?.getComputedTiming().endTime) <= 2000)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
  // One axe.run() in the page (legacy mode) rather than a partial run per frame finished in a new
  // page: 290 ms a scan against 540, and the app has no frames of its own (the bank's 3-D Secure
  // frame is another origin's page, not ours to check). Only the violations are gathered: the
  // passes' details were another 12%. (`options` replaces what `withTags` set, so it comes first.)
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_TAGS)
    .setLegacyMode()
    .analyze();
  await page.evaluate(() => document.getElementById('axe-at-rest')?.remove());
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const report = serious
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n` +
        violation.nodes
          .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`)
          .join('\n'),
    )
    .join('\n');
  expect(serious, `accessibility of ${screen}:\n${report}`).toEqual([]);
}

/**
 * Fields phones and password managers can work with: every field has a `name`; every text-like
 * field says what it holds (`autocomplete`, 'off' where nothing fits) and digit-only fields ask
 * for the number pad (`inputmode` numeric, or type tel).
 */
async function fieldProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const textLike = new Set(['text', 'email', 'tel', 'password', 'number', 'search', 'url', 'date']);
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      'input:not([type=hidden]):not([type=file]), select, textarea',
    )) {
      if (field.closest('[inert]') || field.getClientRects().length === 0) continue;
      const label = field.labels?.[0]?.textContent?.trim() || field.getAttribute('aria-label') || field.id;
      if (!field.name) problems.push(`${label}: no name`);
      const type = field instanceof HTMLInputElement ? field.type : field.tagName.toLowerCase();
      if ((textLike.has(type) || type === 'textarea') && !field.getAttribute('autocomplete'))
        problems.push(`${label}: no autocomplete`);
    }
    return problems;
  });
}
