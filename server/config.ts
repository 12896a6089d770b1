// Runtime configuration, read once from environment variables and validated, so that a
// mistake is reported at start-up in plain words instead of failing later inside a request.
// Over 500 lines on purpose: one concern, every setting of the deployment read and checked in one
// place, each beside its message, so that a reader finds any of them here.
import { AUTOPAY_DEFAULTS } from '../src/domain/ledger.ts';
import {
  BACKUP_DEFAULT_HOUR,
  BACKUP_DEFAULT_KEEP,
  BACKUP_KEY_MIN,
  BACKUP_MESSAGES,
  parseBackupKeep,
} from '../src/domain/backup.ts';
import type { BackupSettings } from './backup/backup.ts';
import fs from 'node:fs';
import path from 'node:path';

export interface Config {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  dataDir: string;
  mongodbUri: string | undefined;
  accountId: string;
  /** Undefined only before resolveJwtSecret() has run (development may generate it). */
  jwtSecret: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  /** Azure Blob Storage for photos; unset = local disk under DATA_DIR/uploads. */
  azureStorageConnectionString: string | undefined;
  azureStorageContainer: string;
  /** Social sign-in (DESIGN.md §2.15); a provider without a client id is not offered. */
  oauth: {
    google: OAuthProviderConfig | null;
    facebook: OAuthProviderConfig | null;
  };
  /** Sender of the school's e-mails. */
  mailFrom: string;
  /** Where families' answers to the e-mails go; null: the school's e-mail in its fiscal settings. */
  mailReplyTo: string | null;
  publicUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Where the built front end lives (dist/ by default). */
  staticDir: string;
  /** The school's public website (the logo and the thank-you page link to it). */
  schoolWebsite: string;
  /** Seed the demo school on a fresh store (default: on for the embedded store only). */
  seedDemo: boolean;
  /** How long a payment request may take before it counts as dead (src/core/checkout/idempotency.ts). */
  paymentLeaseMs: number;
  /** The sandbox gateway's simulated round trip (a real gateway takes a second or two). */
  sandboxLatencyMs: number;
  /** Autopay (issue 20): days after the first decline of the next tries, and of the notice before. */
  autopay: { retryDays: number[]; noticeDays: number };
  /**
   * How often the background passes run: autopay's (charges of the day, notices) and e-CF's (signed
   * receipts sent to DGII, their results asked). Every instance runs them; each item is claimed.
   */
  passes: { autopayMs: number; ecfMs: number };
  /** The embedded store flushes each write to disk before acknowledging it (on in production). */
  storeFsync: boolean;
  /**
   * Electronic fiscal receipts (issue 22, DGII e-CF): null = off, the B-series receipts of before.
   * The school's certificate (.p12) signs them; the URLs replace DGII's two hosts in tests only.
   */
  ecf: EcfConfig | null;
  /** Which payment gateway takes the cards (issue 21): the built-in sandbox, or AZUL. */
  payments: { gateway: 'sandbox' } | { gateway: 'azul'; azul: AzulConfig };
  /**
   * Backups (issue 27): BACKUP_KEY encrypts them (unset: none is made), BACKUP_DIR holds them
   * (default 'respaldos' beside the data), BACKUP_HOUR the nightly one (Santo Domingo, default 3),
   * BACKUP_KEEP how many daily and weekly ones are kept ('14,8').
   */
  backup: BackupSettings;
  /**
   * Many schools on one deployment (issue 46, DESIGN.md §10): the first platform operator, made on
   * the first start as the admin account is, and the key that encrypts the schools' secrets.
   */
  platform: { adminEmail: string | undefined; adminPassword: string | undefined; key: string | undefined };
  /** WhatsApp Cloud API for the default school (issue 56); null: no WhatsApp, e-mail only. */
  whatsapp: WhatsAppConfig | null;
  /** Meta's Graph API base (WHATSAPP_API_URL or its default): where schools' own numbers send too. */
  whatsappApiUrl: string;
}

