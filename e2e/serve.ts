// The browser tests' server: a local OAuth2/OIDC provider (oauth2-mock-server) standing in for
// Google, then the app exactly as `npm start` runs it, configured to sign in through it. Passwords
// are hashed with the unit tests' cheap scrypt parameters: a production hash costs about 0.4 s of
// CPU, and the browser tests sign up and in some hundred times.
import { OAuth2Server } from 'oauth2-mock-server';
import { buildIfStale } from '../scripts/build.ts';
import { main } from '../server/index.ts';
import { TEST_HASHING } from '../server/testing/build.ts';
import { E2E_GOOGLE_PROFILE } from './fixtures.ts';

const provider = new OAuth2Server();
await provider.issuer.keys.generate('RS256');
await provider.start(Number(process.env.E2E_OAUTH_PORT ?? 3211), '127.0.0.1');
provider.service.on('beforeUserinfo', (response: { body: unknown }) => {
  response.body = E2E_GOOGLE_PROFILE;
});
process.env.GOOGLE_CLIENT_ID = 'escuela-e2e';
process.env.GOOGLE_CLIENT_SECRET = 'escuela-e2e-secret';
process.env.GOOGLE_ISSUER = provider.issuer.url!;

// The AZUL stand-in (issue 21) when asked: payments go through the AZUL adapter, 3-D Secure included.
if (process.env.E2E_AZUL === '1') {
  const { startAzulStandin, standinEnv } = await import('../server/testing/azul-standin.ts');
  Object.assign(process.env, standinEnv(await startAzulStandin()));
}

// DGII's stand-in and a test certificate (issue 22) when asked: the receipts are e-CF.
if (process.env.E2E_ECF === '1') {
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const { startDgiiStandin } = await import('../server/testing/dgii-standin.ts');
  const { schoolP12In } = await import('../server/testing/ecf.ts');
  // A fixed port when the browser test sets DGII's faults (E2E_DGII_PORT), else any free one.
  const dgii = await startDgiiStandin(
    process.env.E2E_DGII_PORT ? { port: Number(process.env.E2E_DGII_PORT) } : {},
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-ecf-'));
  Object.assign(process.env, {
    ECF_ENV: 'TesteCF',
    ECF_P12_FILE: schoolP12In(dir, 'clave-e2e'),
    ECF_P12_PASSWORD: 'clave-e2e',
    DGII_ECF_URL: dgii.url,
    DGII_FC_URL: dgii.url,
  });
}

// Meta's WhatsApp stand-in (issue 56) when asked: messages go out through the Cloud API adapter
// and the stand-in's statuses (sent, delivered) come back to this server's own webhook.
if (process.env.E2E_WHATSAPP === '1') {
  const { startWhatsAppStandin } = await import('../server/testing/whatsapp-standin.ts');
  const { WHATSAPP_TEMPLATES } = await import('../src/domain/whatsapp.ts');
  const meta = await startWhatsAppStandin({
    templates: Object.entries(WHATSAPP_TEMPLATES).map(([name, template]) => ({
      name,
      language: 'es',
      parameters: template.parameters.length,
    })),
    deliver: async (body, headers) =>
      (
        await fetch(`http://127.0.0.1:${process.env.PORT}/api/whatsapp/webhook`, {
          method: 'POST',
          headers,
          body,
        })
      ).status,
  });
  Object.assign(process.env, {
    WHATSAPP_TOKEN: meta.token,
    WHATSAPP_PHONE_NUMBER_ID: meta.phoneNumberId,
    WHATSAPP_APP_SECRET: meta.appSecret,
    WHATSAPP_VERIFY_TOKEN: 'verifica-e2e',
    WHATSAPP_API_URL: meta.url,
  });
}

await buildIfStale();
await main({ hashing: TEST_HASHING });
