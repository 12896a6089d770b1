import { describe, expect, it } from 'vitest';
import { AUTHENTICATION_MESSAGES } from '../domain/authentication.ts';
import { createActor, fromCallback, fromPromise, waitFor, type Actor } from 'xstate';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../api/http.ts';
import { COUPON_MESSAGES, type CouponTermsData } from '../domain/coupons.ts';
import {
  ENROLMENT_MESSAGES,
  weekFullMessage,
  type CreateEnrolmentBody,
  type PaymentResult,
} from '../domain/enrolment.ts';
import { PHOTO_MESSAGES } from '../domain/photos.ts';
import { CARD_MESSAGES } from '../domain/cards.ts';
import type { MembershipHolder } from '../domain/schemas/memberships.ts';
import type { CampData, CouponOrder, PendingAuthentication } from './api.ts';
import { reportCart, type ReportedCart } from './cartReport.ts';
import { lineHolds } from './holds.ts';
import type { CartHolds } from '../domain/holds.ts';
import { CONFIRMATION_ROUTE, type StepIndex } from './wizardData.ts';
import { ADD_MESSAGES } from './calendarRules.ts';
import { fullLines, swapChoices } from './cartLines.ts';
import { cartTotals } from './cartTotals.ts';
import type { BankOutcome } from './bankStep.ts';
import { enrolmentMachine, type EnrolmentMachine, type GoToParams } from './machine.ts';
import type { EnrolmentEvent } from './machineContext.ts';
import type { PayInput } from './machineActors.ts';
import { buildEnrolmentBody } from './enrolmentBody.ts';
import { WIZARD_STORAGE_KEY, loadPaid, loadWizard, persistWizard } from './persistence.ts';
import type { SavedPaid, SavedWizard } from './savedWizard.ts';
import {
  CAMP_ID,
  CAT_JUNIOR,
  CAT_MINI,
  PROGRAM_ID,
  VERANO10,
  campData,
  campWeeks,
  categories,
  programData,
  programOptions,
  summerCamp,
  validAdditional,
  validParticipant,
  validPayment,
  week,
  weekId,
} from './test-fixtures.ts';
// The forms' rules, as the steps with forms load them (./formRules.ts).
import './formRules.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const RESULT: PaymentResult = {
  date_createdBO: '01/07/2025 10:30 a. m.',
  orderId: '1001',
  authCode: 'A12345',
  amountFormat: 'RD$15,894',
};

/** A promise the test settles by hand (to look at the machine while a call is under way). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

interface Fakes {
  load?: (campId: string) => Promise<CampData>;
  upload?: (file: Blob) => Promise<string>;
  coupon?: (code: string) => Promise<CouponTermsData>;
  pay?: (body: CreateEnrolmentBody, key: string) => Promise<PaymentResult | PendingAuthentication>;
  membership?: (code: string) => Promise<MembershipHolder>;
  /** The bank's step (3-D Secure): the watcher's events are sent by the test through `bank.send`. */
  cancel?: (session: string) => Promise<BankOutcome | null>;
}

/** The fake watcher of the bank's step: the test sends what the server would report. */
const bank = {
  send: (_event: EnrolmentEvent) => {},
  watching: [] as string[],
};

const HOLDER: MembershipHolder = {
  code: 'MB-000001',
  first_name: 'Luis',
  last_name: 'Gómez',
  birth_date: '02/03/2016',
};

/** The machine with fake actors (no network) and a recording goTo. */
function start(
  fakes: Fakes = {},
  input: { campId?: string; restored?: SavedWizard | null; paid?: SavedPaid | null } = {},
) {
  const calls = {
    load: [] as string[],
    upload: [] as Blob[],
    coupon: [] as Array<{ code: string } & CouponOrder>,
    pay: [] as Array<{ body: CreateEnrolmentBody; key: string }>,
    membership: [] as string[],
    goTo: [] as GoToParams[],
  };
  const machine = enrolmentMachine.provide({
    actors: {
      loadCampData: fromPromise<CampData, { campId: string }>(async ({ input }) => {
        calls.load.push(input.campId);
        return (fakes.load ?? (async () => campData))(input.campId);
      }),
      uploadPhoto: fromPromise<string, { file: Blob; cupo: number }>(async ({ input }) => {
        calls.upload.push(input.file);
        return (fakes.upload ?? (async () => 'https://cdn.example.org/foto.jpg'))(input.file);
      }),
      validateCoupon: fromPromise<CouponTermsData, { code: string } & CouponOrder>(async ({ input }) => {
        calls.coupon.push(input);
        return (fakes.coupon ?? (async () => VERANO10))(input.code);
      }),
      lookupMembership: fromPromise<MembershipHolder, { code: string }>(async ({ input }) => {
        calls.membership.push(input.code);
        return (fakes.membership ?? (async () => HOLDER))(input.code);
      }),
      pay: fromPromise<PaymentResult | PendingAuthentication, PayInput>(async ({ input }) => {
        const body = buildEnrolmentBody(input.data);
        calls.pay.push({ body, key: input.idempotencyKey });
        return (fakes.pay ?? (async () => RESULT))(body, input.idempotencyKey);
      }),
      watchAuthentication: fromCallback<EnrolmentEvent, { session: string }>(({ input, sendBack }) => {
        bank.watching.push(input.session);
        bank.send = sendBack;
        return () => {
          bank.send = () => {};
        };
      }),
      cancelAuthentication: fromPromise<BankOutcome | null, { session: string }>(async ({ input }) =>
        (fakes.cancel ?? (async () => null))(input.session),
      ),
    },
    actions: { goTo: (_, params) => void calls.goTo.push(params) },
  });
  const actor = createActor(machine, {
    input: { campId: input.campId ?? CAMP_ID, restored: input.restored ?? null, paid: input.paid ?? null },
  });
  actor.start();
  return { actor, calls };
}

type WizardActor = Actor<EnrolmentMachine>;

async function loaded(fakes: Fakes = {}) {
  const started = start(fakes);
  await waitFor(started.actor, (s) => !s.matches('loading'), { timeout: 1000 });
  return started;
}

/** Two children, weeks 1 and 2 each, category Mini. */
function addTwoChildren(actor: WizardActor) {
  actor.send({ type: 'TOGGLE_WEEK', weekId: weekId(1) });
  actor.send({ type: 'TOGGLE_WEEK', weekId: weekId(2) });
  actor.send({ type: 'SELECT_CATEGORY', category: CAT_MINI });
  actor.send({ type: 'AGREGAR' });
  actor.send({ type: 'TOGGLE_WEEK', weekId: weekId(1) });
  actor.send({ type: 'TOGGLE_WEEK', weekId: weekId(2) });
  actor.send({ type: 'SELECT_CATEGORY', category: CAT_MINI });
  actor.send({ type: 'AGREGAR' });
}

