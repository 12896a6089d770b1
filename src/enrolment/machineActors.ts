// The calls the enrolment machine (./machine.ts) invokes, by name: the defaults go through ./api.ts,
// and tests replace them under the same names through machine.provide. The bank's step
// (./bankStep.ts) is a chunk of its own, loaded only when a bank asks.
import { fromCallback, fromPromise } from 'xstate';
import type { CouponTermsData } from '../domain/coupons.ts';
import type { PaymentResult } from '../domain/enrolment.ts';
import type { WizardData } from './wizardData.ts';
import type { MembershipHolder } from '../domain/schemas/memberships.ts';
import * as api from './api.ts';
import type { CampData } from './api.ts';
// A type import loads nothing: ./bankStep.ts stays in its chunk until `bankStep()` below.
import type { BankOutcome } from './bankStep.ts';
import type { EnrolmentEvent } from './machineContext.ts';

const bankStep = () => import(/* webpackChunkName: "bank-step" */ './bankStep.ts');
const enrolmentBody = () => import(/* webpackChunkName: "step-payment" */ './enrolmentBody.ts');

/** What the machine hands the payment: its data now, and the attempt's key. */
export interface PayInput {
  data: WizardData;
  idempotencyKey: string;
}

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
  /** Builds the request from the wizard's data as it stands (./enrolmentBody.ts, the payment step's chunk) and pays. */
  pay: fromPromise<PaymentResult | api.PendingAuthentication, PayInput>(async ({ input, signal }) => {
    const { buildEnrolmentBody } = await enrolmentBody();
    return api.pay(buildEnrolmentBody(input.data), input.idempotencyKey, signal);
  }),
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
