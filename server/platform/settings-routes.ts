// 'Ajustes de la escuela' (issue 46): the school's administrators read and save its own settings
// and test its AZUL merchant. Server-only calls (secrets are sealed with node:crypto under
// PLATFORM_KEY), answered without any secret.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { assertRole } from '../../src/core/api/index.ts';
import {
  SCHOOL_SECRETS,
  SCHOOL_SETTINGS_MESSAGES as M,
  SchoolSettingsBody,
  brandingOf,
  type SchoolSettingsInput,
} from '../../src/domain/school-settings.ts';
import { schoolOfRequest } from './resolve.ts';
import type { School } from './school.ts';
import {
  readSchoolSettings,
  saveSchoolSettings,
  settingsEcf,
  settingsGateway,
  settingsView,
  settingsWhatsApp,
  testAzulConnection,
} from './settings.ts';
import { recordAudit } from '../../src/core/admin/audit.ts';
import { ApiError } from '../../src/core/errors.ts';
import { setById } from '../../src/core/store/common.ts';

const ADMINISTRATORS = { roles: ['administrador'] as const };
/** Written to the audit as 'configurado': secrets, and PEM texts too long to read there. */
const SEALED_OR_LONG = new Set<string>([...SCHOOL_SECRETS, 'azul_cert', 'azul_ca']);

const Secret = Type.Object({ configured_at: Type.Union([Type.String(), Type.Null()]) });
const View = Type.Object({
  name: Type.String(),
  website: Type.String(),
  colour: Type.String(),
  mail_from_name: Type.String(),
  reply_to: Type.String(),
  azul_environment: Type.String(),
  azul_merchant_id: Type.String(),
  azul_merchant_name: Type.String(),
  azul_cert_set: Type.Boolean(),
  secrets: Type.Object(Object.fromEntries(SCHOOL_SECRETS.map((name) => [name, Secret]))),
  azul_ready: Type.Boolean(),
  whatsapp_phone_number_id: Type.String(),
  logo_url: Type.String(),
  backups: Type.Boolean(),
  ecf_env: Type.String(),
  ecf_valid_until: Type.Union([Type.String(), Type.Null()]),
  ecf_ready: Type.Boolean(),
  whatsapp_ready: Type.Boolean(),
});
export const SettingsAnswer = Type.Object({
  status: Type.Literal('SUCCESS'),
  message: Type.String(),
  data: View,
});

/** The school's own AZUL gateway as its settings say now, or null while they are incomplete. */
const ownGateway = async (school: School, timeoutMs: number) =>
  settingsGateway(await readSchoolSettings(school.store), {
    schoolId: school.id,
    config: school.config,
    timeoutMs,
    store: school.store,
    log: school.core.deps.log,
  });

/** AZUL's own timeout for payments (AZUL_TIMEOUT_SECONDS where the deployment sets it). */
const paymentTimeout = (school: School) =>
  school.config.payments.gateway === 'azul' ? school.config.payments.azul.timeoutMs : 120_000;

/**
 * The school's own AZUL merchant, when complete, takes its cards from now on; its own WhatsApp
 * number, when complete, sends its messages (else the deployment's WHATSAPP_* for its own school).
 */
export async function applySchoolSettings(school: School): Promise<void> {
  const stored = await readSchoolSettings(school.store);
  school.branding = brandingOf(stored);
  const gateway = await ownGateway(school, paymentTimeout(school));
  if (gateway) school.useGateway(gateway);
  const ecf = settingsEcf(stored, { schoolId: school.id, config: school.config });
  if (ecf) school.useEcf(ecf);
  const whatsapp = settingsWhatsApp(stored, {
    schoolId: school.id,
    platformKey: school.config.platform.key,
    apiUrl: school.config.whatsappApiUrl,
  });
  await school.useWhatsApp(whatsapp ?? school.config.whatsapp);
}

/** The school's logo is `url` from now on (already saved with its files); the audit says so. */
export async function saveSchoolLogo(
  school: School,
  url: string,
  who: { user: NonNullable<FastifyRequest['account']>; ip: string },
) {
  await setById(school.store.collection('ajustes'), 'escuela', { logo_url: url, updated_at: new Date() });
  await applySchoolSettings(school);
  await recordAudit(school.store, who, {
    action: 'update',
    kind: 'ajustes',
    record_id: 'escuela',
    after: { logo_url: url },
  });
  return readSchoolSettings(school.store);
}

export async function schoolSettingsRoutes(app: FastifyInstance): Promise<void> {
  const administrator = async (request: FastifyRequest) => {
    await app.requireAdmin(request);
    assertRole(ADMINISTRATORS, request.account!);
  };
  app.get(
    '/ajustes/escuela',
    { onRequest: administrator, schema: { response: { 200: SettingsAnswer } } },
    async (request) => ({
      status: 'SUCCESS' as const,
      message: '',
      data: settingsView(await readSchoolSettings(schoolOfRequest(request).store)),
    }),
  );
  app.post<{ Body: SchoolSettingsInput }>(
    '/ajustes/escuela',
    { onRequest: administrator, schema: { body: SchoolSettingsBody, response: { 200: SettingsAnswer } } },
    async (request) => {
      const school = schoolOfRequest(request);
      // Meta's notifications find their school by the number: one number, one school.
      const number = request.body.whatsapp_phone_number_id;
      if (
        number &&
        app.schools
          .all()
          .some((other) => other !== school && other.whatsappSettings?.phoneNumberId === number)
      )
        throw new ApiError(409, M.whatsappNumberTaken);
      const saved = await saveSchoolSettings(
        school.store,
        { schoolId: school.id, config: school.config },
        request.body,
      );
      await applySchoolSettings(school);
      // Which fields changed, never their values when they are secrets.
      await recordAudit(
        school.store,
        { user: request.account!, ip: request.ip },
        {
          action: 'update',
          kind: 'ajustes',
          record_id: 'escuela',
          after: Object.fromEntries(
            Object.keys(request.body).map((field) => [
              field,
              SEALED_OR_LONG.has(field) ? 'configurado' : (request.body as Record<string, unknown>)[field],
            ]),
          ),
        },
      );
      return { status: 'SUCCESS' as const, message: M.saved, data: settingsView(saved) };
    },
  );
  app.post(
    '/ajustes/escuela/probar-azul',
    {
      onRequest: administrator,
      schema: { response: { 200: Type.Object({ status: Type.Literal('SUCCESS'), message: Type.String() }) } },
    },
    async (request) => {
      // A test answers within seconds or says it did not.
      const gateway = await ownGateway(schoolOfRequest(request), 15_000);
      return { status: 'SUCCESS' as const, message: await testAzulConnection(gateway) };
    },
  );
}