/** Two different children (the same name and birth date would be one child, priced once). */
function fillParticipants(actor: WizardActor) {
  for (const cupo of [1, 2])
    actor.send({
      type: 'UPDATE_PARTICIPANT',
      cupo,
      patch: cupo === 1 ? validParticipant : { ...validParticipant, first_name: 'Luis' },
    });
}

/** Loaded, two children added and every form filled: the machine on the payment step. */
async function atPayment(fakes: Fakes = {}) {
  const started = await loaded(fakes);
  const { actor } = started;
  addTwoChildren(actor);
  actor.send({ type: 'NEXT' });
  fillParticipants(actor);
  actor.send({ type: 'NEXT' });
  actor.send({ type: 'UPDATE_ADDITIONAL', patch: validAdditional });
  actor.send({ type: 'NEXT' });
  expect(actor.getSnapshot().matches({ payment: 'idle' })).toBe(true);
  return started;
}

describe('loading', () => {
  it('loads weeks, categories and camp, then shows the calendar with no week ticked', async () => {
    const { actor, calls } = await loaded();
    const snapshot = actor.getSnapshot();
    expect(calls.load).toEqual([CAMP_ID]);
    expect(snapshot.matches('calendar')).toBe(true);
    expect(snapshot.context).toMatchObject({
      step: 0,
      uid: 'user-1',
      camp: summerCamp,
      categories,
      weeks: campWeeks,
      originalWeeks: campWeeks,
      dialog: null,
    });
    expect(snapshot.context.selection.weekIds).toEqual([]);
    expect(snapshot.context.idempotencyKey).toMatch(UUID);
  });

  it("a refusal shows the server's message in the dialog; RETRY loads again", async () => {
    let fail = true;
    const { actor } = start({
      load: async () => {
        if (fail) throw new Error('El campamento o programa no existe o ya no está disponible.');
        return campData;
      },
    });
    const failed = await waitFor(actor, (s) => s.matches('loadFailed'), { timeout: 1000 });
    expect(failed.context.dialog).toBe('El campamento o programa no existe o ya no está disponible.');
    actor.send({ type: 'CLOSE_DIALOG' });
    expect(actor.getSnapshot().context.dialog).toBeNull();
    expect(actor.getSnapshot().matches('loadFailed')).toBe(true);
    fail = false;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('calendar'), { timeout: 1000 });
  });

  it('a transport failure shows the transport message', async () => {
    const { actor } = start({ load: async () => Promise.reject(new ApiError(0, NETWORK_ERROR_MESSAGE)) });
    const failed = await waitFor(actor, (s) => s.matches('loadFailed'), { timeout: 1000 });
    expect(failed.context.dialog).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('a deep link to a later step without participants lands on the calendar and corrects the route', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'GO_TO', step: 3 });
    await waitFor(actor, (s) => !s.matches('loading'), { timeout: 1000 });
    expect(actor.getSnapshot().matches('calendar')).toBe(true);
    expect(calls.goTo).toEqual([{ to: '/calendario', replace: true }]);
  });
});

describe('calendar', () => {
  it("'Siguiente' is disabled while the cart is empty", async () => {
    const { actor } = await loaded();
    expect(actor.getSnapshot().can({ type: 'NEXT' })).toBe(false);
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().matches('calendar')).toBe(true);
  });

  it('Agregar shows the first failing check in the dialog and adds nothing', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'TOGGLE_WEEK', weekId: weekId(2) });
    actor.send({ type: 'AGREGAR' });
    expect(actor.getSnapshot().context.dialog).toBe(`${ADD_MESSAGES.category} (Semana 2)`);
    actor.send({ type: 'CLOSE_DIALOG' });
    actor.send({ type: 'TOGGLE_ALL' });
    actor.send({ type: 'SELECT_CATEGORY', category: CAT_MINI });
    actor.send({ type: 'SET_MEMBERSHIP', have: 'SI' });
    actor.send({ type: 'AGREGAR' });
    expect(actor.getSnapshot().context.dialog).toBe(ADD_MESSAGES.membershipCode);
    actor.send({ type: 'SET_MEMBERSHIP', have: 'NO' });
    actor.send({ type: 'TOGGLE_ALL' });
    actor.send({ type: 'AGREGAR' });
    expect(actor.getSnapshot().context.dialog).toBe(ADD_MESSAGES.date);
    expect(actor.getSnapshot().context.lines).toEqual([]);
    expect(actor.getSnapshot().context.slotCount).toBe(0);
  });

  it('Agregar adds a participant slot and its weeks; then Siguiente goes to /participantes', async () => {
    const { actor, calls } = await loaded();
    actor.send({ type: 'TOGGLE_ALL' });
    actor.send({ type: 'SELECT_CATEGORY', category: CAT_MINI });
    actor.send({ type: 'SELECT_CATEGORY', category: CAT_JUNIOR, weekId: weekId(4) });
    actor.send({ type: 'AGREGAR' });
    const { context } = actor.getSnapshot();
    expect(context.dialog).toBeNull();
    expect(context.slotCount).toBe(1);
    expect(context.lines.map((line) => [line._id, line.cupo, line.time])).toEqual([
      [weekId(1), 1, CAT_MINI],
      [weekId(2), 1, CAT_MINI],
      [weekId(3), 1, CAT_MINI],
      [weekId(4), 1, CAT_JUNIOR],
    ]);
    expect(Object.keys(context.participants)).toEqual(['1']);
    expect(context.selection).toEqual({ weekIds: [], category: '', categoryByWeek: {} });
    expect(cartTotals(context)).toMatchObject({ subtotal: 18800, multiWeekDiscount: 600, total: 18200 });

    expect(actor.getSnapshot().can({ type: 'NEXT' })).toBe(true);
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().matches({ participants: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.step).toBe(1);
    expect(calls.goTo).toEqual([
      { to: '/calendario', replace: true }, // after loading: the route follows the machine
      { to: '/participantes', replace: false },
    ]);
  });

  it('TOGGLE_WEEK never selects a full week', async () => {
    const weeks = [week(1, { quota_f_left: 0 }), week(2, { quota_f_left: null })];
    const { actor } = await loaded({ load: async () => ({ ...campData, weeks }) });
    actor.send({ type: 'TOGGLE_ALL' });
    expect(actor.getSnapshot().context.selection.weekIds).toEqual([weekId(2)]);
    actor.send({ type: 'TOGGLE_WEEK', weekId: weekId(1) });
    expect(actor.getSnapshot().context.selection.weekIds).toEqual([weekId(2)]);
  });

  it('deleting checked lines renumbers the slots and the participants', async () => {
    const { actor } = await loaded();
    addTwoChildren(actor);
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'UPDATE_PARTICIPANT', cupo: 2, patch: { first_name: 'Luis' } });
    actor.send({ type: 'BACK' });
    // Delete controls exist on the calendar only.
    actor.send({ type: 'TOGGLE_LINE', key: 'L1' });
    actor.send({ type: 'TOGGLE_LINE', key: 'L2' });
    actor.send({ type: 'DELETE_CHECKED' });
    const { context } = actor.getSnapshot();
    expect(context.slotCount).toBe(1);
    expect(context.lines.map((line) => [line.key, line.cupo])).toEqual([
      ['L3', 1],
      ['L4', 1],
    ]);
    expect(context.participants).toEqual({ 1: expect.objectContaining({ id: 1, first_name: 'Luis' }) });
  });

  it('an annual program: the category filters the options; Agregar sets a provisional membership', async () => {
    const { actor } = await loaded({ load: async () => programData });
    expect(actor.getSnapshot().context.selection.weekIds).toEqual([]);
    actor.send({ type: 'SELECT_CATEGORY', category: CAT_JUNIOR });
    expect(actor.getSnapshot().context.weeks.map((w) => w._id)).toEqual([weekId(12), weekId(13)]);
    actor.send({ type: 'TOGGLE_WEEK', weekId: weekId(12) });
    actor.send({ type: 'AGREGAR', now: 1_720_000_098_765 });
    const { context } = actor.getSnapshot();
    expect(context.lines).toEqual([
      expect.objectContaining({
        _id: weekId(12),
        time: CAT_JUNIOR,
        membership_have: 'NO',
        membership_id: '98765',
      }),
    ]);
    expect(context.weeks).toEqual(programOptions);
    expect(cartTotals(context)).toMatchObject({ subtotal: 8500, membership: 2500, total: 11000 });
  });
});

