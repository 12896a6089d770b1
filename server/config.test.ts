import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { ConfigError, DEFAULT_ACCOUNT_ID, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives working defaults for a fresh machine', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('/srv/app/data'),
      staticDir: path.resolve('/srv/app/dist'),
      mongodbUri: undefined,
      accountId: DEFAULT_ACCOUNT_ID,
      publicUrl: 'http://localhost:3000',
      schoolWebsite: 'http://localhost:3000',
      seedDemo: true,
      logLevel: 'info',
      paymentLeaseMs: 60_000,
      sandboxLatencyMs: 0,
      storeFsync: false,
      passes: { autopayMs: 300_000, ecfMs: 60_000 },
    });
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        NODE_ENV: 'production',
        PORT: '8081',
        HOST: '0.0.0.0',
        DATA_DIR: '/var/lib/escuela',
        MONGODB_URI: 'mongodb://db:27017/escuela',
        ACCOUNT_ID: 'club-01',
        JWT_SECRET: 'x'.repeat(40),
        ADMIN_EMAIL: 'Direccion@Escuela.DO',
        ADMIN_PASSWORD: 'clave-segura',
        SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
        PUBLIC_URL: 'https://inscripciones.example.com/',
        SCHOOL_WEBSITE: 'https://escuela.example.com',
        PAYMENT_LEASE_SECONDS: '20',
        SANDBOX_LATENCY_MS: '1500',
        AUTOPAY_PASS_SECONDS: '30',
        ECF_PASS_SECONDS: '5',
      },
      '/srv/app',
    );
    expect(config).toMatchObject({
      env: 'production',
      port: 8081,
      host: '0.0.0.0',
      dataDir: '/var/lib/escuela',
      mongodbUri: 'mongodb://db:27017/escuela',
      accountId: 'club-01',
      adminEmail: 'direccion@escuela.do',
      adminPassword: 'clave-segura',
      smtpUrl: 'smtps://user:pass@smtp.example.com:465',
      publicUrl: 'https://inscripciones.example.com',
      schoolWebsite: 'https://escuela.example.com',
      // Demo data only on the embedded store unless asked for.
      seedDemo: false,
      paymentLeaseMs: 20_000,
      sandboxLatencyMs: 1500,
      passes: { autopayMs: 30_000, ecfMs: 5_000 },
      // Flushed to disk by default in production.
      storeFsync: true,
    });
  });

  it('lists every problem at once with the variable names', () => {
    let thrown: unknown;
    try {
      loadConfig({
        NODE_ENV: 'production',
        PORT: 'eighty',
        MONGODB_URI: 'postgres://x',
        ADMIN_EMAIL: 'not-an-email',
        SMTP_URL: 'http://mail',
        PUBLIC_URL: 'ftp://x',
        LOG_LEVEL: 'loud',
        JWT_SECRET: 'short',
        PAYMENT_LEASE_SECONDS: '90',
        SANDBOX_LATENCY_MS: '-1',
        STORE_FSYNC: 'yes',
        AUTOPAY_PASS_SECONDS: '0',
        ECF_PASS_SECONDS: 'a minute',
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const text = (thrown as ConfigError).message;
    for (const name of [
      'PORT',
      'MONGODB_URI',
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
      'SMTP_URL',
      'PUBLIC_URL',
      'LOG_LEVEL',
      'JWT_SECRET',
      'PAYMENT_LEASE_SECONDS must be a whole number of seconds from 2 to 60',
      'SANDBOX_LATENCY_MS',
      'STORE_FSYNC must be true or false',
      'AUTOPAY_PASS_SECONDS must be a whole number of seconds from 1 to 3600 (got "0")',
      'ECF_PASS_SECONDS must be a whole number of seconds from 1 to 3600',
    ]) {
      expect(text).toContain(name);
    }
  });

  it('lets production turn the flush to disk off and development turn it on', () => {
    const secret = { JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig({ NODE_ENV: 'production', STORE_FSYNC: 'false', ...secret }).storeFsync).toBe(false);
    expect(loadConfig({ STORE_FSYNC: 'true' }).storeFsync).toBe(true);
  });

  it('requires JWT_SECRET in production only', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET is required in production/);
    expect(loadConfig({ NODE_ENV: 'development' }).jwtSecret).toBeUndefined();
  });

  it('rejects an admin password the sign-in form could never type', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.do', ADMIN_PASSWORD: '1234' })).toThrow(/5 to 30/);
  });
});

