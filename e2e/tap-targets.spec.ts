import { expect, test } from './test.ts';

// Tap targets of the sign-in pages at 375 px (issue 26): every field, button and link is at least
// 44 × 44 px, and a checkbox's whole row (its label) answers a tap at least 44 px tall.
for (const path of ['/login', '/register', '/forgot-password']) {
  test(`every tap target of ${path} is at least 44 px`, async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'a phone measure');
    await page.goto(path);
    await expect(page.getByRole('button').first()).toBeVisible();
    const small = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea')]
        .filter((element) => element.offsetParent !== null)
        .map((element) => {
          // A checkbox is tapped through its row: the row is what is measured.
          const target =
            element instanceof HTMLInputElement && element.type === 'checkbox'
              ? (element.closest('.form-check') ?? element)
              : element;
          const box = target.getBoundingClientRect();
          return {
            what: element.getAttribute('name') ?? element.textContent?.trim() ?? '',
            width: box.width,
            height: box.height,
          };
        })
        .filter((box) => box.width < 44 || box.height < 44),
    );
    expect(small).toEqual([]);
  });
}
