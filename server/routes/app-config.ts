// The browser's runtime configuration, so one build serves any school (account id, providers)
// without rebuilding. The server writes it into the page it serves (no extra request before the
// first render, see http/frontend.ts); GET /app-config.js stays for the mock build's static page.
import crypto from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { SchoolBranding } from '../../src/domain/school-settings.ts';
import { compressBody, sendCompressed, type CompressedBody } from '../http/compressed.ts';

export interface BrowserConfig {
  accountId: string;
  apiBase: string;
  socialProviders: { google: boolean; facebook: boolean };
  schoolWebsite: string;
  /** The address parents use: the admin panel copies enrolment links on it. */
  publicUrl: string;
  /** What parents see of the school (its 'Ajustes de la escuela'), where it set them. */
  schoolName?: string;
  colour?: string;
}

export function browserConfig(
  config: Pick<Config, 'accountId' | 'schoolWebsite' | 'oauth' | 'publicUrl'>,
  branding?: SchoolBranding,
): BrowserConfig {
  return {
    ...(branding?.name ? { schoolName: branding.name } : {}),
    ...(branding?.colour ? { colour: branding.colour } : {}),
    accountId: config.accountId,
    apiBase: '/api',
    // Buttons of providers that are not configured are hidden.
    socialProviders: { google: config.oauth.google !== null, facebook: config.oauth.facebook !== null },
    schoolWebsite: config.schoolWebsite,
    publicUrl: config.publicUrl,
  };
}

/**
 * The script that sets `window.__APP_CONFIG__`; `<` escaped so no value can close an inline
 * <script>. A school's colour is set here too, as the `--school-band` the headers' stylesheet draws:
 * the parents' scripts carry no code for it.
 */
export function configScript(config: BrowserConfig): string {
  const script = `window.__APP_CONFIG__ = ${JSON.stringify(config).replaceAll('<', '\\u003c')};\n`;
  if (!config.colour || !/^#[0-9a-fA-F]{6}$/.test(config.colour)) return script;
  return `${script}document.documentElement.style.setProperty('--school-band', '0.375rem solid ${config.colour}');\n`;
}

/** The CSP source that allows exactly this inline script (no 'unsafe-inline'). */
export function cspHash(script: string): string {
  return `'sha256-${crypto.createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/**
 * `script`: the configScript() the page also inlines, made once by the app; `scriptFor`: another
 * school's, for a request on its host (issue 46), or null.
 */
export const appConfigRoute: FastifyPluginAsync<{
  script: string;
  scriptFor?: (request: FastifyRequest) => string | null;
}> = async (app, { script, scriptFor }) => {
  // The configuration is fixed for the life of the process: compressed once per school.
  const body = compressBody(script);
  const bodies = new Map<string, CompressedBody>();
  app.get('/app-config.js', async (request, reply) => {
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache');
    const own = scriptFor?.(request);
    if (!own) return sendCompressed(request, reply, body);
    let compressed = bodies.get(own);
    if (!compressed) {
      compressed = compressBody(own);
      bodies.set(own, compressed);
    }
    return sendCompressed(request, reply, compressed);
  });
};
