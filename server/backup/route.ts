// POST /api/respaldos/ahora (issue 27): `npm run backup` asks the running server for a backup, so
// the store is read from memory in one instant rather than from files being written. The caller
// proves it holds BACKUP_KEY: no account is needed, and without a key set, or with a proof that
// does not hold, the route answers 404 as if it did not exist.
//
// The proof is single-use and time-bound (issue 53, item 10: a fixed HMAC replayed made 5 backups
// a minute): an HMAC of a moment and a random nonce under a key derived from BACKUP_KEY, taken
// within PROOF_WINDOW_MS of the server's clock, each nonce once (kept in the store, so a proof
// spent on one instance is spent on all). Wrong proofs are counted per address: after five, that
// address gets 429 for the rest of the minute; a good proof is never held back (the old limit
// counted every request, so five wrong ones kept the real caller out).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { BACKUP_MESSAGES } from '../../src/domain/backup.ts';
import { DuplicateKeyError } from '../store/port.ts';
import { backupAndRecord } from './backup.ts';
import { schoolOfRequest } from '../platform/resolve.ts';

/** How far a proof's moment may be from the server's clock (the command sends it at once). */
export const PROOF_WINDOW_MS = 60_000;
/** Wrong proofs one address may send in a minute before it is held back for the rest of it. */
export const MAX_WRONG_PROOFS = 5;
/** Backups asked for in a minute, with good proofs (each is a snapshot and an encryption). */
export const MAX_BACKUPS_PER_MINUTE = 5;
const MINUTE_MS = 60_000;

// A key of its own for the proofs: the archive key (scrypt of BACKUP_KEY) never signs anything.
const proofKey = (key: string) => createHmac('sha256', key).update('respaldo-ahora/prueba').digest();
const mac = (key: string, at: number, nonce: string) =>
  createHmac('sha256', proofKey(key)).update(`respaldo-ahora\n${at}\n${nonce}`).digest('hex');

/** What the backup command sends to prove it holds BACKUP_KEY now: `<ms>.<nonce>.<hmac>`, used once. */
export function backupProof(key: string, now = Date.now()): string {
  const nonce = randomBytes(16).toString('hex');
  return `${now}.${nonce}.${mac(key, now, nonce)}`;
}

const PROOF = /^(\d{13})\.([0-9a-f]{32})\.([0-9a-f]{64})$/;

/** The proof's nonce when the proof holds now (its spending is the caller's), else null. */
function checkedNonce(key: string, sent: string, now: number): string | null {
  const parts = PROOF.exec(sent);
  if (!parts) return null;
  const [, at, nonce, hmac] = parts as unknown as [string, string, string, string];
  if (Math.abs(now - Number(at)) > PROOF_WINDOW_MS) return null;
  const expected = Buffer.from(mac(key, Number(at), nonce));
  return timingSafeEqual(Buffer.from(hmac), expected) ? nonce : null;
}

/** Counts per key in fixed one-minute windows, in memory (a bounded map: old windows are dropped). */
function minuteCounter(max: number) {
  const counts = new Map<string, { start: number; count: number }>();
  const current = (key: string, now: number) => {
    const entry = counts.get(key);
    return entry && now - entry.start < MINUTE_MS ? entry : null;
  };
  return {
    full: (key: string, now: number) => (current(key, now)?.count ?? 0) >= max,
    add(key: string, now: number) {
      const entry = current(key, now);
      if (entry) entry.count += 1;
      else {
        if (counts.size >= 10_000)
          for (const [old, { start }] of counts) if (now - start >= MINUTE_MS) counts.delete(old);
        counts.set(key, { start: now, count: 1 });
      }
    },
  };
}

/** POST /api/respaldos/ahora: a backup of the request's school now (its header names it). */
export async function backupNowRoute(app: FastifyInstance): Promise<void> {
  const refusal = Type.Object({ status: Type.String(), success: Type.Boolean(), message: Type.String() });
  const answer = Type.Object({
    status: Type.Literal('SUCCESS'),
    message: Type.String(),
    data: Type.Object({ name: Type.String(), size: Type.Integer() }),
  });
  const wrong = minuteCounter(MAX_WRONG_PROOFS);
  const made = minuteCounter(MAX_BACKUPS_PER_MINUTE);
  const refuse = (message: string) => ({ status: 'ERROR', success: false, message });
  app.post(
    '/api/respaldos/ahora',
    { schema: { response: { 200: answer, 404: refusal, 429: refusal, 503: refusal } } },
    async (request, reply) => {
      const now = Date.now();
      const school = schoolOfRequest(request);
      const target = school.backupTarget;
      const settings = school.config.backup;
      const spent = target.store.collection<{ _id: string; at: Date }>('backup_proofs');
      // A good proof is checked first and never held back: wrong ones, even from the caller's own
      // address, cannot keep the key holder from a backup.
      const refused = () => {
        if (wrong.full(`${school.id}|${request.ip}`, now))
          return reply.code(429).send(refuse(BACKUP_MESSAGES.tooManyProofs));
        wrong.add(`${school.id}|${request.ip}`, now);
        return reply.code(404).send(refuse('No encontrado.'));
      };
      const key = settings.key;
      const nonce = key ? checkedNonce(key, String(request.headers['x-backup-proof'] ?? ''), now) : null;
      if (!nonce) return refused();
      // Spent once: the nonce is the record's id, so a second use (here or on another instance)
      // is a duplicate key. Spent nonces older than the window can go: their proofs expired.
      try {
        await spent.insertOne({ _id: `proof:${nonce}`, at: new Date(now) });
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
        return refused();
      }
      await spent.deleteMany({ at: { $lt: new Date(now - 2 * PROOF_WINDOW_MS) } });
      if (made.full(school.id, now)) return reply.code(429).send(refuse(BACKUP_MESSAGES.tooManyBackups));
      made.add(school.id, now);
      const outcome = await backupAndRecord(target, settings, school.backupFailed);
      if (!outcome.ok) return reply.code(503).send(refuse(outcome.message));
      return {
        status: 'SUCCESS',
        message: `Respaldo guardado: ${outcome.name}`,
        data: { name: outcome.name, size: outcome.size },
      };
    },
  );
}