describe('WhatsApp settings (issue 56)', () => {
  const whatsapp = {
    WHATSAPP_TOKEN: 'EAAG-token',
    WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
    WHATSAPP_APP_SECRET: 'secreto',
    WHATSAPP_VERIFY_TOKEN: 'verifica',
  };
  it('unset is no WhatsApp; set, all four go together and the Graph API version is the default address', () => {
    expect(loadConfig({}).whatsapp).toBeNull();
    expect(loadConfig(whatsapp).whatsapp).toEqual({
      token: 'EAAG-token',
      phoneNumberId: '106540352242922',
      appSecret: 'secreto',
      verifyToken: 'verifica',
      apiUrl: 'https://graph.facebook.com/v23.0',
    });
    expect(
      loadConfig({ ...whatsapp, WHATSAPP_API_URL: 'http://127.0.0.1:4020/v23.0/' }).whatsapp?.apiUrl,
    ).toBe('http://127.0.0.1:4020/v23.0');
    const { WHATSAPP_APP_SECRET: _secret, ...three } = whatsapp;
    expect(() => loadConfig(three)).toThrow(/set all four or none/);
    expect(() => loadConfig({ ...whatsapp, WHATSAPP_PHONE_NUMBER_ID: '+1 809' })).toThrow(/must be digits/);
  });
});

describe('e-CF settings (issue 22)', () => {
  /** The certificate every e-CF environment needs. */
  const certificate = { NODE_ENV: 'test', ECF_P12_FILE: 'escuela.p12', ECF_P12_PASSWORD: 'clave' };
  it('unset ECF_ENV keeps the B-series receipts; set, it needs the certificate; DGII hosts can be replaced', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).ecf).toBeNull();
    expect(() => loadConfig({ NODE_ENV: 'test', ECF_ENV: 'produccion' })).toThrow(
      /ECF_ENV must be TesteCF, CerteCF or eCF/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', ECF_ENV: 'TesteCF' })).toThrow(
      /ECF_P12_FILE is required[\s\S]*ECF_P12_PASSWORD is required/,
    );
    const config = loadConfig(
      { ...certificate, ECF_ENV: 'CerteCF', DGII_ECF_URL: 'http://127.0.0.1:4010/' },
      '/srv/escuela',
    );
    expect(config.ecf).toEqual({
      env: 'CerteCF',
      p12File: '/srv/escuela/escuela.p12',
      p12Password: 'clave',
      ecfUrl: 'http://127.0.0.1:4010',
      fcUrl: 'https://fc.dgii.gov.do',
    });
  });

  it("production (eCF) refuses to start with DGII's hosts replaced, naming the setting", () => {
    const production = { ...certificate, ECF_ENV: 'eCF' };
    expect(() => loadConfig({ ...production, DGII_ECF_URL: 'http://127.0.0.1:4010' })).toThrow(
      /DGII_ECF_URL must not be set with ECF_ENV=eCF \(production\)/,
    );
    expect(() => loadConfig({ ...production, DGII_FC_URL: 'http://127.0.0.1:4010' })).toThrow(
      /DGII_FC_URL must not be set with ECF_ENV=eCF/,
    );
    expect(loadConfig(production, '/srv/escuela').ecf).toMatchObject({
      env: 'eCF',
      ecfUrl: 'https://ecf.dgii.gov.do',
      fcUrl: 'https://fc.dgii.gov.do',
    });
  });
});
