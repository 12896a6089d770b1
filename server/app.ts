// buildApp(config, deps): the Fastify instance, without listening, so tests drive it with inject().
// Order: external plugins, the app's own decorations, then routes (Fastify's demo-app shape).
// A deployment serves many schools (issue 46, DESIGN.md §10): each request is answered by its
// school's runtime (./platform/school.ts), found by ./platform/resolve.ts.
import { backupNowRoute } from './backup/route.ts';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.ts';
import type { Store } from './store/port.ts';
import { loggerOptions, requestLogger } from './logging.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/errors.ts';
import { registerFrontend } from './http/frontend.ts';
import { publicPagesRenderer } from './http/prerender.ts';
import { registerSecurityHeaders } from './http/securityHeaders.ts';
import { healthRoutes } from './routes/health.ts';
import {
  appConfigRoute,
  browserConfig,
  configScript,
  cspHash,
  type BrowserConfig,
} from './routes/app-config.ts';
import { authPlugin } from './auth/guards.ts';
import { sharedSchemaCompilers } from './http/schemaCompilers.ts';
import { OWASP_SCRYPT, type ScryptParams } from './auth/password.ts';
import { fileTransport, smtpTransport, type Outbox, type Transport } from './mail/outbox.ts';
import { apiRoutes } from './http/routes.ts';
import { azurePhotoStorage, localPhotoStorage, type PhotoStorage } from './uploads/storage.ts';
import { uploadRoutes } from './uploads/routes.ts';
import { socialAuthRoutes } from './auth/social.ts';
import type { PaymentGateway } from '../src/core/checkout/gateway.ts';
import type { Core } from '../src/core/services.ts';
import path from 'node:path';
import { authenticationRoutes } from './routes/authentication-3ds.ts';
import { startSchool } from './platform/school.ts';
import { Schools, SCHOOLS_REFRESH_MS } from './platform/schools.ts';
import {
  openSchoolStores,
  schoolConfig,
  schoolGateway,
  type SchoolStores,
} from './platform/school-config.ts';
import { platformRoutes, preparePlatform } from './platform/routes.ts';
import { applySchoolSettings, schoolSettingsRoutes } from './platform/settings-routes.ts';
import { whatsappRoutes } from './whatsapp/routes.ts';
import type { WhatsAppTransport } from './whatsapp/cloud-api.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    store: Store;
    outbox: Outbox;
    /** The default school's business core (src/core/services.ts); a request's is `request.school.core`. */
    core: Core;
    /** Every school of the deployment (./platform/schools.ts). */
    schools: Schools;
    /** scrypt parameters for new password hashes. */
    hashing: ScryptParams;
  }
}

