// A school's own settings (issue 46, 'Ajustes de la escuela'), kept in its own store: public
// fields in clear, secrets sealed under PLATFORM_KEY (./secrets.ts) and never answered, and its
// own AZUL merchant, which takes the school's cards from the moment it is complete.
import crypto from 'node:crypto';
import tls from 'node:tls';
import type { Config, WhatsAppConfig } from '../config.ts';
import { AZUL_BACKUP_URL, AZUL_PRODUCTION_URL, AZUL_TEST_URL, DGII_ECF_URL, DGII_FC_URL } from '../config.ts';
import { ecfPort } from '../ecf/port.ts';
import { ecfSigner, readP12 } from '../ecf/signer.ts';
import type { EcfPort } from '../../src/core/receipts/ecf-port.ts';
import type { Store } from '../store/port.ts';
import { setById } from '../../src/core/store/common.ts';
import type { PaymentGateway } from '../../src/core/checkout/gateway.ts';
import { ApiError } from '../../src/core/errors.ts';
import { checkMerchantChange } from '../../src/core/payments/merchant-work.ts';
import { itbisOf } from '../payments/index.ts';
import {
  SCHOOL_SECRETS,
  SCHOOL_SETTINGS_MESSAGES as M,
  type SchoolSecret,
  type SchoolSettingsFields,
  type SchoolSettingsInput,
  azulReady,
  ecfReady,
  merchantOf,
  type EcfEnvironment,
  settingsView,
  whatsappReady,
} from '../../src/domain/school-settings.ts';
import { azulGateway, type AzulLog } from '../payments/azul.ts';
import { seal, unseal, type SealedSecret } from './secrets.ts';

const SETTINGS_ID = 'escuela';

export interface StoredSchoolSettings extends SchoolSettingsFields {
  _id: typeof SETTINGS_ID;
  azul_url?: string;
  ecf_url?: string;
  azul_ca?: string;
  whatsapp_api_url?: string;
  secrets?: Partial<Record<SchoolSecret, SealedSecret>>;
  updated_at?: Date;
}

const settingsOf = (store: Store) => store.collection<StoredSchoolSettings>('ajustes');

export async function readSchoolSettings(store: Store): Promise<StoredSchoolSettings | null> {
  return settingsOf(store).findById(SETTINGS_ID);
}

export { settingsView };

/**
 * The school's own WhatsApp number (issue 56) once all of it is set and its secrets open; else
 * null. Meta's Graph API base is the deployment's (WHATSAPP_API_URL), or the school's test address.
 */
export function settingsWhatsApp(
  stored: StoredSchoolSettings | null,
  context: { schoolId: string; platformKey: string | undefined; apiUrl: string },
): WhatsAppConfig | null {
  if (!whatsappReady(stored) || !context.platformKey) return null;
  const open = (name: SchoolSecret) =>
    unseal(context.platformKey!, context.schoolId, stored!.secrets![name]!) ?? undefined;
  const [token, appSecret, verifyToken] = [
    open('whatsapp_token'),
    open('whatsapp_app_secret'),
    open('whatsapp_verify_token'),
  ];
  if (!token || !appSecret || !verifyToken) return null;
  return {
    token,
    appSecret,
    verifyToken,
    phoneNumberId: stored!.whatsapp_phone_number_id!,
    apiUrl: (stored!.whatsapp_api_url || context.apiUrl).replace(/\/+$/, ''),
  };
}

export interface SettingsContext {
  schoolId: string;
  config: Pick<Config, 'env' | 'platform'>;
}

/** Saves what was sent (secrets sealed); answers the stored settings. Nothing changes on a refusal. */
export async function saveSchoolSettings(
  store: Store,
  context: SettingsContext,
  input: SchoolSettingsInput,
  now = new Date(),
): Promise<StoredSchoolSettings> {
  const { confirm, ...given } = input;
  const secrets: Partial<Record<SchoolSecret, string>> = {};
  const open: Omit<SchoolSettingsInput, SchoolSecret | 'confirm'> = { ...given };
  for (const name of SCHOOL_SECRETS) {
    secrets[name] = given[name];
    delete (open as Partial<Record<SchoolSecret, string>>)[name];
  }
  const sent = SCHOOL_SECRETS.filter((name) => secrets[name] !== undefined && secrets[name] !== '');
  const platformKey = context.config.platform.key;
  if (sent.length && !platformKey) throw new ApiError(409, M.noPlatformKey);
  if ((open.azul_url || open.azul_ca) && context.config.env === 'production')
    throw new ApiError(400, M.testOnly);
  if (open.whatsapp_api_url && context.config.env === 'production')
    throw new ApiError(400, M.whatsappTestOnly);
  if (open.ecf_url && context.config.env === 'production') throw new ApiError(400, M.ecfTestOnly);
  const current = await readSchoolSettings(store);
  const sealed = { ...current?.secrets };
  for (const name of sent) sealed[name] = seal(platformKey!, context.schoolId, secrets[name]!, now);
  const next: StoredSchoolSettings = {
    ...current,
    ...open,
    _id: SETTINGS_ID,
    secrets: sealed,
    updated_at: now,
  };
  // A certificate and key that do not make a TLS client certificate are refused now, not at a payment.
  if (next.azul_cert && sealed.azul_key && (open.azul_cert !== undefined || sent.includes('azul_key'))) {
    const key = unseal(platformKey ?? '', context.schoolId, sealed.azul_key);
    try {
      tls.createSecureContext({ cert: next.azul_cert, key: key ?? '' });
    } catch {
      throw new ApiError(400, M.badCertificate);
    }
  }
  // A DGII certificate that its password does not open is refused now, not at a receipt.
  if (sent.includes('ecf_p12') || sent.includes('ecf_p12_password')) {
    const opened = openEcfCertificate(next, platformKey!, context.schoolId);
    if (!opened) throw new ApiError(400, M.badEcfCertificate);
    next.ecf_valid_until = opened.certificate.validity.notAfter;
  }
  if (next.ecf_env && !ecfReady(next)) throw new ApiError(400, M.ecfIncomplete);
  await checkMerchantChange(store, merchantOf(current), merchantOf(next), confirm === true);
  const { _id, ...fields } = next;
  await setById(settingsOf(store), _id, fields);
  return next;
}

