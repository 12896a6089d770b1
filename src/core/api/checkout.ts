// The parent's money path (spec 01 §7, DESIGN.md §2.5-2.10): coupon validation and the enrolment.
// The enrolment runs the pipeline (../checkout/pipeline.ts) once per Idempotency-Key: the same key
// answers the first result and never charges twice.
import { ApiError } from '../errors.ts';
import { COUPON_MESSAGES, couponTerms } from '../../domain/coupons.ts';
import { ValidateCouponAnswer, ValidateCouponBody } from '../../domain/schemas/coupons.ts';
import { EnrolmentAnswer } from '../../domain/schemas/answers.ts';
import { CARD_FIELDS, ENROLMENT_MESSAGES as M, IDEMPOTENCY_KEY_PATTERN } from '../../domain/enrolment.ts';
import { CreateEnrolmentBody } from '../../domain/schemas/enrolment.ts';
import { usableCoupon } from '../checkout/coupons.ts';
import { once, requestHash } from '../checkout/idempotency.ts';
import { enrol, familyMembership } from '../checkout/pipeline.ts';
import { LookupMembershipAnswer, LookupMembershipBody } from '../../domain/schemas/memberships.ts';
import { paymentLeaseMs, recoverAnswer } from '../checkout/settle.ts';
import { accountOf, Answer, route, type ApiRoute } from './route.ts';

export const CHECKOUT_ROUTES: ApiRoute[] = [
  route({
    method: 'POST',
    url: '/cupones/validate',
    audience: 'user',
    schema: { body: ValidateCouponBody, response: { 200: ValidateCouponAnswer } },
    // Enough for any family; too few to guess codes by brute force.
    rateLimit: { max: 30, timeWindow: '1 minute', perAccount: true },
    handle: async (call, core) => {
      const { coupon, campament, participants } = call.body;
      const usable = await usableCoupon(core.deps.store, coupon, {
        userId: accountOf(call)._id,
        campId: campament,
        children: participants,
      });
      return { status: 'SUCCESS', message: COUPON_MESSAGES.applied, data: couponTerms(usable) };
    },
  }),
  route({
    method: 'POST',
    url: '/membresias/lookup',
    audience: 'user',
    schema: { body: LookupMembershipBody, response: { 200: LookupMembershipAnswer } },
    // The wizard asks once per 'Agregar' with a code; as tight as the coupon check against guessing.
    rateLimit: { max: 30, timeWindow: '1 minute', perAccount: true },
    handle: async (call, core) => {
      const found = await familyMembership(core.deps.store, call.body.code, accountOf(call)._id);
      if (!found.ok) throw new ApiError(400, found.message);
      const { code, first_name, last_name, birth_date } = found.membership;
      return {
        status: 'SUCCESS',
        message: M.membershipValid,
        data: { code, first_name, last_name, birth_date },
      };
    },
  }),
  route({
    method: 'POST',
    url: '/inscripciones/create',
    audience: 'user',
    schema: { body: CreateEnrolmentBody, response: { 201: EnrolmentAnswer } },
    rateLimit: { max: 30, timeWindow: '1 minute', perAccount: true },
    handle: async (call, core) => {
      const key = call.header('idempotency-key');
      if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key))
        throw new ApiError(400, M.idempotencyKey);
      const user = accountOf(call);
      const answer = await once(
        core.deps.store,
        user._id,
        key,
        await requestHash(call.body, CARD_FIELDS),
        () => enrol(core.deps, user, call.body, key),
        {
          leaseMs: paymentLeaseMs(core.deps),
          onUnexpected: (error) => core.deps.log.error({ err: error }, 'enrolment failed unexpectedly'),
          recover: () => recoverAnswer(core.deps.store, user._id, key),
        },
      );
      return new Answer(answer.statusCode, answer.body);
    },
  }),
];
