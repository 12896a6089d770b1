// A school's own settings (issue 46, 'Ajustes de la escuela'): what parents see of it, how its
// e-mails are signed, its own AZUL merchant and its own WhatsApp number (issue 56). Secrets (AZUL's
// Auth1/Auth2, its client certificate's key, WhatsApp's token, app secret and verify token) are
// written, never read back: an answer says only when each was configured.
import { Type, type Static } from 'typebox';

export const AZUL_ENVIRONMENTS = ['pruebas', 'produccion'] as const;
/** DGII's e-CF environments (issue 22): tests, certification, production. */
export const ECF_ENVIRONMENTS = ['TesteCF', 'CerteCF', 'eCF'] as const;
export type EcfEnvironment = (typeof ECF_ENVIRONMENTS)[number];
export type AzulEnvironment = (typeof AZUL_ENVIRONMENTS)[number];

/** The secrets a school can set; each is stored encrypted under PLATFORM_KEY. */
export const SCHOOL_SECRETS = [
  'azul_auth1',
  'azul_auth2',
  'azul_key',
  'whatsapp_token',
  'whatsapp_app_secret',
  'whatsapp_verify_token',
  'ecf_p12',
  'ecf_p12_password',
] as const;
export type SchoolSecret = (typeof SCHOOL_SECRETS)[number];

const Text = (max: number) => Type.String({ maxLength: max });

/** What an administrator may save; every field optional (only those sent change). */
export const SchoolSettingsBody = Type.Object({
  name: Type.Optional(Text(120)),
  website: Type.Optional(Text(300)),
  /** The colour of the parents' header, `#rrggbb`. */
  colour: Type.Optional(Type.String({ pattern: '^(#[0-9a-fA-F]{6})?$' })),
  mail_from_name: Type.Optional(Text(80)),
  reply_to: Type.Optional(Type.String({ maxLength: 254, pattern: '^([^\\s@]+@[^\\s@]+\\.[^\\s@]+)?$' })),
  azul_environment: Type.Optional(Type.Union(AZUL_ENVIRONMENTS.map((value) => Type.Literal(value)))),
  azul_merchant_id: Type.Optional(Type.String({ maxLength: 30, pattern: '^[0-9]*$' })),
  azul_merchant_name: Type.Optional(Text(60)),
  /** The client certificate AZUL issued (PEM): public, shown by its subject and expiry. */
  azul_cert: Type.Optional(Text(20_000)),
  azul_auth1: Type.Optional(Text(100)),
  azul_auth2: Type.Optional(Text(100)),
  /** The certificate's private key (PEM). */
  azul_key: Type.Optional(Text(20_000)),
  /**
   * Test deployments only (refused in production): another AZUL address and a CA to trust, for
   * the AZUL stand-in.
   */
  azul_url: Type.Optional(Text(300)),
  azul_ca: Type.Optional(Text(20_000)),
  /** Meta's id of the school's WhatsApp number (WhatsApp Manager, 'Phone number ID'). */
  whatsapp_phone_number_id: Type.Optional(Type.String({ maxLength: 30, pattern: '^[0-9]*$' })),
  /** A system user's access token of the school's WhatsApp Business account. */
  whatsapp_token: Type.Optional(Text(1000)),
  /** The school's Meta app secret: verifies its webhook's notifications. */
  whatsapp_app_secret: Type.Optional(Text(200)),
  /** What the school typed in Meta's webhook set-up as 'Verify token'. */
  whatsapp_verify_token: Type.Optional(Text(200)),
  /** Test deployments only (refused in production): another Graph API base, for Meta's stand-in. */
  whatsapp_api_url: Type.Optional(Text(300)),
  /** DGII's environment the school's e-CF go to; '' keeps the B-series receipts. */
  ecf_env: Type.Optional(
    Type.Union([Type.Literal(''), ...ECF_ENVIRONMENTS.map((value) => Type.Literal(value))]),
  ),
  /** The school's DGII certificate: its .p12 file in base64 (its private key: sealed). */
  ecf_p12: Type.Optional(Type.String({ maxLength: 60_000, pattern: '^[A-Za-z0-9+/=\\s]*$' })),
  ecf_p12_password: Type.Optional(Text(200)),
  /** Test deployments only (refused in production): DGII's stand-in, for reception and summaries. */
  ecf_url: Type.Optional(Text(300)),
  /** The nightly backup of the school (issue 55): on unless its administrators turn it off. */
  backups: Type.Optional(Type.Boolean()),
  /** The administrator read the warning of a merchant change (kept cards) and goes on. */
  confirm: Type.Optional(Type.Boolean()),
});
export type SchoolSettingsInput = Static<typeof SchoolSettingsBody>;

