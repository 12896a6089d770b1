// buildApp(config, deps): the Fastify instance, without listening, so tests drive it with inject().
// Order: external plugins, the app's own decorations, then routes (Fastify's demo-app shape).
import { APP_VERSION } from './backup/version.ts';
import { nightlyBackup } from './backup/backup.ts';
import { backupNowRoute } from './backup/route.ts';
import { BACKUP_MESSAGES } from '../src/domain/backup.ts';
import Fastify, { type FastifyInstance } from 'fastify';
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
import { appConfigRoute, browserConfig, configScript, cspHash } from './routes/app-config.ts';
import { authPlugin } from './auth/guards.ts';
import { sharedSchemaCompilers } from './http/schemaCompilers.ts';
import { hashPassword, OWASP_SCRYPT, verifyPassword, type ScryptParams } from './auth/password.ts';
import { fileTransport, Outbox, smtpTransport, type Transport } from './mail/outbox.ts';
import { apiRoutes } from './http/routes.ts';
import { azurePhotoStorage, localPhotoStorage, type PhotoStorage } from './uploads/storage.ts';
import { uploadRoutes } from './uploads/routes.ts';
import { socialAuthRoutes } from './auth/social.ts';
import type { PaymentGateway } from '../src/core/checkout/gateway.ts';
import { paymentGateway } from './payments/index.ts';
import { alertAdminsOnceADay } from '../src/core/admin/alerts.ts';
import { nowOf } from '../src/core/deps.ts';
import { createCore, type Core } from '../src/core/services.ts';
import { reconcilePayments } from '../src/core/checkout/reconciler.ts';
import { sendCartReminders } from '../src/core/checkout/carts.ts';
import { offerFreedPlaces } from '../src/core/checkout/waitlist.ts';
import { runAutopay } from '../src/core/payments/autopay.ts';
import { settleCardPayments } from '../src/core/payments/card-settler.ts';
import { issuePendingReceipts } from '../src/core/receipts/pending-receipts.ts';
import { renderReceiptPdf } from '../src/core/receipts/pdf.ts';
import PDFDocument from 'pdfkit';

