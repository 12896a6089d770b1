// One school's runtime (issue 46, DESIGN.md §10): its store, outbox, core and background passes.
// A deployment builds one per school: the default school from today's environment variables, and
// one per school the platform created. Isolation is here, by construction: everything a request or
// a pass of a school reaches hangs off its own School, never off a shared filter.
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import PDFDocument from 'pdfkit';
import type { Config, WhatsAppConfig } from '../config.ts';
import type { Store } from '../store/port.ts';
import { Outbox, type Transport } from '../mail/outbox.ts';
import { hashPassword, verifyPassword, type ScryptParams } from '../auth/password.ts';
import type { PhotoStorage } from '../uploads/storage.ts';
import type { PaymentGateway } from '../../src/core/checkout/gateway.ts';
import { paymentGateway } from '../payments/index.ts';
import { alertAdminsOnceADay } from '../../src/core/admin/alerts.ts';
import { nowOf } from '../../src/core/deps.ts';
import { createCore, type Core } from '../../src/core/services.ts';
import { reconcilePayments } from '../../src/core/checkout/reconciler.ts';
import { sendCartReminders } from '../../src/core/checkout/carts.ts';
import { offerFreedPlaces } from '../../src/core/checkout/waitlist.ts';
import { runAutopay } from '../../src/core/payments/autopay.ts';
import { sendDueNotices } from '../../src/core/messaging/notices.ts';
import { settleCardPayments } from '../../src/core/payments/card-settler.ts';
import { issuePendingReceipts } from '../../src/core/receipts/pending-receipts.ts';
import { renderReceiptPdf } from '../../src/core/receipts/pdf.ts';
import { sendEcfReceipts } from '../../src/core/receipts/ecf.ts';
import { releaseUnpaidOfficeOrders } from '../../src/core/checkout/office.ts';
import { issuePendingPaymentReceipts } from '../../src/core/payments/payment-receipts.ts';
import { ensureIndexes } from '../../src/core/indexes.ts';
import { settleStoredOrderPlaces } from '../../src/core/checkout/order-places.ts';
import { ecfPort } from '../ecf/port.ts';
import { APP_VERSION } from '../backup/version.ts';
import { nightlyBackup, type BackupTarget } from '../backup/backup.ts';
import { BACKUP_MESSAGES } from '../../src/domain/backup.ts';
import type { SchoolStatus } from '../../src/domain/platform.ts';
import { platformFolders } from './school-config.ts';
import { WhatsAppOutbox } from '../whatsapp/outbox.ts';
import { cloudApiTransport, type WhatsAppTransport } from '../whatsapp/cloud-api.ts';
import type { SchoolBranding } from '../../src/domain/school-settings.ts';
import type { EcfPort } from '../../src/core/receipts/ecf-port.ts';
import { readSchoolSettings } from './settings.ts';

/** How often the server looks for carts to remind. */
const CART_REMINDER_PASS_MS = 10 * 60_000;
/** How often the server passes on expired offers and offers freed places of waiting lists. */
const WAITLIST_PASS_MS = 60_000;
/** The nightly backup is looked for every ten minutes: it is due once BACKUP_HOUR has come. */
const BACKUP_PASS_MS = 10 * 60_000;

export interface School {
  readonly id: string;
  /** The deployment's settings as this school sees them (its account id, address, data folder). */
  readonly config: Config;
  readonly store: Store;
  readonly outbox: Outbox;
  /** Its WhatsApp outbox (issue 56), where its WhatsApp is set up; null: e-mail only. */
  readonly whatsapp: WhatsAppOutbox | null;
  /** Its WhatsApp number's settings now (the webhook checks signatures with them); null: none. */
  readonly whatsappSettings: WhatsAppConfig | null;
  /**
   * Sends from `settings` from now on (the school saved its own number; null: e-mail only). Messages
   * already queued stay in its store and leave from the new number.
   */
  useWhatsApp(settings: WhatsAppConfig | null): Promise<void>;
  /**
   * The business core this school answers with (src/core/services.ts); made again when the
   * school's own settings change its gateway (`useGateway`). Read it per request, per pass.
   */
  readonly core: Core;
  /** Takes cards through `gateway` from now on (the school saved its own AZUL merchant). */
  useGateway(gateway: PaymentGateway): void;
  /** Issues e-CF signed and sent through `port` from now on (the school saved its own DGII certificate). */
  useEcf(port: EcfPort): void;
  readonly photos: PhotoStorage;
  /** Where its photos are kept on disk when they are not in Azure. */
  readonly uploadsDir: string;
  readonly backupTarget: BackupTarget;
  /** Alerts the school's administrators that a backup failed. */
  readonly backupFailed: (message: string) => Promise<void>;
  /** The school today's environment variables describe (ACCOUNT_ID): answers any host no other claims. */
  readonly isDefault: boolean;
  name: string;
  /** What parents see of it (its settings' name, logo and colour; '' for the deployment's). */
  branding: SchoolBranding;
  hosts: readonly string[];
  status: SchoolStatus;
  /** When the platform created it (null: the default school). */
  readonly createdAt: Date | null;
  /** Stops its passes and its outbox (the store is closed by whoever opened it). */
  stop(): Promise<void>;
}

