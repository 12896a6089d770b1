// POST /api/respaldos/ahora (issue 27): `npm run backup` asks the running server for a backup, so
// the store is read from memory in one instant rather than from files being written. The caller
// proves it holds BACKUP_KEY (an HMAC of a fixed text under it): no account is needed, and without
// a key set the route answers 404 as if it did not exist.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { backupAndRecord, type BackupSettings, type BackupTarget } from './backup.ts';

const PROOF_TEXT = 'respaldo-ahora';

/** What the backup command sends to prove it holds BACKUP_KEY. */
export const backupProof = (key: string) => createHmac('sha256', key).update(PROOF_TEXT).digest('hex');

export async function backupNowRoute(
  app: FastifyInstance,
  options: { target: BackupTarget; settings: BackupSettings; alert: (message: string) => Promise<void> },
): Promise<void> {
  const { target, settings, alert } = options;
  const refusal = Type.Object({ status: Type.String(), success: Type.Boolean(), message: Type.String() });
  const answer = Type.Object({
    status: Type.Literal('SUCCESS'),
    message: Type.String(),
    data: Type.Object({ name: Type.String(), size: Type.Integer() }),
  });
  app.post(
    '/api/respaldos/ahora',
    {
      schema: { response: { 200: answer, 404: refusal, 503: refusal } },
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const key = settings.key;
      const sent = Buffer.from(String(request.headers['x-backup-proof'] ?? ''));
      const expected = key ? Buffer.from(backupProof(key)) : null;
      if (!expected || sent.length !== expected.length || !timingSafeEqual(sent, expected))
        return reply.code(404).send({ status: 'ERROR', success: false, message: 'No encontrado.' });
      const outcome = await backupAndRecord(target, settings, alert);
      if (!outcome.ok)
        return reply.code(503).send({ status: 'ERROR', success: false, message: outcome.message });
      return {
        status: 'SUCCESS',
        message: `Respaldo guardado: ${outcome.name}`,
        data: { name: outcome.name, size: outcome.size },
      };
    },
  );
}