describe('participants', () => {
  async function atParticipants(fakes: Fakes = {}) {
    const started = await loaded(fakes);
    addTwoChildren(started.actor);
    started.actor.send({ type: 'NEXT' });
    return started;
  }

  it('Next stays disabled until every participant is valid', async () => {
    const { actor, calls } = await atParticipants();
    expect(actor.getSnapshot().can({ type: 'NEXT' })).toBe(false);
    actor.send({ type: 'UPDATE_PARTICIPANT', cupo: 1, patch: validParticipant });
    expect(actor.getSnapshot().can({ type: 'NEXT' })).toBe(false);
    actor.send({ type: 'UPDATE_PARTICIPANT', cupo: 2, patch: { ...validParticipant, age: '19' } });
    expect(actor.getSnapshot().can({ type: 'NEXT' })).toBe(false);
    actor.send({ type: 'UPDATE_PARTICIPANT', cupo: 2, patch: { age: '12' } });
    expect(actor.getSnapshot().can({ type: 'NEXT' })).toBe(true);
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().matches('additional')).toBe(true);
    expect(calls.goTo.at(-1)).toEqual({ to: '/adicional', replace: false });
  });

  it('BACK returns to the calendar', async () => {
    const { actor, calls } = await atParticipants();
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().matches('calendar')).toBe(true);
    expect(calls.goTo.at(-1)).toEqual({ to: '/calendario', replace: false });
  });

  it("an uploaded photo becomes the participant's image", async () => {
    const upload = deferred<string>();
    const { actor, calls } = await atParticipants({ upload: () => upload.promise });
    const file = new Blob(['x'], { type: 'image/jpeg' });
    actor.send({ type: 'UPLOAD_PHOTO', cupo: 2, file });
    expect(actor.getSnapshot().matches({ participants: 'uploading' })).toBe(true);
    expect(actor.getSnapshot().context.uploadingCupo).toBe(2);
    upload.resolve('https://cdn.example.org/luis.jpg');
    await waitFor(actor, (s) => s.matches({ participants: 'idle' }), { timeout: 1000 });
    expect(calls.upload).toEqual([file]);
    expect(actor.getSnapshot().context.participants[2]?.image).toBe('https://cdn.example.org/luis.jpg');
    expect(actor.getSnapshot().context.participants[1]?.image).toBe('');
    expect(actor.getSnapshot().context.uploadingCupo).toBeNull();
  });

  it('a failed upload opens the dialog with the spec message', async () => {
    const { actor } = await atParticipants({ upload: async () => Promise.reject(new ApiError(500, 'x')) });
    actor.send({ type: 'UPLOAD_PHOTO', cupo: 1, file: new Blob(['x'], { type: 'image/png' }) });
    await waitFor(actor, (s) => s.context.dialog !== null, { timeout: 1000 });
    expect(actor.getSnapshot().context.dialog).toBe('Error al subir foto. Por favor vuelva a intentarlo.');
    expect(actor.getSnapshot().matches({ participants: 'idle' })).toBe(true);
    actor.send({ type: 'CLOSE_DIALOG' });
    expect(actor.getSnapshot().context.dialog).toBeNull();
  });

  it('a file the server says is no photo shows its reason, not a retry', async () => {
    const { actor } = await atParticipants({
      upload: async () => Promise.reject(new ApiError(400, PHOTO_MESSAGES.badType)),
    });
    actor.send({ type: 'UPLOAD_PHOTO', cupo: 1, file: new Blob(['hola'], { type: 'image/jpeg' }) });
    await waitFor(actor, (s) => s.context.dialog !== null, { timeout: 1000 });
    expect(actor.getSnapshot().context.dialog).toBe('El archivo no es una foto (JPEG, PNG o WebP).');
  });

  it('a photo the server would refuse is not sent', async () => {
    const { actor, calls } = await atParticipants();
    actor.send({ type: 'UPLOAD_PHOTO', cupo: 1, file: new Blob(['%PDF'], { type: 'application/pdf' }) });
    expect(actor.getSnapshot().context.dialog).toBe(PHOTO_MESSAGES.badType);
    expect(actor.getSnapshot().matches({ participants: 'idle' })).toBe(true);
    expect(calls.upload).toEqual([]);
  });

  it('a deep link further than the data allows stays here and corrects the route', async () => {
    const { actor, calls } = await atParticipants();
    actor.send({ type: 'GO_TO', step: 3 });
    expect(actor.getSnapshot().matches('participants')).toBe(true);
    expect(calls.goTo.at(-1)).toEqual({ to: '/participantes', replace: true });
    actor.send({ type: 'GO_TO', step: 0 });
    expect(actor.getSnapshot().matches('calendar')).toBe(true);
  });
});