export interface SchoolDeps {
  store: Store;
  log: FastifyBaseLogger;
  transport: Transport;
  hashing: ScryptParams;
  photos: PhotoStorage;
  /** Signs a token of this school (server/auth/guards.ts). */
  signToken: (userId: string, version?: number) => string;
  forgetAccount: (userId: string) => void;
  gateway?: PaymentGateway;
  /** How WhatsApp messages leave (tests use Meta's stand-in); the Cloud API by default. */
  whatsappTransport?: WhatsAppTransport;
  clock?: () => Date;
  isDefault: boolean;
  name: string;
  hosts: readonly string[];
  status: SchoolStatus;
  createdAt?: Date;
}

/**
 * The school's nightly backup, unless its administrators turned backups off in 'Ajustes de la
 * escuela' (issue 55): read at each pass, so a change on any instance counts from the next night.
 */
export async function schoolNightlyBackup(school: School, now: Date): Promise<boolean> {
  if ((await readSchoolSettings(school.store))?.backups === false) return false;
  return nightlyBackup(school.backupTarget, school.config.backup, school.backupFailed, now);
}

/** Builds a school's runtime and starts its background passes (each item is claimed in its store). */
export async function startSchool(config: Config, deps: SchoolDeps): Promise<School> {
  const { store } = deps;
  // Every line a school's core or pass writes names its school.
  const log = deps.log.child({ school: config.accountId });
  const outbox = new Outbox(store, deps.transport, config.mailFrom, log, config.mailReplyTo);
  const outboxFor = (settings: WhatsAppConfig | null) =>
    settings ? new WhatsAppOutbox(store, deps.whatsappTransport ?? cloudApiTransport(settings), log) : null;
  let whatsappSettings = config.whatsapp;
  let whatsapp = outboxFor(whatsappSettings);
  // e-CF (issue 22): the deployment's certificate is read now, so a wrong password stops the start;
  // a school's own (issue 55) replaces it once saved (`useEcf`).
  let ecf: EcfPort | null = config.ecf ? ecfPort(config.ecf) : null;
  // Bound once the core exists: the alert is an e-mail to the admins through the core's outbox.
  let credentialsRefused: (description: string) => void = () => undefined;
  const coreWith = (gateway: PaymentGateway) =>
    createCore({
      store,
      gateway,
      mailer: outbox,
      ...(whatsapp ? { whatsapp } : {}),
      passwords: { hash: (password) => hashPassword(password, deps.hashing), verify: verifyPassword },
      sessions: { sign: deps.signToken, forget: deps.forgetAccount },
      photos: deps.photos,
      log,
      receiptPdf: (receipt) => renderReceiptPdf(PDFDocument, receipt),
      ...(ecf ? { ecf } : {}),
      ...(deps.clock ? { clock: deps.clock } : {}),
      settings: {
        publicUrl: config.publicUrl,
        schoolWebsite: config.schoolWebsite,
        paymentLeaseMs: config.paymentLeaseMs,
        autopay: config.autopay,
        ecf: ecf !== null,
        backups: config.backup.key !== undefined,
      },
    });
  let gateway =
    deps.gateway ?? paymentGateway(config, store, log, (description) => credentialsRefused(description));
  let core = coreWith(gateway);
  credentialsRefused = (description) =>
    void alertAdminsOnceADay(core.deps, {
      kind: 'gateway-alert',
      topic: 'credentials',
      subject: 'Pagos detenidos: AZUL rechaza las credenciales de la escuela',
      text: `AZUL no acepta las credenciales o el certificado de la escuela (${description}). Ningún pago con tarjeta se puede cobrar hasta corregir AZUL_AUTH1, AZUL_AUTH2, AZUL_CERT_FILE o AZUL_KEY_FILE (o la IP autorizada) y reiniciar el servidor.`,
      path: '/admin/dashboard',
    }).catch((error: unknown) => log.error({ err: error }, 'the gateway alert could not be queued'));
  await ensureIndexes(store, log);
  // A store written before paid orders' places had records of their own (issue 55): moved now.
  const settled = await settleStoredOrderPlaces(store);
  if (settled > 0) log.info({ orders: settled }, "paid orders' places moved out of their weeks");

  const timers: NodeJS.Timeout[] = [];
  const school: School = {
    id: config.accountId,
    config,
    store,
    outbox,
    get whatsapp() {
      return whatsapp;
    },
    get whatsappSettings() {
      return whatsappSettings;
    },
    async useWhatsApp(settings) {
      if (JSON.stringify(settings) === JSON.stringify(whatsappSettings)) return;
      const previous = whatsapp;
      whatsappSettings = settings;
      whatsapp = outboxFor(settings);
      core = coreWith(gateway);
      // The old outbox finishes the send it has under way; what it had not claimed is the new one's.
      await previous?.stop();
      whatsapp?.start();
    },
    get core() {
      return core;
    },
    useGateway(next) {
      gateway = next;
      core = coreWith(gateway);
    },
    useEcf(port) {
      ecf = port;
      core = coreWith(gateway);
    },
    photos: deps.photos,
    uploadsDir: path.join(config.dataDir, 'uploads'),
    backupTarget: {
      store,
      dataDir: config.dataDir,
      appVersion: APP_VERSION,
      azure: config.azureStorageConnectionString
        ? { connectionString: config.azureStorageConnectionString, container: config.azureStorageContainer }
        : undefined,
      // The default school's DATA_DIR holds the other schools' folders: never in its archive.
      ...(deps.isDefault ? { skip: platformFolders(config.dataDir) } : {}),
    },
    backupFailed: async (message) => {
      await alertAdminsOnceADay(school.core.deps, {
        kind: 'backup-alert',
        topic: 'backup',
        subject: BACKUP_MESSAGES.subject,
        text: BACKUP_MESSAGES.failed(message),
        path: '/admin/dashboard',
      });
    },
    isDefault: deps.isDefault,
    name: deps.name,
    branding: { name: '', logoUrl: '', colour: '' },
    hosts: deps.hosts,
    status: deps.status,
    createdAt: deps.createdAt ?? null,
    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      await outbox.stop();
      await whatsapp?.stop();
    },
  };

  /**
   * A background pass every `ms`, logged with its school when it fails: one school's failing
   * outside service (DGII down, a refused certificate) stops nothing of another's.
   */
  const every = (ms: number, failure: string, pass: () => Promise<unknown>, activeOnly = false) => {
    const timer = setInterval(() => {
      // A suspended school takes no new money and offers no places; what is under way is settled.
      if (activeOnly && school.status !== 'active') return;
      pass().catch((error: unknown) => log.error({ err: error }, failure));
    }, ms);
    timer.unref();
    timers.push(timer);
  };
  // Payments whose outcome is unknown, crashed requests and unfinished follow-ups are settled in
  // the background (src/core/checkout/reconciler.ts); each enrolment is claimed, so instances share
  // it. Twice per lease: an interrupted payment is settled at most one and a half leases after it began.
  every(config.paymentLeaseMs / 2, 'payment reconciliation failed', () =>
    reconcilePayments(school.core.deps),
  );
  // Instalment card payments whose answer never came (src/core/payments/card-settler.ts), as often.
  every(config.paymentLeaseMs / 2, 'instalment payment settling failed', () =>
    settleCardPayments(school.core.deps),
  );
  // Reminders of carts left unpaid for a day (src/core/checkout/carts.ts); each is claimed, so
  // instances share the work. Every ten minutes: a reminder a few minutes late changes nothing.
  every(CART_REMINDER_PASS_MS, 'cart reminders failed', () => sendCartReminders(school.core.deps), true);
  // Waiting lists (src/core/checkout/waitlist.ts): offers that ran out pass on, and places freed by
  // an expired hold or more capacity go to the first in line. Each offer is claimed first.
  every(WAITLIST_PASS_MS, 'waiting list offers failed', () => offerFreedPlaces(school.core.deps), true);
  // Orders the office took 'pendiente de pago' (issue 54): unpaid past their due day, their places go back.
  every(WAITLIST_PASS_MS, 'unpaid office orders failed', () => releaseUnpaidOfficeOrders(school.core.deps));
  // Fiscal receipts that waited for an NCF sequence (src/core/receipts/pending-receipts.ts): issued
  // and e-mailed once staff add one (saving it runs this at once too). Each receipt's id is its order's.
  every(WAITLIST_PASS_MS, 'pending receipts failed', () => issuePendingReceipts(school.core.deps));
  // The office's notices (src/core/messaging/notices.ts): held ones go at 07:00, and one whose
  // sending a crash cut off is completed once its claim ran out. Each notice is claimed first.
  every(WAITLIST_PASS_MS, 'sending notices failed', () => sendDueNotices(school.core.deps));
  // e-CF (issue 22): signed receipts sent to DGII in the order issued, and their results asked.
  if (config.ecf) {
    every(config.passes.ecfMs, 'sending e-CF failed', () => sendEcfReceipts(school.core.deps));
    // Instalment payments whose e-CF waited for a range.
    every(config.passes.ecfMs, 'pending instalment e-CF failed', () =>
      issuePendingPaymentReceipts(school.core.deps),
    );
  }
  // Autopay (src/core/payments/autopay.ts): notices, the charges of the day and their retries, and
  // the card payments a crash or a timeout left unsettled. Each instalment is claimed in the store.
  every(config.passes.autopayMs, 'autopay failed', () => runAutopay(school.core.deps), true);
  // Backups (issue 27, server/backup/): one a night after BACKUP_HOUR, claimed in the store so that
  // instances make one; a failure alerts the administrators. `npm run backup` asks for one now.
  if (config.backup.key)
    every(BACKUP_PASS_MS, 'the nightly backup failed', () =>
      schoolNightlyBackup(school, nowOf(school.core.deps)),
    );
  whatsapp?.start();
  return school;
}
