import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorEnvelope } from '../http/errors.ts';

/** GET /api/health: which store is in use and whether it answers (for probes and operators). */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
        await app.store.ping();
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