/** The settings as answered: public fields, and of each secret only when it was set. */
export interface SchoolSettingsView {
  name: string;
  website: string;
  colour: string;
  mail_from_name: string;
  reply_to: string;
  azul_environment: AzulEnvironment;
  azul_merchant_id: string;
  azul_merchant_name: string;
  azul_cert_set: boolean;
  secrets: Record<SchoolSecret, { configured_at: string | null }>;
  /** Cards are taken through this school's own AZUL merchant (all of it is set). */
  azul_ready: boolean;
  whatsapp_phone_number_id: string;
  /** The logo parents see, served from the school's own files; '' for the deployment's. */
  logo_url: string;
  /** The nightly pass backs the school up (where the deployment has a backup key). */
  backups: boolean;
  ecf_env: EcfEnvironment | '';
  /** Until when the saved DGII certificate signs (ISO), or null with none. */
  ecf_valid_until: string | null;
  /** Its receipts are e-CF signed with the school's own certificate (all of it is set). */
  ecf_ready: boolean;
  /** Families who opted in hear from the school's own WhatsApp number (all of it is set). */
  whatsapp_ready: boolean;
}

/** The logo parents see (issue 55): a small picture of one of these types. */
export const LOGO_MAX_BYTES = 512 * 1024;

/** What parents see of a school on its own pages (the runtime configuration of its host). */
export interface SchoolBranding {
  name: string;
  logoUrl: string;
  colour: string;
}

export const brandingOf = (stored: SchoolSettingsFields | null): SchoolBranding => ({
  name: stored?.name ?? '',
  logoUrl: stored?.logo_url ?? '',
  colour: stored?.colour ?? '',
});

export const SCHOOL_SETTINGS_MESSAGES = {
  saved: 'Ajustes de la escuela guardados',
  logoSaved: 'Logo de la escuela guardado',
  badEcfCertificate:
    'El archivo .p12 y su contraseña no abren un certificado de la DGII: revise el archivo y la contraseña.',
  ecfIncomplete: 'Suba el certificado .p12 de la DGII con su contraseña.',
  ecfTestOnly: 'Esa dirección de la DGII solo se admite en un servidor de pruebas.',
  logoMissing: 'Debe adjuntar el logo en el campo "logo".',
  logoTooLarge: `El logo no puede pesar más de ${LOGO_MAX_BYTES / 1024} KB.`,
  logoBadType: 'El logo debe ser una imagen PNG, JPEG o WebP.',
  noPlatformKey:
    'El servidor no tiene PLATFORM_KEY: no se pueden guardar las credenciales. Avise al operador de la plataforma.',
  testOnly: 'Esa dirección de AZUL solo se admite en un servidor de pruebas.',
  whatsappTestOnly: 'Esa dirección de WhatsApp solo se admite en un servidor de pruebas.',
  whatsappNumberTaken: 'Ese número de WhatsApp ya está configurado en otra escuela.',
  badCertificate: 'El certificado y la clave de AZUL no forman un certificado de cliente válido.',
  notReady:
    'Complete el comercio, Auth1, Auth2, el certificado y su clave de AZUL antes de probar la conexión.',
  connected: 'Conexión con AZUL correcta.',
  notConnected: (why: string) => `AZUL no respondió como se esperaba: ${why}`,
  merchantBusy: (open: number) =>
    `Hay ${open} ${open === 1 ? 'cobro o reembolso' : 'cobros o reembolsos'} en curso con el comercio actual: ` +
    'solo ese comercio puede confirmarlos. Cambie el comercio de AZUL cuando terminen (unos minutos).',
  merchantKeptCards: (cards: number) =>
    `${cards} ${cards === 1 ? 'tarjeta guardada' : 'tarjetas guardadas'} para cobros automáticos ` +
    `${cards === 1 ? 'pertenece' : 'pertenecen'} al comercio actual: con el nuevo, esas familias deberán ` +
    'registrar su tarjeta de nuevo, y los reembolsos de cobros anteriores se hacen desde el portal del ' +
    'comercio anterior. ¿Cambiar el comercio de todos modos?',
} as const;