describe('additional information', () => {
  it("Next is disabled until the data is complete; 'Anterior' goes back", async () => {
    const { actor, calls } = await loaded();
    addTwoChildren(actor);
    actor.send({ type: 'NEXT' });
    fillParticipants(actor);
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.step).toBe(2);
    actor.send({ type: 'UPDATE_ADDITIONAL', patch: { ...validAdditional, mother_phone: '123' } });
    expect(actor.getSnapshot().can({ type: 'NEXT' })).toBe(false);
    actor.send({ type: 'UPDATE_ADDITIONAL', patch: { mother_phone: '809-555-9999' } });
    expect(actor.getSnapshot().can({ type: 'NEXT' })).toBe(true);
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().matches('participants')).toBe(true);
    expect(calls.goTo.at(-1)).toEqual({ to: '/participantes', replace: false });
    actor.send({ type: 'GO_TO', step: 3 });
    expect(actor.getSnapshot().matches({ payment: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.step).toBe(3);
  });
});

describe('payment: coupon', () => {
  it('applies a valid coupon, locks the box, recomputes the total; removing restores it', async () => {
    const check = deferred<CouponTermsData>();
    const { actor, calls } = await atPayment({ coupon: () => check.promise });
    expect(cartTotals(actor.getSnapshot().context).total).toBe(17660);
    actor.send({ type: 'UPDATE_PAYMENT', patch: { coupon: ' verano10 ' } });
    actor.send({ type: 'APPLY_COUPON' });
    expect(actor.getSnapshot().matches({ payment: 'validatingCoupon' })).toBe(true);
    check.resolve(VERANO10);
    await waitFor(actor, (s) => s.matches({ payment: 'idle' }), { timeout: 1000 });
    // The camp and the number of children go with it, for the coupon's limits.
    expect(calls.coupon).toEqual([{ code: 'VERANO10', campament: CAMP_ID, participants: 2 }]);
    const { context } = actor.getSnapshot();
    expect(context.coupon).toEqual(VERANO10);
    expect(cartTotals(context)).toMatchObject({ couponDiscount: 1766, total: 15894 });
    // Locked: the box cannot be edited nor a second coupon applied.
    actor.send({ type: 'UPDATE_PAYMENT', patch: { coupon: 'OTRO' } });
    expect(actor.getSnapshot().context.payment.coupon).toBe('VERANO10');
    expect(actor.getSnapshot().can({ type: 'APPLY_COUPON', code: 'OTRO' })).toBe(false);

    actor.send({ type: 'REMOVE_COUPON' });
    expect(actor.getSnapshot().context.coupon).toBeNull();
    expect(actor.getSnapshot().context.payment.coupon).toBe('');
    expect(cartTotals(actor.getSnapshot().context).total).toBe(17660);
  });

  it("a refused coupon shows the server's message and leaves the box editable", async () => {
    const { actor } = await atPayment({
      coupon: async () => Promise.reject(new ApiError(404, COUPON_MESSAGES.unknown)),
    });
    actor.send({ type: 'APPLY_COUPON', code: 'NOEXISTE' });
    await waitFor(actor, (s) => s.matches({ payment: 'idle' }), { timeout: 1000 });
    expect(actor.getSnapshot().context.dialog).toBe('El cupón ingresado no existe.');
    expect(actor.getSnapshot().context.coupon).toBeNull();
    expect(actor.getSnapshot().can({ type: 'APPLY_COUPON', code: 'OTRO' })).toBe(true);
  });

  it('an unreachable server shows the connection message', async () => {
    const { actor } = await atPayment({
      coupon: async () => Promise.reject(new ApiError(0, NETWORK_ERROR_MESSAGE)),
    });
    actor.send({ type: 'APPLY_COUPON', code: 'VERANO10' });
    await waitFor(actor, (s) => s.context.dialog !== null, { timeout: 1000 });
    expect(actor.getSnapshot().context.dialog).toBe(
      'Lo sentimos, no fue posible validar el cupón. Por favor verifique su conexión a internet.',
    );
  });

  it('an empty code is not sent', async () => {
    const { actor } = await atPayment();
    expect(actor.getSnapshot().can({ type: 'APPLY_COUPON', code: '  ' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'APPLY_COUPON' })).toBe(false);
  });

  it('the coupon box is disabled on a camp whose cart has a membership id', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'TOGGLE_ALL' });
    actor.send({ type: 'SELECT_CATEGORY', category: CAT_MINI });
    actor.send({ type: 'SET_MEMBERSHIP', have: 'SI', id: 'MB-000001' });
    actor.send({ type: 'AGREGAR' });
    await waitFor(actor, (s) => s.context.lines.length > 0, { timeout: 1000 });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'UPDATE_PARTICIPANT', cupo: 1, patch: validParticipant });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'UPDATE_ADDITIONAL', patch: validAdditional });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().matches('payment')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'APPLY_COUPON', code: 'VERANO10' })).toBe(false);
  });
});

describe('Agregar with a membership code: looked up before the line is added', () => {
  it("adds the line with the server's code and fills the child's name and birth date from it", async () => {
    const { actor, calls } = await loaded({ load: async () => programData });
    actor.send({ type: 'SELECT_CATEGORY', category: CAT_JUNIOR });
    actor.send({ type: 'TOGGLE_WEEK', weekId: weekId(12) });
    actor.send({ type: 'SET_MEMBERSHIP', have: 'SI', id: ' mb 000001 ' });
    actor.send({ type: 'AGREGAR' });
    // While the code is checked nothing is added, and a second tap does nothing.
    expect(actor.getSnapshot().matches({ calendar: 'checkingMembership' })).toBe(true);
    actor.send({ type: 'AGREGAR' });
    await waitFor(actor, (s) => s.matches({ calendar: 'idle' }), { timeout: 1000 });
    expect(calls.membership).toEqual(['MB-000001']);
    const { context } = actor.getSnapshot();
    expect(context.lines).toEqual([
      expect.objectContaining({ _id: weekId(12), membership_have: 'SI', membership_id: 'MB-000001' }),
    ]);
    expect(context.participants[1]).toMatchObject({
      first_name: 'Luis',
      last_name: 'Gómez',
      birth_date: '02/03/2016',
    });
    // The fee is waived for the declared member.
    expect(cartTotals(context)).toMatchObject({ subtotal: 8500, membership: 0, total: 8500 });
  });

  it('a code the server refuses shows its message and adds nothing; a code already in the cart is refused at once', async () => {
    const { actor, calls } = await loaded({
      load: async () => programData,
      membership: async (code) => {
        if (code === 'MB-000001') return HOLDER;
        throw new ApiError(400, ENROLMENT_MESSAGES.membershipInvalid);
      },
    });
    const declare = (id: string) => {
      actor.send({ type: 'SELECT_CATEGORY', category: CAT_JUNIOR });
      actor.send({ type: 'TOGGLE_WEEK', weekId: weekId(12) });
      actor.send({ type: 'SET_MEMBERSHIP', have: 'SI', id });
      actor.send({ type: 'AGREGAR' });
    };
    declare('MB-999999');
    await waitFor(actor, (s) => s.context.dialog !== null, { timeout: 1000 });
    expect(actor.getSnapshot().context.dialog).toBe(ENROLMENT_MESSAGES.membershipInvalid);
    expect(actor.getSnapshot().context.lines).toEqual([]);
    // The parent's choice stays on screen to be corrected.
    expect(actor.getSnapshot().context.membership).toEqual({ have: 'SI', id: 'MB-999999' });
    actor.send({ type: 'CLOSE_DIALOG' });
    actor.send({ type: 'SET_MEMBERSHIP', id: 'MB-000001' });
    actor.send({ type: 'AGREGAR' });
    await waitFor(actor, (s) => s.context.lines.length === 1, { timeout: 1000 });
    declare('mb-000001');
    expect(actor.getSnapshot().context.dialog).toBe(ENROLMENT_MESSAGES.membershipRepeated);
    expect(calls.membership).toEqual(['MB-999999', 'MB-000001']);
  });
});

