// The admin areas of spec 02 §7 (camps, categories, weeks, coupons, lookups, enrolments, clients,
// participants, contacts, calendars) and the dashboard, registered under /api.
import type { FastifyInstance } from 'fastify';
import { DuplicateKeyError, type IndexSpec } from '../../store/port.ts';
import { ADMIN_AREAS, categorias, semanas } from './areas.ts';
import { registerArea } from './crud.ts';
import { registerDashboard } from './dashboard.ts';
import { registerEnrolmentReads } from './enrolment-reads.ts';

/**
 * Indexes the admin areas rely on, created at registration (idempotent). The unique ones back the
 * 409 answers against two admins saving at once; cupones.code repeats bootstrap's index exactly.
 */
const ADMIN_INDEXES: Array<[string, IndexSpec]> = [
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
];

export async function adminModule(app: FastifyInstance): Promise<void> {
  for (const [collection, spec] of ADMIN_INDEXES) {
    try {
      await app.store.collection(collection).ensureIndex(spec);
    } catch (error) {
      // Older data with repeated codes must not stop the school's server: the services still
      // refuse new duplicates; the log says what to clean up.
      if (!(error instanceof DuplicateKeyError)) throw error;
      app.log.warn(
        { collection, fields: spec.fields },
        'unique index not created: existing records repeat these values',
      );
    }
  }

  const services = Object.fromEntries(ADMIN_AREAS.map((config) => [config.area, registerArea(app, config)]));
  registerEnrolmentReads(app, { semanas: services[semanas.area]!, categorias: services[categorias.area]! });
  registerDashboard(app);
}

export default adminModule;
