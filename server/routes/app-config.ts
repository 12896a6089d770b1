// GET /app-config.js: the browser's runtime configuration, loaded by index.html before the
// bundle, so one build serves any school (account id, providers) without rebuilding.
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';

export interface BrowserConfig {
  accountId: string;
  apiBase: string;
  socialProviders: { google: boolean; facebook: boolean };
  schoolWebsite: string;
  /** The address parents use: the admin panel copies enrolment links on it. */
  publicUrl: string;
}

export function browserConfig(
  config: Pick<Config, 'accountId' | 'schoolWebsite' | 'oauth' | 'publicUrl'>,
): BrowserConfig {
  return {
    accountId: config.accountId,
    apiBase: '/api',
    // Buttons of providers that are not configured are hidden.
    socialProviders: { google: config.oauth.google !== null, facebook: config.oauth.facebook !== null },
    schoolWebsite: config.schoolWebsite,
    publicUrl: config.publicUrl,
  };
}

export const appConfigRoute: FastifyPluginAsync = async (app) => {
  app.get('/app-config.js', async (_request, reply) => {
    const body = `window.__APP_CONFIG__ = ${JSON.stringify(browserConfig(app.config))};\n`;
    return reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(body);
  });
};
