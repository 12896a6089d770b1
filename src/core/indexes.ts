// The indexes the services rely on, created by every adapter at start (idempotent). The unique ones
// are rules, not speed: one account per e-mail, one membership per code, one order per number, and
// the 409 answers against two admins saving the same code at once.
import { DuplicateKeyError, type IndexSpec, type Store } from './store/port.ts';
import type { Log } from './deps.ts';

export const INDEXES: Array<[string, IndexSpec]> = [
  ['usuarios', { fields: ['email'], unique: true }],
  ['password_resets', { fields: ['token_hash'], unique: true }],
  // A password reset lifts the account's sign-in holds from every address.
  ['login_failures', { fields: ['account'], sparse: true }],
  ['membresias', { fields: ['code'], unique: true }],
  // One waiting-list request per family and week (issue 18).
  ['lista_espera', { fields: ['week', 'user_id'], unique: true }],
  ['lista_espera', { fields: ['status'] }],
  ['uploads', { fields: ['user_id'] }],
  ['inscripciones', { fields: ['order_number'], unique: true, sparse: true }],
  ['inscripciones', { fields: ['user_id'] }],
  ['cupones', { fields: ['code'], unique: true }],
  ['campamentos', { fields: ['code'], unique: true, sparse: true }],
  ['tipos', { fields: ['model', 'code'], unique: true, sparse: true }],
  ['semanas', { fields: ['campament'] }],
  ['categorias', { fields: ['campament'] }],
  ['calendarios', { fields: ['campament'] }],
  ['inscripciones', { fields: ['campament'] }],
  // The dashboard reads the enrolments paid in its chart's date range.
  ['inscripciones', { fields: ['paid_at'] }],
  ['participantes', { fields: ['inscription'] }],
  ['contactos', { fields: ['type'] }],
  // The staff list's newest-first order, the audit log's and one record's trail.
  ['inscripciones', { fields: ['created_at'] }],
  ['auditoria', { fields: ['at'] }],
  // The camp day's marks of a week and day (issue 25).
  ['asistencia', { fields: ['day', 'week'] }],
  ['auditoria', { fields: ['record_id'] }],
  // Read by every checkout (found by profiling the checkout benchmark: without them each paid
  // order scanned every membership, customer and e-mail so far).
  ['membresias', { fields: ['order_number'], sparse: true }],
  ['clientes', { fields: ['user_id'], sparse: true }],
  ['outbox', { fields: ['status'] }],
  // Also on every checkout: the family's earlier codes for a child (src/core/checkout/follow-ups.ts),
  // the ranges a receipt may be numbered from, and the admins an unnumbered receipt alerts
  // (src/core/admin/alerts.ts asks by either field: each needs its index, or the families' accounts
  // are walked).
  ['membresias', { fields: ['user_id'] }],
  ['secuencias_ncf', { fields: ['type'] }],
  ['usuarios', { fields: ['tipo'] }],
  ['usuarios', { fields: ['role'], sparse: true }],
  // One receipt per NCF: the rule that no number is printed twice (src/core/receipts/service.ts).
  ['comprobantes', { fields: ['ncf'], unique: true }],
  ['comprobantes', { fields: ['enrolment_id'] }],
  ['inscripciones', { fields: ['receipt_pending'], sparse: true }],
  // The bank's 3-D Secure posts find their order by session (issue 21).
  ['inscripciones', { fields: ['authentication.session'], unique: true, sparse: true }],
  // Ledgers (issue 20): an enrolment's instalments and payments, the due days the autopay pass and
  // the receivables read, the payments left charging, the families' cards.
  ['cuotas', { fields: ['enrolment_id'] }],
  ['cuotas', { fields: ['due'] }],
  ['pagos', { fields: ['enrolment_id'] }],
  ['pagos', { fields: ['status'] }],
  ['tarjetas', { fields: ['user_id'] }],
  // WhatsApp (issue 56): the queue by state, Meta's statuses by its id, a family's messages by number.
  ['whatsapp_salida', { fields: ['status'] }],
  ['whatsapp_salida', { fields: ['wamid'], sparse: true }],
  ['whatsapp_contactos', { fields: ['number'] }],
  ['whatsapp_entrantes', { fields: ['at'] }],
  // The background passes every school runs every minute or so (server/platform/school.ts) look for
  // the little left to do by these: without them each pass walked every order, attempt, cart,
  // receipt and payment of the school (server/api-tests/checkout/full-scans.test.ts). Never a sparse
  // index on a date: NeDB's sparse indexes leave out every Date key (lib/indexes.js takes a Date
  // for an object whose fields are all undefined), so its lookups would miss them.
  ['inscripciones', { fields: ['payment_status'] }],
  ['inscripciones', { fields: ['followups_done'], sparse: true }],
  ['inscripciones', { fields: ['late_charge.refund_status'], sparse: true }],
  ['inscripciones', { fields: ['office.method'], sparse: true }],
  ['inscripciones', { fields: ['autopay.text'], sparse: true }],
  ['payment_attempts', { fields: ['status'] }],
  ['carritos', { fields: ['reminded_at'] }],
  ['comprobantes', { fields: ['mailed'], sparse: true }],
  ['pagos', { fields: ['receipt_pending'], sparse: true }],
  ['avisos', { fields: ['status'] }],
];

/** Codes an admin may have repeated before the unique index existed. */
const TOLERATED = new Set(['cupones', 'campamentos', 'tipos']);

export async function ensureIndexes(store: Store, log: Log): Promise<void> {
  for (const [collection, spec] of INDEXES) {
    try {
      await store.collection(collection).ensureIndex(spec);
    } catch (error) {
      // Older data with repeated codes must not stop the school's server: the services still
      // refuse new duplicates; the log says what to clean up.
      if (!(error instanceof DuplicateKeyError) || !TOLERATED.has(collection)) throw error;
      log.warn(
        { collection, fields: spec.fields },
        'unique index not created: existing records repeat these values',
      );
    }
  }
}