/** The settings as a school's store keeps them, besides test-only addresses and the sealed bytes. */
export interface SchoolSettingsFields {
  name?: string;
  website?: string;
  colour?: string;
  mail_from_name?: string;
  reply_to?: string;
  azul_environment?: AzulEnvironment;
  azul_merchant_id?: string;
  azul_merchant_name?: string;
  azul_cert?: string;
  whatsapp_phone_number_id?: string;
  logo_url?: string;
  backups?: boolean;
  ecf_env?: EcfEnvironment | '';
  ecf_valid_until?: Date | string;
  /** Of each secret set, when (the sealed text stays on the server). */
  secrets?: Partial<Record<SchoolSecret, { configured_at: Date | string }>>;
}

export const azulReady = (stored: SchoolSettingsFields | null): boolean =>
  Boolean(
    stored?.azul_merchant_id &&
    stored.azul_cert &&
    stored.secrets?.azul_auth1 &&
    stored.secrets.azul_auth2 &&
    stored.secrets.azul_key,
  );

export const whatsappReady = (stored: SchoolSettingsFields | null): boolean =>
  Boolean(
    stored?.whatsapp_phone_number_id &&
    stored.secrets?.whatsapp_token &&
    stored.secrets.whatsapp_app_secret &&
    stored.secrets.whatsapp_verify_token,
  );

export const ecfReady = (stored: SchoolSettingsFields | null): boolean =>
  Boolean(stored?.ecf_env && stored.secrets?.ecf_p12 && stored.secrets.ecf_p12_password);

/** Who takes the school's cards with these settings: its own merchant, or the deployment's (null). */
export const merchantOf = (stored: SchoolSettingsFields | null): string | null =>
  azulReady(stored) ? `azul:${stored!.azul_merchant_id}` : null;

/** What the panel is answered (the server's and the mocks'): never a secret, only when each was set. */
export function settingsView(stored: SchoolSettingsFields | null): SchoolSettingsView {
  const secrets = Object.fromEntries(
    SCHOOL_SECRETS.map((name) => {
      const at = stored?.secrets?.[name]?.configured_at;
      return [name, { configured_at: at ? new Date(at).toISOString() : null }];
    }),
  ) as SchoolSettingsView['secrets'];
  return {
    name: stored?.name ?? '',
    website: stored?.website ?? '',
    colour: stored?.colour ?? '',
    mail_from_name: stored?.mail_from_name ?? '',
    reply_to: stored?.reply_to ?? '',
    azul_environment: stored?.azul_environment ?? 'pruebas',
    azul_merchant_id: stored?.azul_merchant_id ?? '',
    azul_merchant_name: stored?.azul_merchant_name ?? '',
    azul_cert_set: Boolean(stored?.azul_cert),
    secrets,
    azul_ready: azulReady(stored),
    whatsapp_phone_number_id: stored?.whatsapp_phone_number_id ?? '',
    logo_url: stored?.logo_url ?? '',
    backups: stored?.backups !== false,
    ecf_env: stored?.ecf_env ?? '',
    ecf_valid_until: stored?.ecf_valid_until ? new Date(stored.ecf_valid_until).toISOString() : null,
    ecf_ready: ecfReady(stored),
    whatsapp_ready: whatsappReady(stored),
  };
}