describe("payment: a week that fills meanwhile ('semana-llena')", () => {
  it('reloads the places, blocks Pagar until the full line is swapped in place, and keeps the child', async () => {
    let loads = 0;
    const full = weekFullMessage(week(2));
    const { actor, calls } = await atPayment({
      load: async () => {
        loads += 1;
        // The second load (after the refusal) finds week 2 full.
        return loads === 1
          ? campData
          : {
              ...campData,
              weeks: campWeeks.map((w) => (w._id === weekId(2) ? { ...w, quota_f_left: 0 } : w)),
            };
      },
      pay: async (body) => {
        if (body.listCalendar.some((line) => line.id === weekId(2))) throw new ApiError(409, full);
        return RESULT;
      },
    });
    actor.send({ type: 'UPDATE_PAYMENT', patch: validPayment });
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches({ payment: 'failed' }), { timeout: 1000 });
    expect(loads).toBe(2);
    const { context } = actor.getSnapshot();
    expect(context.dialog).toBe(full);
    // Both children held week 2: both lines are marked, and Pagar waits for them.
    expect(fullLines(context).map((line) => line.cupo)).toEqual([1, 2]);
    expect(actor.getSnapshot().can({ type: 'PAY' })).toBe(false);
    const [first, second] = fullLines(context);
    // A child's own other week and the full one are not offered.
    expect(swapChoices(context, first!).map((w) => w.name)).toEqual(['Semana 3', 'Semana 4']);
    actor.send({ type: 'SWAP_WEEK', key: first!.key, weekId: weekId(3) });
    actor.send({ type: 'SWAP_WEEK', key: second!.key, weekId: weekId(2) }); // refused: still full
    expect(fullLines(actor.getSnapshot().context)).toHaveLength(1);
    actor.send({ type: 'SWAP_WEEK', key: second!.key, weekId: weekId(4) });
    expect(actor.getSnapshot().can({ type: 'PAY' })).toBe(true);
    // Nothing typed was lost.
    expect(actor.getSnapshot().context.participants[2]).toMatchObject({
      ...validParticipant,
      first_name: 'Luis',
    });
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.status === 'done', { timeout: 1000 });
    expect(calls.pay.at(-1)!.body.listCalendar.map((line) => [line.cupo, line.name])).toEqual([
      [1, 'Semana 1'],
      [1, 'Semana 3'],
      [2, 'Semana 1'],
      [2, 'Semana 4'],
    ]);
  });

  it("after a price refusal, takes the family's earlier children as the server now has them", async () => {
    let loads = 0;
    const earlier = [
      { first_name: 'Pedro', birth_date: '15/03/2016' },
      { first_name: 'María', birth_date: '02/07/2018' },
    ];
    const { actor } = await atPayment({
      // Meanwhile another order of the family was paid (in another tab): the reload brings its children.
      load: async () => ((loads += 1) === 1 ? campData : { ...campData, earlierChildren: earlier }),
      pay: async () =>
        Promise.reject(new ApiError(409, 'El monto no coincide con el precio actual (RD$16,775).')),
    });
    const before = cartTotals(actor.getSnapshot().context).total;
    actor.send({ type: 'UPDATE_PAYMENT', patch: validPayment });
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches({ payment: 'failed' }), { timeout: 1000 });
    const { context } = actor.getSnapshot();
    expect(context.earlierChildren).toEqual(earlier);
    // This order's child plus Pedro and María: the 10% tier, so the next 'Pagar' sends the server's price.
    expect(cartTotals(context).familyLabel).toBe('10% OFF x 3+ niños, con inscripciones anteriores');
    expect(cartTotals(context).total).toBeLessThan(before);
  });
});