/** How often the server looks for carts to remind. */
const CART_REMINDER_PASS_MS = 10 * 60_000;
/** How often the server passes on expired offers and offers freed places of waiting lists. */
const WAITLIST_PASS_MS = 60_000;
/** The nightly backup is looked for every ten minutes: it is due once BACKUP_HOUR has come. */
const BACKUP_PASS_MS = 10 * 60_000;
import { ensureIndexes } from '../src/core/indexes.ts';
import path from 'node:path';
import { authenticationRoutes } from './routes/authentication-3ds.ts';
import { ecfPort } from './ecf/port.ts';
import { sendEcfReceipts } from '../src/core/receipts/ecf.ts';
import { issuePendingPaymentReceipts } from '../src/core/payments/payment-receipts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    store: Store;
    outbox: Outbox;
    /** The business core this server answers with (src/core/services.ts). */
    core: Core;
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
  app.decorate('store', deps.store);
  app.decorate('hashing', deps.hashing ?? OWASP_SCRYPT);
  const transport =
    deps.mailTransport ??
    (config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(path.join(config.dataDir, 'outbox')));
  app.decorate('outbox', new Outbox(deps.store, transport, config.mailFrom, app.log, config.mailReplyTo));
  app.addHook('onClose', async () => app.outbox.stop());
  registerErrorHandling(app);

  // OpenAPI from the routes' own schemas (registered before the routes so it sees them).
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'API de inscripciones de la escuela de baloncesto',
        description:
          'Todas las llamadas llevan la cabecera x-account-id con la cuenta de la aplicación; las de administración, además, un token Bearer de administrador.',
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
  // Bound once the core exists: the alert is an e-mail to the admins through the core's outbox.
  let credentialsRefused: (description: string) => void = () => undefined;
  const core = createCore({
    store: deps.store,
    gateway:
      deps.gateway ??
      paymentGateway(config, deps.store, app.log, (description) => credentialsRefused(description)),
    mailer: app.outbox,
    passwords: { hash: (password) => hashPassword(password, hashing), verify: verifyPassword },
    sessions: {
      sign: (userId, version) => app.signToken(userId, version),
      forget: (userId) => app.forgetAccount(userId),
    },
    photos: photoStorage,
    log: app.log,
    receiptPdf: (receipt) => renderReceiptPdf(PDFDocument, receipt),
    // e-CF (issue 22): the certificate is read now, so a wrong password stops the start.
    ...(config.ecf ? { ecf: ecfPort(config.ecf) } : {}),
    ...(deps.clock ? { clock: deps.clock } : {}),
    settings: {
      publicUrl: config.publicUrl,
      schoolWebsite: config.schoolWebsite,
      paymentLeaseMs: config.paymentLeaseMs,
      autopay: config.autopay,
      ecf: config.ecf !== null,
      backups: config.backup.key !== undefined,
    },
  });
  app.decorate('core', core);
  credentialsRefused = (description) =>
    void alertAdminsOnceADay(core.deps, {
      kind: 'gateway-alert',
      topic: 'credentials',
      subject: 'Pagos detenidos: AZUL rechaza las credenciales de la escuela',
      text: `AZUL no acepta las credenciales o el certificado de la escuela (${description}). Ningún pago con tarjeta se puede cobrar hasta corregir AZUL_AUTH1, AZUL_AUTH2, AZUL_CERT_FILE o AZUL_KEY_FILE (o la IP autorizada) y reiniciar el servidor.`,
      path: '/admin/dashboard',
    }).catch((error: unknown) => app.log.error({ err: error }, 'the gateway alert could not be queued'));
  await ensureIndexes(deps.store, app.log);
  // Payments whose outcome is unknown, crashed requests and unfinished follow-ups are settled in
  // the background (src/core/checkout/reconciler.ts); each enrolment is claimed, so instances share it.
  // Twice per lease: an interrupted payment is settled at most one and a half leases after it began.
  /** A background pass every `ms`, logged when it fails, stopped with the server. */
  const every = (ms: number, failure: string, pass: () => Promise<unknown>) => {
    const timer = setInterval(() => {
      pass().catch((error: unknown) => app.log.error({ err: error }, failure));
    }, ms);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  };
  every(config.paymentLeaseMs / 2, 'payment reconciliation failed', () => reconcilePayments(core.deps));
  // Instalment card payments whose answer never came (src/core/payments/card-settler.ts), as often.
  every(config.paymentLeaseMs / 2, 'instalment payment settling failed', () => settleCardPayments(core.deps));
  // Reminders of carts left unpaid for a day (src/core/checkout/carts.ts); each is claimed, so
  // instances share the work. Every ten minutes: a reminder a few minutes late changes nothing.
  every(CART_REMINDER_PASS_MS, 'cart reminders failed', () => sendCartReminders(core.deps));
  // Waiting lists (src/core/checkout/waitlist.ts): offers that ran out pass on, and places freed by
  // an expired hold or more capacity go to the first in line. Each offer is claimed first.
  every(WAITLIST_PASS_MS, 'waiting list offers failed', () => offerFreedPlaces(core.deps));
  // Fiscal receipts that waited for an NCF sequence (src/core/receipts/pending-receipts.ts): issued
  // and e-mailed once staff add one (saving it runs this at once too). Each receipt's id is its order's.
  every(WAITLIST_PASS_MS, 'pending receipts failed', () => issuePendingReceipts(core.deps));
  // e-CF (issue 22): signed receipts sent to DGII in the order issued, and their results asked.
  if (config.ecf) {
    every(config.passes.ecfMs, 'sending e-CF failed', () => sendEcfReceipts(core.deps));
    // Instalment payments whose e-CF waited for a range.
    every(config.passes.ecfMs, 'pending instalment e-CF failed', () =>
      issuePendingPaymentReceipts(core.deps),
    );
  }
  // Autopay (src/core/payments/autopay.ts): notices, the charges of the day and their retries, and
  // the card payments a crash or a timeout left unsettled. Each instalment is claimed in the store.
  every(config.passes.autopayMs, 'autopay failed', () => runAutopay(core.deps));
  // Backups (issue 27, server/backup/): one a night after BACKUP_HOUR, claimed in the store so that
  // instances make one; a failure alerts the administrators. `npm run backup` asks for one now.
  const backupTarget = {
    store: deps.store,
    dataDir: config.dataDir,
    appVersion: APP_VERSION,
    azure: config.azureStorageConnectionString
      ? { connectionString: config.azureStorageConnectionString, container: config.azureStorageContainer }
      : undefined,
  };
  const backupFailed = (message: string) =>
    alertAdminsOnceADay(core.deps, {
      kind: 'backup-alert',
      topic: 'backup',
      subject: BACKUP_MESSAGES.subject,
      text: BACKUP_MESSAGES.failed(message),
      path: '/admin/dashboard',
    });
  if (config.backup.key)
    every(BACKUP_PASS_MS, 'the nightly backup failed', () =>
      nightlyBackup(backupTarget, config.backup, backupFailed, nowOf(core.deps)),
    );
  await app.register(backupNowRoute, { target: backupTarget, settings: config.backup, alert: backupFailed });
  await app.register(apiRoutes, { prefix: '/api', core, pageHeaders });
  await app.register(uploadRoutes, { core, localDir: uploadsDir });
  await app.register(authenticationRoutes, { prefix: '/api/autenticacion-3ds', deps: core.deps });
  await app.register(socialAuthRoutes);
  await app.register(appConfigRoute, { script: inlineConfigScript });
  await registerFrontend(app, config.staticDir, {
    inlineConfigScript,
    prerender: publicPagesRenderer(config.staticDir, browserConfig(config)),
  });

  return app;
}
