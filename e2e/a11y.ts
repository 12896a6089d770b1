// Accessibility checks of the browser tests: axe-core (through @axe-core/playwright) on the page as
// it is now, WCAG 2.0/2.1/2.2 A and AA rules; any serious or critical violation fails the test with
// the rule, its help text and the elements it found.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Screens checked in this run, by name (a test prints them, so the count can be read). */
export const checkedScreens = new Set<string>();

export async function expectAccessible(page: Page, screen: string) {
  // The page at rest, as it is read: a toast fading in has, for a moment, lighter text than it
  // keeps. Only entrances and transitions are waited for: not endless ones (spinners), nor a
  // toast's countdown bar, which runs for as long as the toast stays (5 s each time).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number(animation.effect?.getComputedTiming().endTime) <= 2000)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
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
  checkedScreens.add(screen);
  expect(serious, `accessibility of ${screen}:\n${report}`).toEqual([]);
  expect(await fieldProblems(page), `form fields of ${screen}`).toEqual([]);
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