/** Meta's WhatsApp Cloud API: the WHATSAPP_* settings, all four secrets and ids set together. */
export interface WhatsAppConfig {
  /** A system user's access token (Bearer). */
  token: string;
  phoneNumberId: string;
  /** Verifies the webhook's X-Hub-Signature-256. */
  appSecret: string;
  /** The webhook's subscription check (hub.verify_token). */
  verifyToken: string;
  /** Graph API base with its version; the tests point it at the stand-in. */
  apiUrl: string;
}

/** The Graph API version the adapter was written and checked against. */
export const WHATSAPP_DEFAULT_API_URL = 'https://graph.facebook.com/v23.0';

/** DGII's environment for e-CF, the school's certificate, and (tests only) DGII's two hosts replaced. */
export interface EcfConfig {
  env: 'TesteCF' | 'CerteCF' | 'eCF';
  p12File: string;
  p12Password: string;
  /** Replaces https://ecf.dgii.gov.do (authentication, reception, queries). */
  ecfUrl: string;
  /** Replaces https://fc.dgii.gov.do (consumer-invoice summaries under RD$250,000). */
  fcUrl: string;
}

export const DGII_ECF_URL = 'https://ecf.dgii.gov.do';
export const DGII_FC_URL = 'https://fc.dgii.gov.do';

/** AZUL Webservices (JSON API), its client certificate and credentials (server/payments/azul.ts). */
export interface AzulConfig {
  url: string;
  /** AZUL's contingency site, used for a call when the main one cannot be reached. */
  backupUrl: string;
  merchantId: string;
  merchantName: string;
  auth1: string;
  auth2: string;
  certFile: string;
  keyFile: string;
  /** A CA to trust besides the system's (a private test server such as the stand-in). */
  caFile: string | null;
  timeoutMs: number;
  /**
   * AZUL_TOKEN_CVC=1: the merchant's agreement with AZUL asks for the CVC with a kept card (AZUL
   * leaves it to that agreement); the family then types it when paying with the card on file.
   */
  tokenCvc?: boolean;
}

