// The public pages rendered ahead (issue 23): the build's renderer (src/prerender.tsx, built into
// dist/prerender/render.mjs) run in this process with the configuration the page carries.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderedPage } from './frontend.ts';

interface Renderer {
  renderPublicPages(config: unknown): Promise<Record<string, RenderedPage>>;
}

/** The renderer of the build in `staticDir`, for registerFrontend's `prerender` (null without one). */
export function publicPagesRenderer(
  staticDir: string,
  browserConfig: unknown,
): ((config?: unknown) => Promise<Record<string, RenderedPage>>) | undefined {
  const file = path.join(staticDir, 'prerender', 'render.mjs');
  if (!fs.existsSync(file)) return undefined;
  // `config`: another school's own configuration (issue 55); the deployment's school's without it.
  return async (config = browserConfig) => {
    // The build's date in the address: a new build is imported anew, not served from the cache.
    const version = fs.statSync(file).mtimeMs;
    const renderer = (await import(`${pathToFileURL(file).href}?v=${version}`)) as Renderer;
    return renderer.renderPublicPages(config);
  };
}
