// The next pages' chunks wait for the page on screen: nothing is asked for before a page has
// shown, and it is asked for once.
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

describe('pageShown', () => {
  it('loads what the app registered once a page has shown, once, when the browser is idle', async () => {
    vi.resetModules();
    const { onPageShown, PageShown } = await import('./nextPages.ts');
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
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    render(<PageShown />); // the next page
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