/** The school's DGII certificate opened with its password, or null where they do not open one. */
function openEcfCertificate(stored: StoredSchoolSettings, platformKey: string, schoolId: string) {
  const p12 = stored.secrets?.ecf_p12 && unseal(platformKey, schoolId, stored.secrets.ecf_p12);
  const password =
    stored.secrets?.ecf_p12_password && unseal(platformKey, schoolId, stored.secrets.ecf_p12_password);
  if (!p12 || password === null || password === undefined) return null;
  try {
    return readP12(Buffer.from(p12, 'base64'), password);
  } catch {
    return null;
  }
}

/**
 * The school's own e-CF port (issue 55): its receipts signed with its DGII certificate and sent to
 * the environment it chose, once all of it is set and opens; else null. DGII's hosts are the
 * deployment's (DGII_ECF_URL, DGII_FC_URL where set), or the school's test address.
 */
export function settingsEcf(
  stored: StoredSchoolSettings | null,
  context: SettingsContext & { config: Pick<Config, 'ecf'> },
): EcfPort | null {
  const platformKey = context.config.platform.key;
  if (!ecfReady(stored) || !platformKey) return null;
  const opened = openEcfCertificate(stored!, platformKey, context.schoolId);
  if (!opened) return null;
  const deployment = context.config.ecf;
  return ecfPort(
    {
      env: stored!.ecf_env as EcfEnvironment,
      p12File: '',
      p12Password: '',
      ecfUrl: stored!.ecf_url || deployment?.ecfUrl || DGII_ECF_URL,
      fcUrl: stored!.ecf_url || deployment?.fcUrl || DGII_FC_URL,
    },
    { signer: ecfSigner(opened.key, opened.cert, opened.certificate) },
  );
}

/** The school's own AZUL gateway, once all of it is set and its secrets open; else null. */
export function settingsGateway(
  stored: StoredSchoolSettings | null,
  context: SettingsContext & { timeoutMs: number; store: Store; log: AzulLog },
): PaymentGateway | null {
  const platformKey = context.config.platform.key;
  if (!azulReady(stored) || !platformKey) return null;
  const open = (name: SchoolSecret) => unseal(platformKey, context.schoolId, stored!.secrets![name]!);
  const [auth1, auth2, key] = [open('azul_auth1'), open('azul_auth2'), open('azul_key')];
  if (auth1 === null || auth2 === null || key === null) return null;
  const production = stored!.azul_environment === 'produccion';
  return azulGateway({
    config: {
      url: stored!.azul_url || (production ? AZUL_PRODUCTION_URL : AZUL_TEST_URL),
      backupUrl: stored!.azul_url || AZUL_BACKUP_URL,
      merchantId: stored!.azul_merchant_id!,
      merchantName: stored!.azul_merchant_name || stored!.name || '',
      auth1,
      auth2,
      certFile: '',
      keyFile: '',
      caFile: null,
      timeoutMs: context.timeoutMs,
    },
    tls: {
      cert: Buffer.from(stored!.azul_cert!),
      key: Buffer.from(key),
      ...(stored!.azul_ca ? { ca: Buffer.from(stored!.azul_ca) } : {}),
    },
    log: context.log,
    itbisOf: itbisOf(context.store),
  });
}

/** 'Probar conexión': a harmless question to AZUL (a payment that does not exist), answered in Spanish. */
export async function testAzulConnection(gateway: PaymentGateway | null): Promise<string> {
  if (!gateway) throw new ApiError(409, M.notReady);
  try {
    await gateway.lookup(`prueba-${crypto.randomBytes(6).toString('hex')}`);
    return M.connected;
  } catch (error) {
    throw new ApiError(502, M.notConnected(error instanceof Error ? error.message : String(error)));
  }
}