describe('payment: 3-D Secure (issue 21)', () => {
  const PENDING: PendingAuthentication = { authentication: { session: 'S1', kind: 'method' } };

  it("waits for the bank's step (nothing can be left meanwhile), follows it to a challenge, then confirms", async () => {
    const { actor, calls } = await atPayment({ pay: async () => PENDING });
    actor.send({ type: 'UPDATE_PAYMENT', patch: validPayment });
    actor.send({ type: 'PAY' });
    const waiting = await waitFor(actor, (s) => s.matches({ payment: 'authenticating' }), { timeout: 1000 });
    expect(waiting.context.authentication).toEqual({ session: 'S1', kind: 'method' });
    expect(waiting.hasTag('paying')).toBe(true);
    expect(bank.watching.at(-1)).toBe('S1');
    actor.send({ type: 'BACK' });
    actor.send({ type: 'PAY' });
    expect(actor.getSnapshot().matches({ payment: 'authenticating' })).toBe(true);
    bank.send({ type: 'AUTHENTICATION_STEP', kind: 'challenge' });
    expect(actor.getSnapshot().context.authentication?.kind).toBe('challenge');
    bank.send({ type: 'AUTHENTICATION_PAID', result: RESULT });
    const done = await waitFor(actor, (s) => s.status === 'done', { timeout: 1000 });
    expect(done.context.result).toEqual(RESULT);
    expect(done.context.authentication).toBeNull();
    expect(calls.pay).toHaveLength(1);
    expect(calls.goTo.at(-1)).toEqual({ to: CONFIRMATION_ROUTE, replace: true });
  });

  it("a decline after the challenge: the server's message, 'Pagar' again with a new key", async () => {
    const { actor } = await atPayment({ pay: async () => PENDING });
    actor.send({ type: 'UPDATE_PAYMENT', patch: validPayment });
    const key = actor.getSnapshot().context.idempotencyKey;
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches({ payment: 'authenticating' }), { timeout: 1000 });
    bank.send({ type: 'AUTHENTICATION_FAILED', error: new ApiError(402, CARD_MESSAGES.insufficientFunds) });
    const failed = await waitFor(actor, (s) => s.matches({ payment: 'failed' }), { timeout: 1000 });
    expect(failed.context.dialog).toBe(CARD_MESSAGES.insufficientFunds);
    expect(failed.context.idempotencyKey).not.toBe(key);
    expect(failed.can({ type: 'PAY' })).toBe(true);
  });

  it("'Cancelar': the server's answer says nothing was charged; an answer already being processed is waited for", async () => {
    let cancelled: BankOutcome | null = null;
    const { actor } = await atPayment({ pay: async () => PENDING, cancel: async () => cancelled });
    actor.send({ type: 'UPDATE_PAYMENT', patch: validPayment });
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches({ payment: 'authenticating' }), { timeout: 1000 });
    // The bank's answer is being processed: back to waiting for it.
    actor.send({ type: 'CANCEL_AUTHENTICATION' });
    await waitFor(actor, (s) => s.matches({ payment: 'authenticating' }), { timeout: 1000 });
    cancelled = {
      type: 'AUTHENTICATION_FAILED',
      error: new ApiError(402, AUTHENTICATION_MESSAGES.cancelled),
    };
    actor.send({ type: 'CANCEL_AUTHENTICATION' });
    const failed = await waitFor(actor, (s) => s.matches({ payment: 'failed' }), { timeout: 1000 });
    expect(failed.context.dialog).toBe(AUTHENTICATION_MESSAGES.cancelled);
  });
});

