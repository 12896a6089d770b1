// The enrolment wizard (spec 01 §2, §4, §8; DESIGN.md §3 "Wizard"): one XState v5 machine owning
// the steps, cart, participants, additional data, coupon and payment. Its rules are pure functions
// (./calendarRules.ts, ./cartLines.ts, ./cartTotals.ts, ./stepRules.ts); its context, input and
// events are ./machineContext.ts; the calls it invokes are ./machineActors.ts (replaced through
// machine.provide in tests); navigation is the `goTo` action, provided at the edge so the machine
// knows no router. Persistence to sessionStorage is in persistence.ts.
// Over 500 lines on purpose: one concern, the machine's states and transitions (its rules, context
// and actors are already apart); setup()'s named guards and actions and the states that use them
// by name are one definition, which XState types as one: split in two, neither half reads alone.
import { newIdempotencyKey } from '../api/idempotency.ts';
import { assertEvent, assign, setup } from 'xstate';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../api/http.ts';
import { isCouponRefusal, normalizeCouponCode, type CouponTermsData } from '../domain/coupons.ts';
import { WIZARD_ENROLMENT_MESSAGES, type PaymentResult } from '../domain/enrolment.ts';
import * as api from './api.ts';
import type { CampData } from './api.ts';
// A type import loads nothing: the bank's step stays in its own chunk (./machineActors.ts).
import type { BankOutcome } from './bankStep.ts';
import { CARD_MESSAGES } from '../domain/cards.ts';
import { holdStateOf, withAnsweredPlaces } from './holds.ts';
import type { MembershipHolder } from '../domain/schemas/memberships.ts';
import { couponFailureMessage, keepsIdempotencyKey, messageOf, photoFailureMessage } from './callFailures.ts';
import { enrolmentActors } from './machineActors.ts';
import {
  initialContext,
  type EnrolmentContext,
  type EnrolmentEvent,
  type EnrolmentInput,
} from './machineContext.ts';
import {
  CONFIRMATION_ROUTE,
  EMPTY_MEMBERSHIP,
  STEP_ROUTES,
  initialSelection,
  wizardWeeks,
  type MembershipChoice,
  type StepIndex,
} from './wizardData.ts';
import {
  addError,
  addToCart,
  declaredCode,
  selectCategory,
  setMembership,
  toggleAll,
  toggleWeek,
  withOfferCategory,
  withOffers,
} from './calendarRules.ts';
import { deleteChecked, refreshLines, swapLineWeek, toggleLine } from './cartLines.ts';
import { couponDisabled, withoutDisallowedCoupon } from './cartTotals.ts';
import {
  canProceed,
  maxReachableStep,
  participantList,
  photoProblem,
  updateParticipant,
} from './stepRules.ts';

/** The `goTo` action's params: where the app navigates. */
export interface GoToParams {
  to: string;
  /** True for redirects (a step the data does not allow yet): replace the history entry. */
  replace: boolean;
}

/** The loaded weeks, the family's own holds counted as its own (the list counts them as taken). */
const loadedWeeks = (data: CampData) =>
  data.holds ? withAnsweredPlaces(wizardWeeks(data.weeks), data.holds) : wizardWeeks(data.weeks);

function couponCodeOf(context: EnrolmentContext, event: { code?: string }): string {
  return normalizeCouponCode(event.code ?? context.payment.coupon);
}

const redirect = {
  type: 'goTo',
  params: ({ context }: { context: EnrolmentContext }): GoToParams => ({
    to: STEP_ROUTES[context.step],
    replace: true,
  }),
} as const;

const navigate = (step: StepIndex) =>
  ({ type: 'goTo', params: { to: STEP_ROUTES[step], replace: false } }) as const;

/**
 * A route sends GO_TO with its step: nothing to do when it is the current one; when the data does
 * not allow that step (no participants → calendar), the route is corrected to the current step;
 * otherwise the step the data allows is entered.
 */
const goToTransitions = [
  { guard: 'goToCurrentStep' },
  { guard: 'goToBlocked', actions: redirect },
  { target: '#enrolment.route', actions: ['applyGoTo', redirect] },
] as const;

