// POST /api/inscripciones/create: the money path (spec 01 §7, DESIGN.md §2.5-2.10, §6). The route
// checks the idempotency key and runs the pipeline (./pipeline.ts) once per key: the same key
// answers the first result and never charges twice.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { perAccountKey } from '../../auth/guards.ts';
import { ApiError } from '../../http/errors.ts';
import { CARD_FIELDS, ENROLMENT_MESSAGES as M } from '../../../src/domain/enrolment.ts';
import { CreateEnrolmentBody } from '../../../src/domain/schemas/enrolment.ts';
import type { PaymentGateway } from '../../payments/gateway.ts';
import { IDEMPOTENCY_KEY_PATTERN, once, requestHash } from './idempotency.ts';
import { enrol } from './pipeline.ts';

export function checkoutRoutes(gateway: PaymentGateway): FastifyPluginAsyncTypebox {
  return async (app) => {
    await app.store.collection('membresias').ensureIndex({ fields: ['code'], unique: true });
    await app.store
      .collection('inscripciones')
      .ensureIndex({ fields: ['order_number'], unique: true, sparse: true });
    await app.store.collection('inscripciones').ensureIndex({ fields: ['user_id'] });

    app.post(
      '/inscripciones/create',
      {
        // The Idempotency-Key header is checked by hand: a headers schema would strip the others.
        schema: { body: CreateEnrolmentBody },
        onRequest: app.requireUser,
        config: { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: perAccountKey } },
      },
      async (request, reply) => {
        const key = request.headers['idempotency-key'];
        if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key))
          throw new ApiError(400, M.idempotencyKey);
        const user = request.account!;
        const { body } = request;
        const answer = await once(
          app.store,
          user._id,
          key,
          requestHash(body, CARD_FIELDS),
          () => enrol(app, gateway, user, body, key),
          { onUnexpected: (error) => request.log.error({ err: error }, 'enrolment failed unexpectedly') },
        );
        return reply.status(answer.statusCode).send(answer.body);
      },
    );
  };
}
