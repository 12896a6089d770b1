// The next pages' chunks wait for the page on screen: nothing is asked for before a page has
// shown, and it is asked for once.
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

describe('pageShown', () => {
  it('loads what the app registered once a page has shown, a moment later, once', async () => {
    vi.resetModules();
    const { NEXT_DELAY_MS, onPageShown, PageShown } = await import('./nextPages.ts');
    const load = vi.fn(() => Promise.resolve());
    onPageShown(load);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(load).not.toHaveBeenCalled(); // no page yet

    render(
      <>
        <PageShown />
        <PageShown />
      </>,
    );
    const shownAt = Date.now();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1), { timeout: NEXT_DELAY_MS + 2000 });
    // Not at once: the page's own last paint and work come first.
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(NEXT_DELAY_MS - 50);
    render(<PageShown />); // the next page
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