export interface AppDeps {
  store: Store;
  /** Where logs go (tests capture them); stdout when absent. */
  logStream?: NodeJS.WritableStream;
  /** How e-mail leaves (tests capture it); SMTP_URL or .eml files by default. */
  mailTransport?: Transport;
  /** scrypt parameters for new hashes (tests use cheaper ones); OWASP's minimum by default. */
  hashing?: ScryptParams;
  /** The payment gateway; the built-in sandbox by default (DESIGN.md §2.8). */
  gateway?: PaymentGateway;
  /** Where photos go; Azure when configured, else DATA_DIR/uploads. */
  photoStorage?: PhotoStorage;
  /** The time business rules read (tests set the day); the system clock by default. */
  clock?: () => Date;
  /** The platform's store and the created schools' (tests pass their own); opened from the config by default. */
  schoolStores?: SchoolStores;
  /** A created school's gateway (tests make one fail for one school); the deployment's choice by default. */
  schoolGateway?: (schoolId: string) => PaymentGateway | undefined;
  /** How WhatsApp messages leave (issue 56); Meta's Cloud API at WHATSAPP_API_URL by default. */
  whatsappTransport?: WhatsAppTransport;
}

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    childLoggerFactory: requestLogger,
    // Unknown body fields are dropped (no mass assignment); defaults from schemas are applied.
    ajv: { customOptions: { removeAdditional: 'all', useDefaults: true, coerceTypes: 'array' } },
    schemaController: { compilersFactory: sharedSchemaCompilers },
    trustProxy: config.env === 'production',
    return503OnClosing: true,
    // Refusals from the router and from Node's parser get the one Spanish envelope too.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const uploadsDir = path.join(config.dataDir, 'uploads');
  const photoStorage =
    deps.photoStorage ??
    (config.azureStorageConnectionString
      ? await azurePhotoStorage(config.azureStorageConnectionString, config.azureStorageContainer)
      : localPhotoStorage(uploadsDir));

  // Written into the served page, allowed by its hash: the first render waits for no request.
  const inlineConfigScript = configScript(browserConfig(config));
  const pageHeaders = registerSecurityHeaders(
    app,
    {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", cspHash(inlineConfigScript)],
          // react-toastify and react-bootstrap set inline styles at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...(photoStorage.origin ? [photoStorage.origin] : [])],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'"],
          objectSrc: ["'none'"],
          // The payment step frames the card's bank's 3-D Secure pages (issue 21), at addresses AZUL
          // gives per payment.
          frameSrc: ["'self'", 'https:', ...(config.publicUrl.startsWith('https:') ? [] : ['http:'])],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
        },
      },
      // The social sign-in popup hands its token back to the opener with postMessage.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      // The same as frame-ancestors 'none', for browsers that only read the older header.
      frameguard: { action: 'deny' },
    },
    new URL(config.publicUrl).origin,
  );

  // A keep-alive connection left idle after a stop would hold the stop until it timed out.
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  // On a stop, requests in flight finish; their answers close the connection. (API answers get
  // `Cache-Control: no-store` with their security headers.) Synchronous: an async hook costs a
  // promise per request.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (stopping) reply.header('connection', 'close');
    done(null, payload);
  });

  // Limits are set per route (sign-in, registration, password reset); none applies globally.
  await app.register(rateLimit, { global: false });

  app.decorate('config', config);
  app.decorate('hashing', deps.hashing ?? OWASP_SCRYPT);
  const transport =
    deps.mailTransport ??
    (config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(path.join(config.dataDir, 'outbox')));
  registerErrorHandling(app);

  // OpenAPI from the routes' own schemas (registered before the routes so it sees them).
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'API de inscripciones de la escuela de baloncesto',
        description:
          'Todas las llamadas llevan la cabecera x-account-id con la cuenta (la escuela) de la aplicación; las de administración, además, un token Bearer de administrador. Las de la plataforma (/api/plataforma) llevan un token de operador.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(authPlugin);
  await app.register(healthRoutes, { prefix: '/api' });
  const hashing = deps.hashing ?? OWASP_SCRYPT;
  /** What every school's runtime shares: the deployment's log, mail transport and hashing. */
  const shared = (school: string) => ({
    log: app.log,
    transport,
    hashing,
    signToken: (userId: string, version?: number) => app.signSchoolToken(school, userId, version),
    forgetAccount: (userId: string) => app.forgetSchoolAccount(school, userId),
    ...(deps.clock ? { clock: deps.clock } : {}),
    ...(deps.whatsappTransport ? { whatsappTransport: deps.whatsappTransport } : {}),
  });
  // The school of today's settings (ACCOUNT_ID): a server with no other school is exactly this one.
  const defaultSchool = await startSchool(config, {
    ...shared(config.accountId),
    store: deps.store,
    photos: photoStorage,
    ...(deps.gateway ? { gateway: deps.gateway } : {}),
    isDefault: true,
    name: '',
    hosts: [],
    status: 'active',
  });
  await applySchoolSettings(defaultSchool);
  app.decorate('store', deps.store);
  app.decorate('outbox', defaultSchool.outbox);
  // A getter: the default school's core is made again when its own settings change its gateway.
  app.decorate('core', { getter: () => defaultSchool.core });
  // The platform's list of schools, and a runtime per created school on a store of its own.
  const stores = deps.schoolStores ?? (await openSchoolStores(config));
  const schools = new Schools({
    default: defaultSchool,
    platform: stores.platform,
    drop: (id) => stores.drop(id),
    build: async (record) => {
      const own = schoolConfig(config, record);
      const gateway = deps.schoolGateway?.(record._id) ?? schoolGateway(config);
      const school = await startSchool(own, {
        ...shared(record._id),
        store: await stores.open(record._id),
        photos: localPhotoStorage(path.join(own.dataDir, 'uploads')),
        ...(gateway ? { gateway } : {}),
        isDefault: false,
        name: record.name,
        hosts: record.hosts,
        status: record.status,
        createdAt: record.created_at,
      });
      await applySchoolSettings(school);
      return school;
    },
  });
  app.decorate('schools', schools);
  await schools.load();
  // Schools created or suspended on another instance are seen within SCHOOLS_REFRESH_MS.
  const refresh = setInterval(() => {
    schools
      .load()
      .catch((error: unknown) => app.log.error({ err: error }, 'the list of schools could not be read'));
  }, SCHOOLS_REFRESH_MS);
  refresh.unref();
  app.addHook('onClose', async () => {
    clearInterval(refresh);
    await schools.stop();
    if (!deps.schoolStores) await stores.close();
  });
  await preparePlatform(stores.platform, config, hashing);
  await app.register(backupNowRoute);
  await app.register(platformRoutes, { prefix: '/api/plataforma' });
  await app.register(schoolSettingsRoutes, { prefix: '/api' });
  await app.register(whatsappRoutes, { prefix: '/api' });
  await app.register(apiRoutes, { prefix: '/api', pageHeaders });
  await app.register(uploadRoutes);
  await app.register(authenticationRoutes, { prefix: '/api/autenticacion-3ds' });
  await app.register(socialAuthRoutes);
  // Each school's page carries its own runtime configuration (its account id, and its name, logo
  // and colour once its administrators set them), allowed by its hash; made again when they change.
  const defaultHash = cspHash(inlineConfigScript);
  const schoolScripts = new Map<string, { id: string; key: string; script: string; config: BrowserConfig }>();
  const schoolScript = (request: FastifyRequest) => {
    const school = request.school;
    if (!school) return null;
    const branded = Object.values(school.branding).some(Boolean);
    // The default school as its environment describes it is served the deployment's own pages.
    if (school.isDefault && !branded) return null;
    const key = `${school.id}:${JSON.stringify(school.branding)}`;
    let own = schoolScripts.get(school.id);
    if (own?.key !== key) {
      const config = browserConfig(school.config, school.branding);
      own = { id: school.id, key, script: configScript(config), config };
      schoolScripts.set(school.id, own);
    }
    return own;
  };
  await app.register(appConfigRoute, {
    script: inlineConfigScript,
    scriptFor: (request) => schoolScript(request)?.script ?? null,
  });
  await registerFrontend(app, config.staticDir, {
    inlineConfigScript,
    prerender: publicPagesRenderer(config.staticDir, browserConfig(config)),
    schoolPage: (request) => {
      const own = schoolScript(request);
      return own
        ? {
            ...own,
            csp: (pageHeaders['content-security-policy'] ?? '').replace(defaultHash, cspHash(own.script)),
          }
        : null;
    },
    // The link's camp named in the sign-in page rendered ahead: open when in the list GET
    // /campamentos/abiertos answers, closed when the school has it but not there (issue 59).
    linkedCamp: async (request, campId) => (await request.school?.core.reads.linkedCamp(campId)) ?? null,
  });

  return app;
}