describe('payment: Pagar', () => {
  it('is disabled until the card, the terms and (when invoiced) the RNC are complete', async () => {
    const { actor } = await atPayment();
    expect(actor.getSnapshot().can({ type: 'PAY' })).toBe(false);
    actor.send({ type: 'UPDATE_PAYMENT', patch: { ...validPayment, termsandconditions: false } });
    expect(actor.getSnapshot().can({ type: 'PAY' })).toBe(false);
    actor.send({ type: 'UPDATE_PAYMENT', patch: { termsandconditions: true } });
    expect(actor.getSnapshot().can({ type: 'PAY' })).toBe(true);
    actor.send({ type: 'UPDATE_PAYMENT', patch: { comprobantefiscal: true, rnc: '1-01-1____-_' } });
    expect(actor.getSnapshot().can({ type: 'PAY' })).toBe(false);
    actor.send({ type: 'UPDATE_PAYMENT', patch: { rnc: '1-01-12345-1', rnc_nombre: 'Empresa SRL' } });
    expect(actor.getSnapshot().can({ type: 'PAY' })).toBe(true);
  });

  it('success: posts the priced request with the idempotency key, stores the result, confirms, clears storage', async () => {
    const payment = deferred<PaymentResult>();
    const { actor, calls } = await atPayment({ pay: () => payment.promise });
    const stop = persistWizard(actor, sessionStorage);
    actor.send({ type: 'UPDATE_PAYMENT', patch: validPayment });
    actor.send({ type: 'APPLY_COUPON', code: 'VERANO10' });
    await waitFor(actor, (s) => s.matches({ payment: 'idle' }), { timeout: 1000 });
    expect(sessionStorage.getItem(WIZARD_STORAGE_KEY)).not.toBeNull();
    const key = actor.getSnapshot().context.idempotencyKey;

    actor.send({ type: 'PAY' });
    expect(actor.getSnapshot().matches({ payment: 'paying' })).toBe(true);
    // A second click, leaving or going back does nothing while the charge is under way.
    expect(actor.getSnapshot().can({ type: 'PAY' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'BACK' })).toBe(false);
    actor.send({ type: 'PAY' });
    actor.send({ type: 'GO_TO', step: 2 });
    expect(actor.getSnapshot().matches({ payment: 'paying' })).toBe(true);
    expect(calls.pay).toHaveLength(1);
    expect(calls.pay[0]!.key).toBe(key);
    expect(calls.pay[0]!.body).toMatchObject({
      campament: CAMP_ID,
      cardNumber: '4242424242424242',
      expDate: '122030',
      cvv: '123',
      cardHolder: 'MARIA GOMEZ',
      amount: 15894,
      discount: 2906,
      coupon: 'VERANO10',
      termsandconditions: true,
    });
    expect(calls.pay[0]!.body.listCalendar).toHaveLength(4);
    expect(calls.pay[0]!.body.listParticipants.map((p) => p.id)).toEqual([1, 2]);

    payment.resolve(RESULT);
    const done = await waitFor(actor, (s) => s.status === 'done', { timeout: 1000 });
    expect(done.matches('confirmed')).toBe(true);
    expect(done.context.result).toEqual(RESULT);
    expect(calls.goTo.at(-1)).toEqual({ to: CONFIRMATION_ROUTE, replace: true });
    // The wizard's copy is gone (nothing typed is kept): only the paid result takes its place.
    expect(loadWizard(sessionStorage, CAMP_ID)).toBeNull();
    expect(Object.keys(JSON.parse(sessionStorage.getItem(WIZARD_STORAGE_KEY)!) as object).sort()).toEqual([
      'camp',
      'campId',
      'result',
      'version',
    ]);
    stop();

    // The thank-you page survives a reload: the paid result is kept, and a reload starts confirmed.
    const paid = loadPaid(sessionStorage, CAMP_ID);
    expect(paid).toMatchObject({ campId: CAMP_ID, result: RESULT, camp: { name: summerCamp.name } });
    expect(JSON.stringify(paid)).not.toContain('4242');
    const reloaded = start({}, { paid });
    expect(reloaded.actor.getSnapshot().status).toBe('done');
    expect(reloaded.actor.getSnapshot().context.result).toEqual(RESULT);
    expect(reloaded.calls.load).toEqual([]);
    // A new order (a wizard that runs) forgets it.
    const next = start();
    const stopNext = persistWizard(next.actor, sessionStorage);
    expect(loadPaid(sessionStorage, CAMP_ID)).toBeNull();
    stopNext();
  });

  it("failure: the server's message in the dialog, 'Pagar' enabled again, a new idempotency key", async () => {
    let attempt = 0;
    const { actor, calls } = await atPayment({
      pay: async () => {
        attempt += 1;
        if (attempt === 1)
          throw new ApiError(
            402,
            'La tarjeta fue rechazada por el banco. Por favor intente con otra tarjeta.',
          );
        return RESULT;
      },
    });
    actor.send({ type: 'UPDATE_PAYMENT', patch: validPayment });
    const firstKey = actor.getSnapshot().context.idempotencyKey;
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches({ payment: 'failed' }), { timeout: 1000 });
    const { context } = actor.getSnapshot();
    expect(context.dialog).toBe('La tarjeta fue rechazada por el banco. Por favor intente con otra tarjeta.');
    expect(context.idempotencyKey).toMatch(UUID);
    expect(context.idempotencyKey).not.toBe(firstKey);
    expect(context.result).toBeNull();
    actor.send({ type: 'CLOSE_DIALOG' });
    expect(actor.getSnapshot().can({ type: 'PAY' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'BACK' })).toBe(true);

    actor.send({ type: 'UPDATE_PAYMENT', patch: { ccNumber: '5555 5555 5555 4444' } });
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.status === 'done', { timeout: 1000 });
    expect(calls.pay.map((call) => call.key)).toEqual([firstKey, context.idempotencyKey]);
    expect(calls.pay[1]!.body.cardNumber).toBe('5555555555554444');
  });

  it('a coupon refused at payment (its last use taken meanwhile) is taken off the total', async () => {
    let attempt = 0;
    const { actor, calls } = await atPayment({
      pay: async () => {
        attempt += 1;
        if (attempt === 1) throw new ApiError(400, COUPON_MESSAGES.exhausted);
        return RESULT;
      },
    });
    actor.send({ type: 'UPDATE_PAYMENT', patch: validPayment });
    actor.send({ type: 'APPLY_COUPON', code: 'VERANO10' });
    await waitFor(actor, (s) => s.matches({ payment: 'idle' }), { timeout: 1000 });
    expect(cartTotals(actor.getSnapshot().context).total).toBe(15894);
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches({ payment: 'failed' }), { timeout: 1000 });
    const { context } = actor.getSnapshot();
    expect(context.dialog).toBe('El cupón ingresado ya alcanzó su límite de usos.');
    expect(context.coupon).toBeNull();
    expect(context.payment.coupon).toBe('');
    expect(cartTotals(context).total).toBe(17660);
    actor.send({ type: 'CLOSE_DIALOG' });
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.status === 'done', { timeout: 1000 });
    expect(calls.pay[1]!.body).toMatchObject({ amount: 17660, discount: 1140 });
    expect(calls.pay[1]!.body.coupon).toBeUndefined();
  });

  it('a card decline keeps the applied coupon', async () => {
    const { actor } = await atPayment({
      pay: async () => Promise.reject(new ApiError(402, 'La tarjeta fue rechazada por el banco.')),
    });
    actor.send({ type: 'UPDATE_PAYMENT', patch: validPayment });
    actor.send({ type: 'APPLY_COUPON', code: 'VERANO10' });
    await waitFor(actor, (s) => s.matches({ payment: 'idle' }), { timeout: 1000 });
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches({ payment: 'failed' }), { timeout: 1000 });
    expect(actor.getSnapshot().context.coupon).toEqual(VERANO10);
  });

  it.each([
    ['network failure', new ApiError(0, NETWORK_ERROR_MESSAGE), NETWORK_ERROR_MESSAGE],
    [
      'first attempt still processing',
      new ApiError(409, ENROLMENT_MESSAGES.inProgress),
      ENROLMENT_MESSAGES.inProgress,
    ],
  ])(
    '%s: the message is shown and the key kept, so a retry cannot charge twice',
    async (_name, error, message) => {
      const { actor } = await atPayment({ pay: async () => Promise.reject(error) });
      actor.send({ type: 'UPDATE_PAYMENT', patch: validPayment });
      const key = actor.getSnapshot().context.idempotencyKey;
      actor.send({ type: 'PAY' });
      await waitFor(actor, (s) => s.matches({ payment: 'failed' }), { timeout: 1000 });
      expect(actor.getSnapshot().context.dialog).toBe(message);
      expect(actor.getSnapshot().context.idempotencyKey).toBe(key);
    },
  );

  it('a price the server no longer agrees with (409) takes a new key', async () => {
    const { actor } = await atPayment({
      pay: async () =>
        Promise.reject(new ApiError(409, 'El monto no coincide con el precio actual (RD$9,000).')),
    });
    actor.send({ type: 'UPDATE_PAYMENT', patch: validPayment });
    const key = actor.getSnapshot().context.idempotencyKey;
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches({ payment: 'failed' }), { timeout: 1000 });
    expect(actor.getSnapshot().context.idempotencyKey).not.toBe(key);
  });
});

