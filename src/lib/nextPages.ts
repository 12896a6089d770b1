// The chunks a parent is likely to need next (the frame and the wizard after signing in, the later
// steps, the dialogs, the toasts) are fetched, not run, once the page on screen has shown (issue
// 23). Fetched earlier, as webpack's prefetch does when the first scripts load, they shared a
// slow phone's bandwidth with the page being opened. The app registers what to load
// (app/routeChunks.ts: the 'next' chunk, whose imports webpack prefetches when it loads).
import { useEffect } from 'react';

/** How long after a page has shown its next chunks start downloading. */
export const NEXT_DELAY_MS = 1500;

let loadNext: (() => Promise<unknown>) | null = null;
let shown = false;

/** Called when a page's main content has rendered: `loadNext` runs when the browser is idle. */
export function pageShown(): void {
  if (shown || typeof window === 'undefined') return;
  shown = true;
  const run = () => void loadNext?.().catch(() => undefined);
  // A moment later still: the page's own last paint and work come first (a parent reads the page
  // for seconds before moving on, so nothing is missed).
  setTimeout(() => {
    if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 3000 });
    else run();
  }, NEXT_DELAY_MS);
}

/** What pageShown() loads (set once, by the app's start). */
export function onPageShown(load: () => Promise<unknown>): void {
  loadNext = load;
}

/** Renders nothing; tells pageShown() once it has committed (beside a page's main content). */
export function PageShown(): null {
  useEffect(pageShown, []);
  return null;
}
