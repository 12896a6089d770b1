// The calls the enrolment machine (./machine.ts) invokes, by name: the defaults go through ./api.ts,
// and tests replace them under the same names through machine.provide. The bank's step
// (./bankStep.ts) is a chunk of its own, loaded only when a bank asks.
import { fromCallback, fromPromise } from 'xstate';
import type { CouponTermsData } from '../domain/coupons.ts';
import type { CreateEnrolmentBody, PaymentResult } from '../domain/enrolment.ts';
import type { MembershipHolder } from '../domain/schemas/memberships.ts';
import * as api from './api.ts';
import type { CampData } from './api.ts';
// A type import loads nothing: ./bankStep.ts stays in its chunk until `bankStep()` below.
import type { BankOutcome } from './bankStep.ts';
import type { EnrolmentEvent } from './machineContext.ts';

const bankStep = () => import(/* webpackChunkName: "bank-step" */ './bankStep.ts');

export const enrolmentActors = {
  loadCampData: fromPromise<CampData, { campId: string }>(({ input, signal }) =>
    api.loadCampData(input.campId, signal),
  ),
  uploadPhoto: fromPromise<string, { file: Blob; cupo: number }>(({ input, signal }) =>
    api.uploadPhoto(input.file, signal),
  ),
  validateCoupon: fromPromise<CouponTermsData, { code: string } & api.CouponOrder>(
    ({ input: { code, ...order }, signal }) => api.validateCoupon(code, order, signal),
  ),
  lookupMembership: fromPromise<MembershipHolder, { code: string }>(({ input, signal }) =>
    api.lookupMembership(input.code, signal),
  ),
  pay: fromPromise<
    PaymentResult | api.PendingAuthentication,
    { body: CreateEnrolmentBody; idempotencyKey: string }
  >(({ input, signal }) => api.pay(input.body, input.idempotencyKey, signal)),
  /** Asks how the bank's step goes until the server has settled the payment. */
  watchAuthentication: fromCallback<EnrolmentEvent, { session: string }>(({ input, sendBack }) => {
    let stopped = false;
    let stop: (() => void) | undefined;
    bankStep().then(
      (module) => {
        if (!stopped) stop = module.watchBankStep(input.session, sendBack);
      },
      (error: unknown) => sendBack({ type: 'AUTHENTICATION_FAILED', error }),
    );
    return () => {
      stopped = true;
      stop?.();
    };
  }),
  cancelAuthentication: fromPromise<BankOutcome | null, { session: string }>(async ({ input }) =>
    (await bankStep()).cancelBankStep(input.session),
  ),
};