describe('persistence', () => {
  it('a reload keeps cart, participants, additional data and coupon, never the card', async () => {
    const { actor } = await atPayment();
    const stop = persistWizard(actor, sessionStorage);
    actor.send({ type: 'APPLY_COUPON', code: 'VERANO10' });
    await waitFor(actor, (s) => s.matches({ payment: 'idle' }), { timeout: 1000 });
    actor.send({
      type: 'UPDATE_PAYMENT',
      patch: { ...validPayment, comprobantefiscal: true, rnc: '1-01-12345-1', rnc_nombre: 'Empresa SRL' },
    });
    const before = actor.getSnapshot().context;
    stop();
    actor.stop();

    const raw = sessionStorage.getItem(WIZARD_STORAGE_KEY)!;
    for (const secret of [
      '4242',
      'MARIA GOMEZ',
      '12/2030',
      '"123"',
      'ccNumber',
      'ccCVV',
      'ccDate',
      'ccName',
    ]) {
      expect(raw).not.toContain(secret);
    }

    const restored = loadWizard(sessionStorage, CAMP_ID);
    expect(restored).not.toBeNull();
    expect(loadWizard(sessionStorage, PROGRAM_ID)).toBeNull();

    const reloaded = start({}, { restored });
    await waitFor(reloaded.actor, (s) => !s.matches('loading'), { timeout: 1000 });
    const after = reloaded.actor.getSnapshot();
    expect(after.matches({ payment: 'idle' })).toBe(true);
    expect(after.context).toMatchObject({
      lines: before.lines,
      slotCount: 2,
      lineSeq: before.lineSeq,
      participants: before.participants,
      additional: validAdditional,
      coupon: VERANO10,
      idempotencyKey: before.idempotencyKey,
      payment: {
        ccName: '',
        ccNumber: '',
        ccDate: '',
        ccCVV: '',
        termsandconditions: true,
        comprobantefiscal: true,
        rnc: '1-01-12345-1',
        rnc_nombre: 'Empresa SRL',
        coupon: 'VERANO10',
      },
    });
    expect(cartTotals(after.context).total).toBe(15894);
    // The card is asked again before paying.
    expect(after.can({ type: 'PAY' })).toBe(false);
  });

  it('the route of the reloaded page wins over the saved step', async () => {
    const { actor } = await atPayment();
    const stop = persistWizard(actor, sessionStorage);
    stop();
    const reloaded = start({}, { restored: loadWizard(sessionStorage, CAMP_ID) });
    reloaded.actor.send({ type: 'GO_TO', step: 1 as StepIndex });
    await waitFor(reloaded.actor, (s) => !s.matches('loading'), { timeout: 1000 });
    expect(reloaded.actor.getSnapshot().matches('participants')).toBe(true);
    expect(reloaded.calls.goTo).toEqual([{ to: '/participantes', replace: true }]);
  });

  it('never restores card fields, even when the storage holds some', async () => {
    const { actor } = await atPayment();
    const stop = persistWizard(actor, sessionStorage);
    stop();
    const saved = JSON.parse(sessionStorage.getItem(WIZARD_STORAGE_KEY)!) as SavedWizard;
    const tampered = { ...saved, payment: { ...saved.payment, ccNumber: '4242424242424242', ccCVV: '123' } };
    const reloaded = start({}, { restored: tampered });
    await waitFor(reloaded.actor, (s) => !s.matches('loading'), { timeout: 1000 });
    expect(reloaded.actor.getSnapshot().context.payment).toMatchObject({ ccNumber: '', ccCVV: '' });
  });

  it('ignores unreadable or foreign saved data', () => {
    sessionStorage.setItem(WIZARD_STORAGE_KEY, '{not json');
    expect(loadWizard(sessionStorage, CAMP_ID)).toBeNull();
    sessionStorage.setItem(WIZARD_STORAGE_KEY, JSON.stringify({ version: 99, campId: CAMP_ID }));
    expect(loadWizard(sessionStorage, CAMP_ID)).toBeNull();
  });
});

describe('the cart reported for the reminder and its holds', () => {
  const pause = () => new Promise((resolve) => setTimeout(resolve, 40));
  const places = (count: number) => [weekId(1), weekId(2)].sort().map((week) => ({ week, count }));

  it('reports changes only, once they settle, and tries again after a failure', async () => {
    const { actor } = await loaded();
    const saved: Array<{ campId: string; cart: ReportedCart }> = [];
    let fail = false;
    const stop = reportCart(
      actor,
      async (campId, cart) => {
        saved.push({ campId, cart });
        if (fail) throw new Error('sin conexión');
        return null;
      },
      { delayMs: 20, activity: () => () => {} },
    );
    // Opening the wizard with an empty cart is not a change.
    await pause();
    expect(saved).toEqual([]);
    // Two children added in quick succession: one report with both, a place per line to hold.
    addTwoChildren(actor);
    await pause();
    expect(saved).toEqual([
      { campId: CAMP_ID, cart: { weeks: [weekId(1), weekId(2)].sort(), participants: 2, places: places(2) } },
    ]);
    // Typing a child's data is not a cart change.
    actor.send({ type: 'UPDATE_PARTICIPANT', cupo: 1, patch: validParticipant });
    await pause();
    expect(saved).toHaveLength(1);
    // A failed report is sent again with the next snapshot.
    fail = true;
    // Child 2's lines deleted: one child left.
    for (const line of actor.getSnapshot().context.lines.filter((candidate) => candidate.cupo === 2))
      actor.send({ type: 'TOGGLE_LINE', key: line.key });
    actor.send({ type: 'DELETE_CHECKED' });
    await pause();
    expect(saved).toHaveLength(2);
    fail = false;
    actor.send({ type: 'UPDATE_PARTICIPANT', cupo: 1, patch: { school: 'Otro colegio' } });
    await pause();
    expect(saved).toHaveLength(3);
    expect(saved[2]!.cart).toEqual({
      weeks: [weekId(1), weekId(2)].sort(),
      participants: 1,
      places: places(1),
    });
    stop();
  });

  it('keeps what the server holds, renews on a step change, "Reservar de nuevo" and late activity', async () => {
    const { actor } = await loaded();
    const clock = { now: Date.parse('2027-05-03T15:00:00Z') };
    let onActivity = () => {};
    const saved: ReportedCart[] = [];
    // The server holds both places of week 1 but only one of week 2 (one place left there).
    const answer = (): CartHolds => ({
      expires_at: new Date(clock.now + 15 * 60_000).toISOString(),
      weeks: [
        { _id: weekId(1), wanted: 2, held: 2, quota_f_left: 8 },
        { _id: weekId(2), wanted: 2, held: 1, quota_f_left: 1 },
      ],
    });
    const stop = reportCart(
      actor,
      async (_campId, cart) => {
        saved.push(cart);
        return answer();
      },
      {
        delayMs: 20,
        now: () => clock.now,
        activity: (callback) => {
          onActivity = callback;
          return () => {};
        },
      },
    );
    addTwoChildren(actor);
    await pause();
    const { hold, lines, originalWeeks } = actor.getSnapshot().context;
    expect(hold.expiresAt).toBe(clock.now + 15 * 60_000);
    expect(originalWeeks.find((week) => week._id === weekId(2))?.quota_f_left).toBe(1);
    // The second child's line of week 2 is the one without a place.
    const shown = lineHolds(lines, hold, clock.now);
    expect(
      lines.map((line) => `${line.cupo}:${line._id === weekId(1) ? 1 : 2}:${shown.get(line.key)}`),
    ).toEqual(['1:1:held', '1:2:held', '2:1:held', '2:2:notHeld']);
    expect(lineHolds(lines, hold, clock.now + 15 * 60_000).get(lines[0]!.key)).toBe('expired');

    // Activity renews only in the last minutes of the hold.
    clock.now += 5 * 60_000;
    onActivity();
    expect(saved).toHaveLength(1);
    clock.now += 6 * 60_000;
    onActivity();
    expect(saved).toHaveLength(2);
    onActivity(); // not twice within half a minute
    expect(saved).toHaveLength(2);
    // A step change and 'Reservar de nuevo' report at once.
    fillParticipants(actor);
    actor.send({ type: 'NEXT' });
    await pause();
    expect(saved).toHaveLength(3);
    actor.send({ type: 'HOLD_RETRY' });
    expect(saved).toHaveLength(4);
    expect(saved[3]).toEqual(saved[0]);
    stop();
  });
});
