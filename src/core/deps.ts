// What the services need from outside, as ports: each adapter (the Fastify server, the MSW mocks)
// passes its own. Nothing here is Node-only, so the services also run in the browser.
import type { EcfPort } from './receipts/ecf-port.ts';
import type { Store } from './store/port.ts';
import type { PaymentGateway } from './checkout/gateway.ts';
import type { Receipt } from '../domain/receipts.ts';
import type { WhatsAppTemplateName } from '../domain/whatsapp.ts';

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** What the message is about, for the admin and the account timeline (e.g. 'password-reset'). */
  kind: string;
  /** The user the message concerns, if any. */
  user_id?: string | null;
  /** Files sent with it (a fiscal receipt's PDF), their bytes in base64 so the outbox can store them. */
  attachments?: MailAttachment[];
  /** Names the message once: enqueuing the same key again (a retried follow-up) adds nothing. */
  key?: string;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
}

/** Stores a message for sending (the server's persisted outbox; the mocks print it). */
export interface Mailer {
  enqueue(message: MailMessage): Promise<unknown>;
}

/** A message for one family: an approved template, or free text inside the 24-hour window. */
export interface WhatsAppMessage {
  to: string;
  template?: { name: WhatsAppTemplateName; parameters: string[] };
  text?: string;
  /** What it is about, as the mail's `kind` (e.g. 'confirmation'). */
  kind: string;
  user_id?: string | null;
  /** Names the message once: queuing the same key again adds nothing. */
  key?: string;
  /** The office's notice it belongs to, for its delivery counts. */
  notice_id?: string;
}

/** Stores a WhatsApp message for sending (the server's persisted outbox; the mocks keep it in memory). */
export interface Messenger {
  enqueue(message: WhatsAppMessage): Promise<unknown>;
}

export interface Passwords {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
}

/** Issues the bearer token of a signed-in user (a JWT on the server, an opaque token in the mocks). */
export interface Sessions {
  /** A token of this version of the account's sessions (UserRecord.session_version). */
  sign(userId: string, version?: number): string;
  /** Forgets what the adapter remembers of the account, so a new session version applies now. */
  forget?(userId: string): void;
}

export interface Photo {
  name: string;
  url: string;
}

export interface PhotoStorage {
  readonly kind: string;
  save(bytes: Uint8Array, ext: string, mime: string): Promise<Photo>;
}

/** Structured log lines for what went wrong without failing the answer (never card data). */
export interface Log {
  error(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

export interface CoreDeps {
  store: Store;
  gateway: PaymentGateway;
  mailer: Mailer;
  passwords: Passwords;
  sessions: Sessions;
  photos: PhotoStorage;
  log: Log;
  /**
   * The school's certificate and DGII's services (issue 22), when e-CF is on (ECF_ENV set): signs
   * and sends the E series (./receipts/ecf.ts). Absent: B-series receipts.
   */
  ecf?: EcfPort;
  /** WhatsApp beside e-mail (issue 56), where the school set it up; absent: e-mail only. */
  whatsapp?: Messenger;
  /** Draws a fiscal receipt as PDF (src/core/receipts/pdf.ts, with the adapter's PDFKit build). */
  receiptPdf: (receipt: Receipt) => Promise<Uint8Array>;
  /** The school's public address (links in e-mails) and website (confirmation e-mail). */
  settings: {
    publicUrl: string;
    schoolWebsite: string;
    /** How long a payment request may take (src/core/checkout/idempotency.ts); 60 s when unset. */
    paymentLeaseMs?: number;
    /** The autopay schedule (src/core/payments/autopay.ts); AUTOPAY_DEFAULTS when unset. */
    autopay?: { retryDays: readonly number[]; noticeDays: number };
    /** Electronic fiscal receipts are on (ECF_ENV set, issue 22): the E series instead of the B. */
    ecf?: boolean;
    /** BACKUP_KEY is set: the server makes nightly backups (issue 27); the dashboard says when not. */
    backups?: boolean;
    /** How long a parent has for the bank's 3-D Secure steps (./checkout/authentication.ts); 10 min when unset. */
    authenticationWindowMs?: number;
  };
  clock?: () => Date;
}

/** The time business rules read: the deps' clock (tests set the day), else the system's. */
export const nowOf = (deps: Pick<CoreDeps, 'clock'>): Date => deps.clock?.() ?? new Date();

/** Escapes text for HTML e-mail bodies (names and codes come from users). */
export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The promise's result, or a rejection once `ms` have passed (a late rejection is ignored): a
 * gateway call that takes longer is an unknown outcome, settled later by `lookup`; a page that
 * takes longer to render is served plain meanwhile.
 */
export function withinTime<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  promise.catch(() => {});
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
