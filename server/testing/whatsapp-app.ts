// The app wired to the stand-in of Meta's Cloud API (issue 56): our templates as Meta approved
// them, the app's WhatsApp settings naming the stand-in, and the stand-in delivering its
// notifications to the app's webhook, as Meta does.
import type { FastifyInstance } from 'fastify';
import { buildTestApp, type BuildOptions, type TestApp } from './build.ts';
import { startWhatsAppStandin, type StandinOptions, type WhatsAppStandin } from './whatsapp-standin.ts';
import { WHATSAPP_TEMPLATES } from '../../src/domain/whatsapp.ts';

/** Every template the app sends, approved in Spanish with its number of parameters. */
export const APPROVED_TEMPLATES = Object.entries(WHATSAPP_TEMPLATES).map(([name, template]) => ({
  name,
  language: 'es',
  parameters: template.parameters.length,
}));

/**
 * Meta's notifications posted to the webhook of the app `app()` answers (built after the
 * stand-in, hence a function), on the host `host()` gives when it gives one.
 */
export function deliverToWebhook(
  app: () => FastifyInstance,
  host?: () => string | undefined,
): StandinOptions['deliver'] {
  return async (body, headers) => {
    const at = host?.();
    const res = await app().inject({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      headers: { ...headers, ...(at ? { host: at } : {}) },
      payload: body,
    });
    return res.statusCode;
  };
}

/** The deployment's WhatsApp settings that send through `meta`. */
export const whatsappEnv = (meta: WhatsAppStandin) => ({
  WHATSAPP_TOKEN: meta.token,
  WHATSAPP_PHONE_NUMBER_ID: meta.phoneNumberId,
  WHATSAPP_APP_SECRET: meta.appSecret,
  WHATSAPP_API_URL: meta.url,
});

/** A stand-in of Meta with our templates and a test app that sends through it and hears from it. */
export async function buildWhatsAppTestApp(
  options: Partial<StandinOptions> = {},
  build: BuildOptions = {},
): Promise<{ app: TestApp; meta: WhatsAppStandin }> {
  let app: TestApp | undefined;
  const meta = await startWhatsAppStandin({
    templates: APPROVED_TEMPLATES,
    ...options,
    deliver: deliverToWebhook(() => app!.app),
  });
  try {
    app = await buildTestApp({ ...whatsappEnv(meta), WHATSAPP_VERIFY_TOKEN: 'verifica-escuela' }, build);
  } catch (err) {
    await meta.close();
    throw err;
  }
  return { app, meta };
}
