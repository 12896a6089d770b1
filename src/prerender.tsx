// The public pages' HTML, rendered ahead of the first visit (issue 23): a phone that has never
// seen the site shows the sign-in form as soon as the page and its stylesheet arrive, before the
// scripts have downloaded and run; main.tsx then hydrates it. Built by webpack for Node
// (webpack.config.js, `prerender`) and run by the server at start-up, with the configuration the
// page is served with (which social buttons show), so the markup is the one the browser makes.
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { appConfig, readAppConfig, type AppConfig } from './api/config.ts';
import { App } from './app/App.tsx';
import { AppProviders } from './app/providers.tsx';
import { makeStore } from './app/store.ts';
import { withinTime } from './core/deps.ts';
import { schoolBrand, schoolNameOf } from './lib/AuthFrame.tsx';
import { LINKED_CAMP_PAGES, LINKED_CAMP_SLOT, linkedPageKey } from './domain/linkedCampSlot.ts';

/** The pages a visitor who is not signed in sees first (the enrolment link is /login?camp=). */
export const PRERENDERED_PAGES = ['/login', '/register', '/forgot-password'] as const;

/** A page rendered ahead: what goes in the root element, and what React hoists into <head>. */
export interface RenderedPage {
  /** The page's <title> and the preloads React asks for (the logo), for <head>. */
  head: string;
  /** The root element's content, for main.tsx to hydrate. */
  body: string;
}

/** The hoisted tags React writes first when the root is not the whole document. */
const HOISTED = /^(?:<title>[^<]*<\/title>|<link [^>]*>|<meta [^>]*>)*/;

async function render(location: string): Promise<RenderedPage> {
  const { prelude } = await prerender(
    <AppProviders store={makeStore()}>
      <StaticRouter location={location}>
        <App />
      </StaticRouter>
    </AppProviders>,
  );
  const html = await new Response(prelude).text();
  const head = HOISTED.exec(html)?.[0] ?? '';
  return { head, body: html.slice(head.length) };
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Each public page, rendered with `config` (the page's window.__APP_CONFIG__: the deployment's
 * school's, or another school's own, issue 55), and the sign-in pages again as an enrolment link
 * opens them, with the stand-ins the server fills for each link (`/login?camp`,
 * ./domain/linkedCampSlot.ts). The pages read the configuration from one module-wide object, so
 * renders take turns.
 */
export function renderPublicPages(config: unknown): Promise<Record<string, RenderedPage>> {
  const next = queue.then(async () => {
    Object.assign(appConfig as { -readonly [K in keyof AppConfig]: AppConfig[K] }, readAppConfig(config));
    // A school's own name (issue 55), shown by the sign-in pages' frame.
    schoolBrand.name = schoolNameOf((config as { schoolName?: unknown } | null)?.schoolName);
    const pages: Record<string, RenderedPage> = {};
    for (const pathname of PRERENDERED_PAGES) pages[pathname] = await render(pathname);
    for (const pathname of LINKED_CAMP_PAGES) {
      pages[linkedPageKey(pathname)] = await render(`${pathname}?camp=${LINKED_CAMP_SLOT.id}`);
      pages[linkedPageKey(pathname, true)] = await render(`${pathname}?camp=${LINKED_CAMP_SLOT.closedId}`);
    }
    return pages;
  });
  // The next render waits for this one, or 10 s at most: one that never ends holds no other school.
  queue = withinTime(10_000, next).catch(() => undefined);
  return next;
}