export const enrolmentMachine = setup({
  types: {
    context: {} as EnrolmentContext,
    events: {} as EnrolmentEvent,
    input: {} as EnrolmentInput,
  },
  actors: enrolmentActors,
  guards: {
    cartNotEmpty: ({ context }) => canProceed(0, context),
    participantsComplete: ({ context }) => canProceed(1, context),
    additionalComplete: ({ context }) => canProceed(2, context),
    paymentReady: ({ context }) => canProceed(3, context),
    addRejected: ({ context }) => addError(context) !== null,
    /** A membership code was typed: it is looked up before the line is added. */
    membershipDeclared: ({ context }) => declaredCode(context) !== '',
    photoRejected: ({ event }) => {
      assertEvent(event, 'UPLOAD_PHOTO');
      return photoProblem(event.file) !== null;
    },
    couponAllowed: ({ context, event }) => {
      assertEvent(event, 'APPLY_COUPON');
      return context.coupon === null && !couponDisabled(context) && couponCodeOf(context, event) !== '';
    },
    /** The route already shows the current step. */
    goToCurrentStep: ({ context, event }) => {
      assertEvent(event, 'GO_TO');
      return event.step === context.step;
    },
    /** The data does not allow going further than the current step. */
    goToBlocked: ({ context, event }) => {
      assertEvent(event, 'GO_TO');
      return Math.min(event.step, maxReachableStep(context)) === context.step;
    },
    stepIs: ({ context }, params: { step: StepIndex }) => context.step === params.step,
    /** A refusal that may mean a week filled (409 and not 'still processing'): reload the places. */
    mayBeFull: ({ event }) => {
      const error = (event as { error?: unknown }).error;
      return error instanceof ApiError && error.status === 409 && !keepsIdempotencyKey(error);
    },
  },
  actions: {
    /** Provided by the app: navigate to `to` when the current path differs. */
    goTo: (_, _params: GoToParams) => {},
    setStep: assign((_, params: { step: StepIndex }) => ({ step: params.step })),
    requestStep: assign(({ event }) => {
      assertEvent(event, 'GO_TO');
      return { step: event.step };
    }),
    applyGoTo: assign(({ context, event }) => {
      assertEvent(event, 'GO_TO');
      return { step: Math.min(event.step, maxReachableStep(context)) as StepIndex };
    }),
    clampStep: assign(({ context }) => ({
      step: Math.min(context.step, maxReachableStep(context)) as StepIndex,
    })),
    storeCampData: assign(({ context }, { data }: { data: CampData }) => {
      const weeks = loadedWeeks(data);
      return {
        ...(data.holds ? { hold: holdStateOf(data.holds, context.hold) } : {}),
        uid: data.uid,
        camp: data.camp,
        categories: data.categories,
        earlierChildren: data.earlierChildren,
        heldPlaces: data.heldPlaces,
        originalWeeks: weeks,
        weeks,
        selection: initialSelection(),
        membership: EMPTY_MEMBERSHIP,
        lines: refreshLines(context.lines, weeks),
        waitlist: data.waitlist ?? [],
      };
    }),
    /** A waiting list's offer: its week in the cart, for its child (./calendarRules.ts withOffers). */
    takeOffers: assign(({ context }) => withOffers(context, Date.now())),
    showDialog: assign((_, params: { message: string }) => ({ dialog: params.message })),
    closeDialog: assign({ dialog: null }),
    showAddError: assign(({ context }) => ({ dialog: addError(context), addTried: true })),
    couponRefused: assign((_, { message }: { message: string }) => ({
      dialog: message,
      couponError: message,
    })),
    addToCart: assign(({ context, event }) => {
      assertEvent(event, 'AGREGAR');
      const added = addToCart(context, event.now ?? Date.now());
      return added.ok ? { ...withoutDisallowedCoupon(added.state), addTried: false } : {};
    }),
    addMemberToCart: assign(({ context }, { holder }: { holder: MembershipHolder }) => {
      const added = addToCart(context, Date.now(), holder);
      return added.ok ? { ...withoutDisallowedCoupon(added.state), addTried: false } : {};
    }),
    toggleWeek: assign(({ context, event }) => {
      assertEvent(event, 'TOGGLE_WEEK');
      return toggleWeek(context, event.weekId);
    }),
    toggleAll: assign(({ context }) => toggleAll(context)),
    selectCategory: assign(({ context, event }) => {
      assertEvent(event, 'SELECT_CATEGORY');
      // An offered week's category completes the offer: it goes to the cart (./calendarRules.ts).
      return withOfferCategory(selectCategory(context, event.category, event.weekId), Date.now());
    }),
    setMembership: assign(({ context, event }) => {
      assertEvent(event, 'SET_MEMBERSHIP');
      const patch: Partial<MembershipChoice> = {};
      if (event.have !== undefined) patch.have = event.have;
      if (event.id !== undefined) patch.id = event.id;
      return setMembership(context, patch);
    }),
    toggleLine: assign(({ context, event }) => {
      assertEvent(event, 'TOGGLE_LINE');
      return toggleLine(context, event.key);
    }),
    deleteChecked: assign(({ context }) => withoutDisallowedCoupon(deleteChecked(context))),
    updateParticipant: assign(({ context, event }) => {
      assertEvent(event, 'UPDATE_PARTICIPANT');
      return updateParticipant(context, event.cupo, event.patch);
    }),
    showPhotoProblem: assign(({ event }) => {
      assertEvent(event, 'UPLOAD_PHOTO');
      return { dialog: photoProblem(event.file) };
    }),
    startUpload: assign(({ event }) => {
      assertEvent(event, 'UPLOAD_PHOTO');
      return { uploadingCupo: event.cupo };
    }),
    storePhoto: assign(({ context }, { url }: { url: string }) =>
      context.uploadingCupo === null ? {} : updateParticipant(context, context.uploadingCupo, { image: url }),
    ),
    endUpload: assign({ uploadingCupo: null }),
    updateAdditional: assign(({ context, event }) => {
      assertEvent(event, 'UPDATE_ADDITIONAL');
      return { additional: { ...context.additional, ...event.patch } };
    }),
    updatePayment: assign(({ context, event }) => {
      assertEvent(event, 'UPDATE_PAYMENT');
      const patch = { ...event.patch };
      // The coupon box is locked while a coupon is applied.
      if (context.coupon) delete patch.coupon;
      // A refusal's note under its field goes once the parent changes that field.
      const card = (['ccName', 'ccNumber', 'ccDate', 'ccCVV'] as const).some((field) => field in patch);
      return {
        payment: { ...context.payment, ...patch },
        ...('coupon' in patch ? { couponError: null } : {}),
        ...(card ? { cardError: null } : {}),
      };
    }),
    storeCoupon: assign(({ context }, { terms }: { terms: CouponTermsData }) => ({
      coupon: terms,
      couponError: null,
      payment: { ...context.payment, coupon: terms.code },
    })),
    removeCoupon: assign(({ context }) => ({ coupon: null, payment: { ...context.payment, coupon: '' } })),
    storeResult: assign((_, { result }: { result: PaymentResult }) => ({ result, authentication: null })),
    storeAuthentication: assign((_, { pending }: { pending: api.PendingAuthentication }) => ({
      authentication: pending.authentication,
    })),
    authenticationStep: assign(({ context }, { kind }: { kind: 'method' | 'challenge' }) => ({
      authentication: context.authentication ? { ...context.authentication, kind } : null,
    })),
    /**
     * Places, names and prices as the server has them now, and the family's earlier children (an
     * order paid or cancelled in another tab changes the family discount); the cart and the forms stay.
     */
    storeFreshWeeks: assign(({ context }, { data }: { data: CampData }) => {
      const weeks = loadedWeeks(data);
      return {
        // The cart is reported again at once: a refused payment gave its places back to the cart
        // with a new expiry, and the answer says what this family holds now.
        hold: { ...context.hold, retry: context.hold.retry + 1 },
        originalWeeks: weeks,
        weeks,
        lines: refreshLines(context.lines, weeks),
        earlierChildren: data.earlierChildren,
        heldPlaces: data.heldPlaces,
      };
    }),
    storeHolds: assign(({ context, event }) => {
      assertEvent(event, 'HOLD_REPORTED');
      return {
        hold: holdStateOf(event.holds, context.hold),
        weeks: withAnsweredPlaces(context.weeks, event.holds),
        originalWeeks: withAnsweredPlaces(context.originalWeeks, event.holds),
      };
    }),
    retryHold: assign(({ context }) => ({ hold: { ...context.hold, retry: context.hold.retry + 1 } })),
    swapWeek: assign(({ context, event }) => {
      assertEvent(event, 'SWAP_WEEK');
      return swapLineWeek(context, event.key, event.weekId);
    }),
    /**
     * Spec 01 §8 says a network failure of the enrolment call is only logged. A parent who presses
     * 'Pagar' and sees nothing happen would press again or leave unsure whether they were
     * charged, so the transport message is shown in the dialog as well.
     */
    paymentFailed: assign(({ context }, { error }: { error: unknown }) => {
      const dialog = messageOf(error, NETWORK_ERROR_MESSAGE);
      return {
        // The cart is reported again: a refused payment gave its places back to the cart.
        hold: { ...context.hold, retry: context.hold.retry + 1 },
        dialog,
        // The card's own refusal is said under its number too; a failure of ours is not the card's.
        cardError:
          error instanceof ApiError && error.status === 402 && dialog !== CARD_MESSAGES.gatewayError
            ? dialog
            : null,
        idempotencyKey: keepsIdempotencyKey(error) ? context.idempotencyKey : newIdempotencyKey(),
        // A coupon refused at payment (its last use taken meanwhile) is taken off, so the total
        // shown is again what 'Pagar' charges.
        ...(error instanceof ApiError && isCouponRefusal(dialog)
          ? { coupon: null, payment: { ...context.payment, coupon: '' } }
          : {}),
      };
    }),
  },
}).createMachine({
  id: 'enrolment',
  context: ({ input }) => initialContext(input),
  initial: 'start',
  on: {
    CLOSE_DIALOG: { actions: 'closeDialog' },
    HOLD_REPORTED: { actions: 'storeHolds' },
    HOLD_RETRY: { actions: 'retryHold' },
  },
  states: {
    /** Transient: a reloaded thank-you page is already paid; anything else loads the camp. */
    start: {
      always: [
        { guard: ({ context }) => context.result !== null, target: 'confirmed' },
        { target: 'loading' },
      ],
    },
    loading: {
      invoke: {
        src: 'loadCampData',
        input: ({ context }) => ({ campId: context.campId }),
        onDone: {
          target: 'route',
          actions: [
            { type: 'storeCampData', params: ({ event }) => ({ data: event.output }) },
            'takeOffers',
            'clampStep',
            redirect,
          ],
        },
        onError: {
          target: 'loadFailed',
          actions: {
            type: 'showDialog',
            params: ({ event }) => ({
              message: messageOf(event.error, WIZARD_ENROLMENT_MESSAGES.campNotFound),
            }),
          },
        },
      },
      on: { GO_TO: { actions: 'requestStep' } },
    },
    loadFailed: {
      on: {
        RETRY: { target: 'loading', actions: 'closeDialog' },
        GO_TO: { actions: 'requestStep' },
      },
    },
    /** Transient: enters the step held in context.step. */
    route: {
      always: [
        { guard: { type: 'stepIs', params: { step: 3 } }, target: 'payment' },
        { guard: { type: 'stepIs', params: { step: 2 } }, target: 'additional' },
        { guard: { type: 'stepIs', params: { step: 1 } }, target: 'participants' },
        { target: 'calendar' },
      ],
    },
    calendar: {
      entry: { type: 'setStep', params: { step: 0 } },
      initial: 'idle',
      states: {
        idle: {
          on: {
            AGREGAR: [
              { guard: 'addRejected', actions: 'showAddError' },
              { guard: 'membershipDeclared', target: 'checkingMembership' },
              { actions: 'addToCart' },
            ],
          },
        },
        /** A typed membership code is checked when the line is added, not only at 'Pagar'. */
        checkingMembership: {
          invoke: {
            src: 'lookupMembership',
            input: ({ context }) => ({ code: declaredCode(context) }),
            onDone: {
              target: 'idle',
              actions: { type: 'addMemberToCart', params: ({ event }) => ({ holder: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'showDialog',
                params: ({ event }) => ({ message: messageOf(event.error, NETWORK_ERROR_MESSAGE) }),
              },
            },
          },
        },
      },
      on: {
        TOGGLE_WEEK: { actions: 'toggleWeek' },
        TOGGLE_ALL: { actions: 'toggleAll' },
        SELECT_CATEGORY: { actions: 'selectCategory' },
        SET_MEMBERSHIP: { actions: 'setMembership' },
        TOGGLE_LINE: { actions: 'toggleLine' },
        DELETE_CHECKED: { actions: 'deleteChecked' },
        NEXT: { guard: 'cartNotEmpty', target: 'participants', actions: navigate(1) },
        GO_TO: goToTransitions,
      },
    },
    participants: {
      entry: { type: 'setStep', params: { step: 1 } },
      exit: 'endUpload',
      initial: 'idle',
      on: {
        UPDATE_PARTICIPANT: { actions: 'updateParticipant' },
        NEXT: { guard: 'participantsComplete', target: 'additional', actions: navigate(2) },
        BACK: { target: 'calendar', actions: navigate(0) },
        GO_TO: goToTransitions,
      },
      states: {
        idle: {
          entry: 'endUpload',
          on: {
            UPLOAD_PHOTO: [
              { guard: 'photoRejected', actions: 'showPhotoProblem' },
              { target: 'uploading', actions: 'startUpload' },
            ],
          },
        },
        uploading: {
          invoke: {
            src: 'uploadPhoto',
            input: ({ event }) => {
              assertEvent(event, 'UPLOAD_PHOTO');
              return { file: event.file, cupo: event.cupo };
            },
            onDone: {
              target: 'idle',
              actions: { type: 'storePhoto', params: ({ event }) => ({ url: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'showDialog',
                params: ({ event }) => ({ message: photoFailureMessage(event.error) }),
              },
            },
          },
          // Wait for the photo before leaving the step.
          on: { NEXT: {} },
        },
      },
    },
    additional: {
      entry: { type: 'setStep', params: { step: 2 } },
      on: {
        UPDATE_ADDITIONAL: { actions: 'updateAdditional' },
        NEXT: { guard: 'additionalComplete', target: 'payment', actions: navigate(3) },
        BACK: { target: 'participants', actions: navigate(1) },
        GO_TO: goToTransitions,
      },
    },
    payment: {
      entry: { type: 'setStep', params: { step: 3 } },
      initial: 'idle',
      on: {
        UPDATE_PAYMENT: { actions: 'updatePayment' },
        SWAP_WEEK: { actions: 'swapWeek' },
        BACK: { target: 'additional', actions: navigate(2) },
        GO_TO: goToTransitions,
      },
      states: {
        idle: {
          on: {
            APPLY_COUPON: { guard: 'couponAllowed', target: 'validatingCoupon' },
            REMOVE_COUPON: { actions: 'removeCoupon' },
            PAY: { guard: 'paymentReady', target: 'paying' },
          },
        },
        validatingCoupon: {
          invoke: {
            src: 'validateCoupon',
            input: ({ context, event }) => {
              assertEvent(event, 'APPLY_COUPON');
              return {
                code: couponCodeOf(context, event),
                campament: context.campId,
                participants: participantList(context).length,
              };
            },
            onDone: {
              target: 'idle',
              actions: { type: 'storeCoupon', params: ({ event }) => ({ terms: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'couponRefused',
                params: ({ event }) => ({ message: couponFailureMessage(event.error) }),
              },
            },
          },
        },
        paying: {
          // ./cartReport.ts reports nothing while the payment runs.
          tags: ['paying'],
          invoke: {
            src: 'pay',
            input: ({ context }) => ({ data: context, idempotencyKey: context.idempotencyKey }),
            onDone: [
              {
                // 3-D Secure: the bank's step comes first; the places stay held by the order.
                guard: ({ event }) => api.needsAuthentication(event.output),
                target: 'authenticating',
                actions: {
                  type: 'storeAuthentication',
                  params: ({ event }) => ({ pending: event.output as api.PendingAuthentication }),
                },
              },
              {
                target: '#enrolment.confirmed',
                actions: {
                  type: 'storeResult',
                  params: ({ event }) => ({ result: event.output as PaymentResult }),
                },
              },
            ],
            onError: [
              {
                guard: 'mayBeFull',
                target: 'refreshingWeeks',
                actions: { type: 'paymentFailed', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: 'failed',
                actions: { type: 'paymentFailed', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
          // The charge is under way: leaving now would lose its answer; the cart is what is charged.
          on: { BACK: {}, GO_TO: {}, SWAP_WEEK: {} },
        },
        /**
         * The card's bank's step (3-D Secure, issue 21) in the payment step's frame, until the
         * server has settled the payment; the cart is what is being charged, so it stays as it is.
         */
        authenticating: {
          tags: ['paying'],
          invoke: {
            src: 'watchAuthentication',
            input: ({ context }) => ({ session: context.authentication?.session ?? '' }),
          },
          on: {
            BACK: {},
            GO_TO: {},
            SWAP_WEEK: {},
            AUTHENTICATION_STEP: {
              actions: { type: 'authenticationStep', params: ({ event }) => ({ kind: event.kind }) },
            },
            AUTHENTICATION_PAID: {
              target: '#enrolment.confirmed',
              actions: { type: 'storeResult', params: ({ event }) => ({ result: event.result }) },
            },
            AUTHENTICATION_FAILED: {
              target: 'failed',
              actions: { type: 'paymentFailed', params: ({ event }) => ({ error: event.error }) },
            },
            CANCEL_AUTHENTICATION: { target: 'cancellingAuthentication' },
          },
        },
        cancellingAuthentication: {
          tags: ['paying'],
          invoke: {
            src: 'cancelAuthentication',
            input: ({ context }) => ({ session: context.authentication?.session ?? '' }),
            onDone: [
              // The bank's answer came first and paid: the thank-you page after all.
              {
                guard: ({ event }) => event.output?.type === 'AUTHENTICATION_PAID',
                target: '#enrolment.confirmed',
                actions: {
                  type: 'storeResult',
                  params: ({ event }) => ({
                    result: (event.output as Extract<BankOutcome, { result: unknown }>).result,
                  }),
                },
              },
              {
                guard: ({ event }) => event.output?.type === 'AUTHENTICATION_FAILED',
                target: 'failed',
                actions: {
                  type: 'paymentFailed',
                  params: ({ event }) => ({
                    error: (event.output as Extract<BankOutcome, { error: unknown }>).error,
                  }),
                },
              },
              // Its answer is being processed: wait for it.
              { target: 'authenticating' },
            ],
            onError: {
              target: 'authenticating',
              actions: {
                type: 'showDialog',
                params: ({ event }) => ({ message: messageOf(event.error, NETWORK_ERROR_MESSAGE) }),
              },
            },
          },
          on: { BACK: {}, GO_TO: {}, SWAP_WEEK: {} },
        },
        /** After 'semana-llena': the weeks' places again, so the full line can be swapped in place. */
        refreshingWeeks: {
          invoke: {
            src: 'loadCampData',
            input: ({ context }) => ({ campId: context.campId }),
            onDone: {
              target: 'failed',
              actions: { type: 'storeFreshWeeks', params: ({ event }) => ({ data: event.output }) },
            },
            onError: { target: 'failed' },
          },
        },
        /** Like idle ('Pagar' enabled again, spinner hidden), after a failed attempt. */
        failed: {
          on: {
            APPLY_COUPON: { guard: 'couponAllowed', target: 'validatingCoupon' },
            REMOVE_COUPON: { actions: 'removeCoupon' },
            PAY: { guard: 'paymentReady', target: 'paying' },
          },
        },
      },
    },
    confirmed: {
      type: 'final',
      entry: { type: 'goTo', params: { to: CONFIRMATION_ROUTE, replace: true } },
    },
  },
});

export type EnrolmentMachine = typeof enrolmentMachine;