/** AZUL's test endpoint, and its contingency site (AZUL publishes no test contingency site). */
export const AZUL_TEST_URL = 'https://pruebas.azul.com.do/webservices/JSON/Default.aspx';
/** AZUL's production site, a school's own merchant in 'produccion' (server/platform/settings.ts). */
export const AZUL_PRODUCTION_URL = 'https://pagos.azul.com.do/WebServices/JSON/Default.aspx';
export const AZUL_BACKUP_URL = 'https://contpagos.azul.com.do/Webservices/JSON/default.aspx';

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  /** OpenID issuer for discovery (Google's by default; any OIDC provider in tests). */
  issuer: string | null;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[], options?: ErrorOptions) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`, options);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/**
 * A file a setting names (a certificate, a key), read at start; one that cannot be read stops the
 * server with a message naming the setting and the file.
 */
export function readSettingFile(name: string, file: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    throw new ConfigError([`${name}: the file ${file} cannot be read`], { cause: error });
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const DEFAULT_ACCOUNT_ID = 'escuela-baloncesto';

type Env = Record<string, string | undefined>;

/** Reads and validates the configuration; throws ConfigError listing every problem at once. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const problems: string[] = [];
  const value = (name: string): string | undefined => {
    const raw = env[name];
    return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
  };

  const nodeEnv = value('NODE_ENV') ?? 'development';
  if (!['production', 'development', 'test'].includes(nodeEnv)) {
    problems.push(`NODE_ENV must be production, development or test (got "${nodeEnv}")`);
  }
  const env_ = (
    ['production', 'development', 'test'].includes(nodeEnv) ? nodeEnv : 'development'
  ) as Config['env'];

  let port = 3000;
  const rawPort = value('PORT');
  if (rawPort !== undefined) {
    port = Number(rawPort);
    if (!/^\d+$/.test(rawPort) || port < 0 || port > 65535) {
      problems.push(`PORT must be a whole number from 0 to 65535 (got "${rawPort}")`);
    }
  }

  const host = value('HOST') ?? '127.0.0.1';
  const dataDir = path.resolve(cwd, value('DATA_DIR') ?? 'data');

  const mongodbUri = value('MONGODB_URI');
  if (mongodbUri !== undefined && !/^mongodb(\+srv)?:\/\//.test(mongodbUri)) {
    problems.push('MONGODB_URI must start with mongodb:// or mongodb+srv://');
  }

  const accountId = value('ACCOUNT_ID') ?? DEFAULT_ACCOUNT_ID;
  if (!/^[A-Za-z0-9._-]{1,100}$/.test(accountId)) {
    problems.push(
      'ACCOUNT_ID may only contain letters, digits, dots, dashes and underscores (1-100 characters)',
    );
  }

  const jwtSecret = value('JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    problems.push('JWT_SECRET must be at least 32 characters long');
  }
  if (jwtSecret === undefined && env_ === 'production') {
    problems.push('JWT_SECRET is required in production (at least 32 random characters)');
  }

  const adminEmail = value('ADMIN_EMAIL')?.toLowerCase();
  if (adminEmail !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail)) {
    problems.push(`ADMIN_EMAIL must be an e-mail address (got "${adminEmail}")`);
  }
  const adminPassword = value('ADMIN_PASSWORD');
  if (adminPassword !== undefined && (adminPassword.length < 5 || adminPassword.length > 30)) {
    problems.push(
      'ADMIN_PASSWORD must be 5 to 30 characters long (the sign-in form accepts no other length)',
    );
  }
  if ((adminEmail === undefined) !== (adminPassword === undefined)) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither');
  }

  const smtpUrl = value('SMTP_URL');
  if (smtpUrl !== undefined && !isUrl(smtpUrl, ['smtp:', 'smtps:'])) {
    problems.push('SMTP_URL must be an smtp:// or smtps:// URL');
  }

  const azureStorageConnectionString = value('AZURE_STORAGE_CONNECTION_STRING');
  if (
    azureStorageConnectionString !== undefined &&
    !/(AccountName|BlobEndpoint)=/.test(azureStorageConnectionString)
  ) {
    problems.push('AZURE_STORAGE_CONNECTION_STRING does not look like an Azure Storage connection string');
  }
  const azureStorageContainer = value('AZURE_STORAGE_CONTAINER') ?? 'fotos';
  if (!/^[a-z0-9](?!.*--)[a-z0-9-]{1,61}[a-z0-9]$/.test(azureStorageContainer)) {
    problems.push('AZURE_STORAGE_CONTAINER must be 3-63 lower-case letters, digits and single dashes');
  }

  const oauthProvider = (
    prefix: 'GOOGLE' | 'FACEBOOK',
    defaultIssuer: string | null,
  ): OAuthProviderConfig | null => {
    const clientId = value(`${prefix}_CLIENT_ID`);
    const clientSecret = value(`${prefix}_CLIENT_SECRET`);
    const issuer = value(`${prefix}_ISSUER`) ?? defaultIssuer;
    if ((clientId === undefined) !== (clientSecret === undefined)) {
      problems.push(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET go together: set both or neither`);
    }
    if (issuer && !isUrl(issuer, ['http:', 'https:']))
      problems.push(`${prefix}_ISSUER must be an http(s) URL`);
    return clientId && clientSecret ? { clientId, clientSecret, issuer } : null;
  };
  const oauth = {
    google: oauthProvider('GOOGLE', 'https://accounts.google.com'),
    // Facebook's code flow is plain OAuth2 (no discovery) unless an issuer is given.
    facebook: oauthProvider('FACEBOOK', null),
  };

  const mailFrom = value('MAIL_FROM') ?? 'Escuela de Baloncesto <no-responder@escuela.do>';
  if (!/<[^\s@<>]+@[^\s@<>]+>$|^[^\s@]+@[^\s@]+$/.test(mailFrom)) {
    problems.push('MAIL_FROM must be an address, optionally with a name: "Escuela <correo@dominio.do>"');
  }

  const mailReplyTo = value('MAIL_REPLY_TO') ?? null;
  if (mailReplyTo !== null && !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(mailReplyTo)) {
    problems.push('MAIL_REPLY_TO must be one e-mail address: "secretaria@escuela.do"');
  }

  let publicUrl = value('PUBLIC_URL') ?? `http://localhost:${port || 3000}`;
  if (!isUrl(publicUrl, ['http:', 'https:'])) {
    problems.push(`PUBLIC_URL must be an http:// or https:// URL (got "${publicUrl}")`);
  }
  publicUrl = publicUrl.replace(/\/+$/, '');

  const schoolWebsite = value('SCHOOL_WEBSITE') ?? publicUrl;
  if (!isUrl(schoolWebsite, ['http:', 'https:'])) {
    problems.push(`SCHOOL_WEBSITE must be an http:// or https:// URL (got "${schoolWebsite}")`);
  }

  const logLevel = (value('LOG_LEVEL') ?? (env_ === 'test' ? 'silent' : 'info')) as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  }

  const rawSeed = value('SEED_DEMO');
  if (rawSeed !== undefined && !['true', 'false'].includes(rawSeed)) {
    problems.push('SEED_DEMO must be true or false');
  }
  const seedDemo = rawSeed === undefined ? mongodbUri === undefined : rawSeed === 'true';

  const whole = (name: string, fallback: number, min: number, max: number, unit: string): number => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name} must be a whole number of ${unit} from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return Number(raw);
  };
  // Never above 60 s: a retry waits out the lease, and a parent's request must not hang longer.
  const paymentLeaseMs = whole('PAYMENT_LEASE_SECONDS', 60, 2, 60, 'seconds') * 1000;
  const sandboxLatencyMs = whole('SANDBOX_LATENCY_MS', 0, 0, 10_000, 'milliseconds');
  const rawRetries = value('AUTOPAY_RETRY_DAYS') ?? AUTOPAY_DEFAULTS.retryDays.join(',');
  const retryDays = rawRetries.trim() === '' ? [] : rawRetries.split(',').map((day) => day.trim());
  if (
    retryDays.length > 10 ||
    retryDays.some(
      (day, index) =>
        !/^\d{1,2}$/.test(day) ||
        Number(day) < 1 ||
        (index > 0 && Number(day) <= Number(retryDays[index - 1])),
    )
  )
    problems.push(
      `AUTOPAY_RETRY_DAYS must be up to 10 growing whole numbers of days from 1 to 99, separated by commas, e.g. 1,3,7 (got "${rawRetries}")`,
    );
  const autopay = {
    retryDays: retryDays.map(Number),
    noticeDays: whole('AUTOPAY_NOTICE_DAYS', AUTOPAY_DEFAULTS.noticeDays, 0, 30, 'days'),
  };
  // Autopay charges by the day: every five minutes finds a due instalment early that day. DGII's
  // answers come within seconds to minutes: a minute keeps the office's e-CF list current.
  const passes = {
    autopayMs: whole('AUTOPAY_PASS_SECONDS', 300, 1, 3600, 'seconds') * 1000,
    ecfMs: whole('ECF_PASS_SECONDS', 60, 1, 3600, 'seconds') * 1000,
  };

  const rawFsync = value('STORE_FSYNC');
  if (rawFsync !== undefined && !['true', 'false'].includes(rawFsync)) {
    problems.push('STORE_FSYNC must be true or false');
  }
  const storeFsync = rawFsync === undefined ? env_ === 'production' : rawFsync === 'true';

  const backupKey = value('BACKUP_KEY');
  if (backupKey !== undefined && backupKey.length < BACKUP_KEY_MIN) problems.push(BACKUP_MESSAGES.shortKey);
  const rawKeep = value('BACKUP_KEEP');
  const keep = rawKeep === undefined ? { ...BACKUP_DEFAULT_KEEP } : parseBackupKeep(rawKeep);
  if (!keep)
    problems.push(`BACKUP_KEEP must be two whole numbers, daily and weekly, e.g. "14,8" (got "${rawKeep}")`);
  const backup: BackupSettings = {
    key: backupKey,
    dir: path.resolve(cwd, value('BACKUP_DIR') ?? 'respaldos'),
    hour: whole('BACKUP_HOUR', BACKUP_DEFAULT_HOUR, 0, 23, 'hours'),
    keep: keep ?? { ...BACKUP_DEFAULT_KEEP },
  };

  const payments = paymentsConfig(value, whole, problems, cwd);
  const ecf = ecfConfig(value, problems, cwd);
  const platform = platformConfig(value, problems);

  const whatsapp = whatsappConfig(value, problems);
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    payments,
    ecf,
    env: env_,
    port,
    host,
    dataDir,
    mongodbUri,
    accountId,
    jwtSecret,
    adminEmail,
    adminPassword,
    smtpUrl,
    azureStorageConnectionString,
    azureStorageContainer,
    oauth,
    mailFrom,
    mailReplyTo,
    publicUrl,
    logLevel,
    staticDir: path.resolve(cwd, value('STATIC_DIR') ?? 'dist'),
    schoolWebsite,
    seedDemo,
    paymentLeaseMs,
    sandboxLatencyMs,
    autopay,
    passes,
    storeFsync,
    backup,
    platform,
    whatsapp,
    whatsappApiUrl: (value('WHATSAPP_API_URL') ?? WHATSAPP_DEFAULT_API_URL).replace(/\/+$/, ''),
  };
}

/** WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN: all or none. */
function whatsappConfig(
  value: (name: string) => string | undefined,
  problems: string[],
): WhatsAppConfig | null {
  const names = [
    'WHATSAPP_TOKEN',
    'WHATSAPP_PHONE_NUMBER_ID',
    'WHATSAPP_APP_SECRET',
    'WHATSAPP_VERIFY_TOKEN',
  ];
  const [token, phoneNumberId, appSecret, verifyToken] = names.map(value);
  const apiUrl = value('WHATSAPP_API_URL') ?? WHATSAPP_DEFAULT_API_URL;
  if (!isUrl(apiUrl, ['http:', 'https:'])) problems.push('WHATSAPP_API_URL must be an http(s) URL');
  const set = [token, phoneNumberId, appSecret, verifyToken].filter((setting) => setting !== undefined);
  if (set.length === 0) return null;
  if (set.length < names.length) {
    problems.push(`${names.join(', ')} go together: set all four or none`);
    return null;
  }
  if (!/^\d+$/.test(phoneNumberId!))
    problems.push("WHATSAPP_PHONE_NUMBER_ID must be digits (Meta's id of the number)");
  return {
    token: token!,
    phoneNumberId: phoneNumberId!,
    appSecret: appSecret!,
    verifyToken: verifyToken!,
    apiUrl: apiUrl.replace(/\/+$/, ''),
  };
}

