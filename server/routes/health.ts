import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorEnvelope } from '../http/errors.ts';

/**
 * How long a store that answered is taken as answering. Probes call several times a second
 * under load balancers; asking the store each time made a health call cost more than a page of
 * data. A failed check is never reused: the next call asks again.
 */
export const HEALTH_PING_MS = 1000;

/** GET /api/health: which store is in use and whether it answers (for probes and operators). */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  let answeredAt = Number.NEGATIVE_INFINITY;
  let asking: Promise<void> | null = null;
  /** One ping at a time, shared by the calls that arrive meanwhile; none while the last is fresh. */
  const ping = (): Promise<void> | undefined => {
    if (Date.now() - answeredAt < HEALTH_PING_MS) return undefined;
    asking ??= app.store.ping().then(
      () => {
        answeredAt = Date.now();
        asking = null;
      },
      (error: unknown) => {
        asking = null;
        throw error;
      },
    );
    return asking;
  };

  app.get(
    '/health',
    {
      schema: {
        response: {
          200: Type.Object({ status: Type.Literal('ok'), store: Type.String(), uptime: Type.Number() }),
          503: Type.Object({
            success: Type.Literal(false),
            status: Type.Literal('ERROR'),
            message: Type.String(),
            store: Type.String(),
          }),
        },
      },
    },
    async (request, reply) => {
      try {
        // Awaited only when a ping is under way: a promise per call is a cost on the probes' path.
        const pending = ping();
        if (pending) await pending;
      } catch (error) {
        request.log.error({ err: error }, 'store ping failed');
        return reply
          .status(503)
          .send({ ...errorEnvelope('El almacenamiento de datos no responde.'), store: app.store.kind });
      }
      return { status: 'ok' as const, store: app.store.kind, uptime: Math.round(process.uptime()) };
    },
  );
};