/** PLATFORM_ADMIN_EMAIL / PLATFORM_ADMIN_PASSWORD (both or neither) and PLATFORM_KEY. */
function platformConfig(value: (name: string) => string | undefined, problems: string[]): Config['platform'] {
  const adminEmail = value('PLATFORM_ADMIN_EMAIL')?.toLowerCase();
  const adminPassword = value('PLATFORM_ADMIN_PASSWORD');
  if (adminEmail !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail))
    problems.push(`PLATFORM_ADMIN_EMAIL must be an e-mail address (got "${adminEmail}")`);
  if ((adminEmail === undefined) !== (adminPassword === undefined))
    problems.push('PLATFORM_ADMIN_EMAIL and PLATFORM_ADMIN_PASSWORD go together: set both or neither');
  if (adminPassword !== undefined && adminPassword.length < 10)
    problems.push('PLATFORM_ADMIN_PASSWORD must be at least 10 characters long');
  const key = value('PLATFORM_KEY');
  if (key !== undefined && key.length < 32)
    problems.push("PLATFORM_KEY must be at least 32 characters long (it encrypts the schools' secrets)");
  return { adminEmail, adminPassword, key };
}

function isUrl(text: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** PAYMENT_GATEWAY and, for AZUL, its variables: every missing or malformed one is a problem. */
function paymentsConfig(
  value: (name: string) => string | undefined,
  whole: (name: string, fallback: number, min: number, max: number, unit: string) => number,
  problems: string[],
  cwd: string,
): Config['payments'] {
  const gateway = value('PAYMENT_GATEWAY') ?? 'sandbox';
  if (gateway !== 'sandbox' && gateway !== 'azul') {
    problems.push(`PAYMENT_GATEWAY must be sandbox or azul (got "${gateway}")`);
    return { gateway: 'sandbox' };
  }
  if (gateway === 'sandbox') return { gateway };
  const required = (name: string): string => {
    const found = value(name);
    if (!found) problems.push(`${name} is required when PAYMENT_GATEWAY is azul`);
    return found ?? '';
  };
  const httpsUrl = (name: string, fallback: string): string => {
    const found = value(name) ?? fallback;
    if (!isUrl(found, ['https:'])) problems.push(`${name} must be an https:// URL (got "${found}")`);
    return found;
  };
  const merchantName = value('AZUL_MERCHANT_NAME') ?? 'Escuela de Baloncesto';
  // AZUL's AltMerchantName: at most 25 characters, and a quote or backslash breaks the request.
  if (merchantName.length > 25 || /["\\]/.test(merchantName))
    problems.push('AZUL_MERCHANT_NAME must be at most 25 characters, without quotes or backslashes');
  const file = (name: string) => {
    const found = value(name);
    return found ? path.resolve(cwd, found) : null;
  };
  const certFile = file('AZUL_CERT_FILE');
  const keyFile = file('AZUL_KEY_FILE');
  if (!certFile)
    problems.push('AZUL_CERT_FILE is required when PAYMENT_GATEWAY is azul (the certificate AZUL issued)');
  if (!keyFile)
    problems.push('AZUL_KEY_FILE is required when PAYMENT_GATEWAY is azul (the key of that certificate)');
  return {
    gateway,
    azul: {
      url: httpsUrl('AZUL_URL', AZUL_TEST_URL),
      backupUrl: httpsUrl('AZUL_BACKUP_URL', AZUL_BACKUP_URL),
      merchantId: required('AZUL_MERCHANT_ID'),
      merchantName,
      auth1: required('AZUL_AUTH1'),
      auth2: required('AZUL_AUTH2'),
      certFile: certFile ?? '',
      keyFile: keyFile ?? '',
      caFile: file('AZUL_CA_FILE'),
      timeoutMs: whole('AZUL_TIMEOUT_SECONDS', 120, 5, 300, 'seconds') * 1000,
      tokenCvc: value('AZUL_TOKEN_CVC') === '1',
    },
  };
}

/** ECF_ENV and, when it is set, the certificate that signs the receipts; unset: e-CF off. */
function ecfConfig(
  value: (name: string) => string | undefined,
  problems: string[],
  cwd: string,
): EcfConfig | null {
  const env = value('ECF_ENV');
  if (env === undefined) return null;
  if (env !== 'TesteCF' && env !== 'CerteCF' && env !== 'eCF') {
    problems.push(
      `ECF_ENV must be TesteCF, CerteCF or eCF (got "${env}"); unset it to keep the B-series receipts`,
    );
    return null;
  }
  const p12 = value('ECF_P12_FILE');
  if (!p12) problems.push("ECF_P12_FILE is required when ECF_ENV is set (the school's .p12 certificate)");
  const password = value('ECF_P12_PASSWORD');
  if (password === undefined)
    problems.push('ECF_P12_PASSWORD is required when ECF_ENV is set (the .p12 password)');
  const url = (name: string, fallback: string) => {
    const found = (value(name) ?? fallback).replace(/\/+$/, '');
    if (!isUrl(found, ['https:', 'http:'])) problems.push(`${name} must be an http(s) URL (got "${found}")`);
    return found;
  };
  // Production sends the school's receipts to DGII itself, never to a stand-in or a test host.
  if (env === 'eCF')
    for (const name of ['DGII_ECF_URL', 'DGII_FC_URL'])
      if (value(name) !== undefined)
        problems.push(
          `${name} must not be set with ECF_ENV=eCF (production): receipts go to DGII's own hosts; unset ${name}`,
        );
  return {
    env,
    p12File: p12 ? path.resolve(cwd, p12) : '',
    p12Password: password ?? '',
    ecfUrl: url('DGII_ECF_URL', DGII_ECF_URL),
    fcUrl: url('DGII_FC_URL', DGII_FC_URL),
  };
}
