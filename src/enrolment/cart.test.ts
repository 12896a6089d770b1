import { describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES } from '../domain/photos.ts';
import {
  ADD_MESSAGES,
  addError,
  addToCart,
  addedSummary,
  participantsLostByDelete,
  paymentGaps,
  paymentGapsText,
  allChecked,
  buildEnrolmentBody,
  canProceed,
  cartTotals,
  couponDisabled,
  deleteChecked,
  emptyParticipant,
  maxReachableStep,
  participantCalendar,
  paymentComplete,
  photoProblem,
  provisionalMembershipId,
  refreshLines,
  selectCategory,
  setMembership,
  toggleAll,
  toggleLine,
  toggleWeek,
  updateParticipant,
  type CartState,
} from './cart.ts';
import {
  CAT_JUNIOR,
  CAT_MINI,
  VERANO10,
  annualProgram,
  campWeeks,
  cartState,
  programOptions,
  summerCamp,
  validAdditional,
  validParticipant,
  validPayment,
  week,
  weekId,
  wizardData,
} from './test-fixtures.ts';
// The forms' rules, as the steps with forms load them (./formRules.ts).
import './formRules.ts';

const NOW = 1_720_000_012_345;

/** Adds one child with the given weeks (1-based indexes into the shown weeks) and category. */
function addChild(state: CartState, weeks: number[], category = CAT_MINI): CartState {
  let next = { ...state, selection: { ...state.selection, weekIds: [] as string[] } };
  next = selectCategory(next, category);
  for (const n of weeks) next = toggleWeek(next, next.weeks[n - 1]!._id);
  const added = addToCart(next, NOW);
  if (!added.ok) throw new Error(added.message);
  return added.state;
}

function must(result: ReturnType<typeof addToCart<CartState>>): CartState {
  if (!result.ok) throw new Error(result.message);
  return result.state;
}

describe('Agregar: the three checks, in order', () => {
  // Every week ticked with select-all (the calendar starts empty).
  const camp = toggleAll(cartState(summerCamp));
  const program = cartState(annualProgram, programOptions);
  const cases: Array<[string, CartState, string | null]> = [
    [
      'annual: nothing chosen at all → category first',
      setMembership(program, { have: 'SI', id: '' }),
      ADD_MESSAGES.category,
    ],
    ['annual: category "0" counts as none', selectCategory(program, '0'), ADD_MESSAGES.category],
    [
      'annual: membership declared without code',
      setMembership(toggleWeek(selectCategory(program, CAT_MINI), weekId(11)), { have: 'SI', id: '  ' }),
      ADD_MESSAGES.membershipCode,
    ],
    ['annual: no payment option chosen', selectCategory(program, CAT_MINI), ADD_MESSAGES.date],
    ['annual: complete', toggleWeek(selectCategory(program, CAT_MINI), weekId(11)), null],
    [
      'camp: checked rows without category, named after the sentence',
      camp,
      `${ADD_MESSAGES.category} (Semana 1, Semana 2, Semana 3 y Semana 4)`,
    ],
    [
      'camp: categories set, membership declared without code',
      setMembership(selectCategory(camp, CAT_MINI), { have: 'SI' }),
      ADD_MESSAGES.membershipCode,
    ],
    ['camp: nothing checked', toggleAll(camp), ADD_MESSAGES.date],
    ['camp: complete', selectCategory(camp, CAT_MINI), null],
    [
      'camp: one row given its own category, the others none',
      selectCategory(camp, CAT_JUNIOR, weekId(1)),
      `${ADD_MESSAGES.category} (Semana 2, Semana 3 y Semana 4)`,
    ],
    ['camp without categories: none needed', { ...camp, categories: [] }, null],
  ];
  it.each(cases)('%s', (_name, state, expected) => {
    expect(addError(state)).toBe(expected);
    const result = addToCart(state, NOW);
    expect(result.ok).toBe(expected === null);
    if (!result.ok) expect(result.message).toBe(expected);
  });

  it('spells the messages exactly as the spec', () => {
    expect(ADD_MESSAGES).toEqual({
      category: 'Por favor seleccione la categoría correspondiente para continuar.',
      membershipCode: 'Por favor escriba su código de membresía.',
      date: 'Por favor seleccione la fecha para continuar.',
    });
  });
});

describe('Agregar on a camp', () => {
  it('creates slot 1 with the checked weeks, then starts the selection over', () => {
    let state = cartState(summerCamp);
    state = toggleWeek(toggleWeek(state, weekId(1)), weekId(2)); // tick weeks 1 and 2
    state = selectCategory(state, CAT_MINI);
    state = selectCategory(state, CAT_JUNIOR, weekId(2));
    const next = must(addToCart(state, NOW));

    expect(next.slotCount).toBe(1);
    expect(next.lines).toEqual([
      expect.objectContaining({
        _id: weekId(1),
        key: 'L1',
        cupo: 1,
        time: CAT_MINI,
        quantity: 1,
        newprice: false,
        membership_id: '',
        membership_have: '',
        checked: false,
      }),
      expect.objectContaining({ _id: weekId(2), key: 'L2', cupo: 1, time: CAT_JUNIOR }),
    ]);
    expect(next.participants[1]).toEqual({
      id: 1,
      first_name: '',
      last_name: '',
      age: '',
      gender: '',
      size: '',
      weight: '',
      height: '',
      school: '',
      image: '',
      birth_date: '',
      prohibited_foods: '',
      alergies: '',
      prohibited_drugs: '',
      activities_restrictions: '',
      time: `${CAT_MINI}, ${CAT_JUNIOR}`,
      membership_id: '',
      membership_have: '',
    });
    // Reset: every week shown and none ticked (issue 26), no category, membership question blank.
    expect(next.weeks).toBe(next.originalWeeks);
    expect(next.selection).toEqual({ weekIds: [], category: '', categoryByWeek: {} });
    expect(allChecked(next)).toBe(false);
    expect(next.membership).toEqual({ have: '', id: '' });
  });

  it('gives the second child slot 2 and unique keys', () => {
    const state = addChild(addChild(cartState(summerCamp), [1, 2]), [1, 2, 3]);
    expect(state.slotCount).toBe(2);
    expect(state.lines.map((line) => [line.key, line.cupo])).toEqual([
      ['L1', 1],
      ['L2', 1],
      ['L3', 2],
      ['L4', 2],
      ['L5', 2],
    ]);
    expect(Object.keys(state.participants)).toEqual(['1', '2']);
  });

  it('keeps a declared camp membership on the lines', () => {
    const state = setMembership(selectCategory(toggleAll(cartState(summerCamp)), CAT_MINI), {
      have: 'SI',
      id: 'MB-000123',
    });
    const next = must(addToCart(state, NOW));
    expect(next.lines.every((l) => l.membership_have === 'SI' && l.membership_id === 'MB-000123')).toBe(true);
  });
});

describe('Agregar on an annual program', () => {
  const chosen = toggleWeek(selectCategory(cartState(annualProgram, programOptions), CAT_MINI), weekId(13));

  it("sets membership 'NO' and a provisional id from the timestamp's last 5 digits", () => {
    const next = must(addToCart(chosen, NOW));
    expect(next.lines).toEqual([
      expect.objectContaining({
        _id: weekId(13),
        cupo: 1,
        time: CAT_MINI,
        membership_have: 'NO',
        membership_id: '12345',
      }),
    ]);
    expect(next.participants[1]).toMatchObject({
      membership_have: 'NO',
      membership_id: '12345',
      time: CAT_MINI,
    });
    expect(next.weeks).toEqual(programOptions);
    expect(next.selection).toEqual({ weekIds: [], category: '', categoryByWeek: {} });
  });

  it("keeps 'SI' with the parent's code", () => {
    const next = must(addToCart(setMembership(chosen, { have: 'SI', id: ' MB-000042 ' }), NOW));
    expect(next.lines[0]).toMatchObject({ membership_have: 'SI', membership_id: 'MB-000042' });
  });

  it.each([
    [1_720_000_012_345, '12345'],
    [1_720_000_000_042, '00042'],
  ])('provisional id of %i is %s', (now, id) => {
    expect(provisionalMembershipId(now)).toBe(id);
  });
});

describe('calendar selection', () => {
  it('annual: the category filters the options and clears the choice', () => {
    let state = cartState(annualProgram, programOptions);
    state = toggleWeek(selectCategory(state, CAT_MINI), weekId(11));
    expect(state.weeks.map((w) => w.name)).toEqual(['Pago mensual', 'Pago anual']);
    expect(state.selection.weekIds).toEqual([weekId(11)]);
    state = selectCategory(state, CAT_JUNIOR);
    expect(state.weeks.map((w) => w.name)).toEqual(['Pago trimestral', 'Pago anual']);
    expect(state.selection.weekIds).toEqual([]);
    expect(selectCategory(state, '').weeks).toEqual(programOptions);
  });

  it('annual: single choice', () => {
    let state = selectCategory(cartState(annualProgram, programOptions), CAT_MINI);
    state = toggleWeek(toggleWeek(state, weekId(11)), weekId(13));
    expect(state.selection.weekIds).toEqual([weekId(13)]);
  });

  it('annual: an option hidden by the category cannot be chosen', () => {
    const state = selectCategory(cartState(annualProgram, programOptions), CAT_MINI);
    expect(toggleWeek(state, weekId(12)).selection.weekIds).toEqual([]);
  });

  it('camp: the calendar starts empty (issue 26) and select-all toggles all', () => {
    let state = cartState(summerCamp);
    expect(state.selection.weekIds).toEqual([]);
    expect(allChecked(state)).toBe(false);
    state = toggleAll(state);
    expect(allChecked(state)).toBe(true);
    state = toggleAll(state);
    expect(state.selection.weekIds).toEqual([]);
    state = toggleWeek(state, weekId(2));
    expect(allChecked(state)).toBe(false);
    state = toggleAll(state);
    expect(state.selection.weekIds).toEqual(campWeeks.map((w) => w._id));
  });

  it("a full week ('Agotado') is never selected; null means no limit", () => {
    const weeks = [
      week(1, { quota_f_left: 0 }),
      week(2, { quota_f_left: null }),
      week(3, { quota_f_left: 1 }),
    ];
    let state = toggleAll(cartState(summerCamp, weeks));
    expect(state.selection.weekIds).toEqual([weekId(2), weekId(3)]);
    expect(allChecked(state)).toBe(true);
    expect(toggleWeek(state, weekId(1))).toBe(state);
    state = toggleAll(toggleAll(state));
    expect(state.selection.weekIds).toEqual([weekId(2), weekId(3)]);
    // Even a stale selection holding it adds nothing for it.
    state = selectCategory(
      { ...state, selection: { ...state.selection, weekIds: [weekId(1), weekId(2)] } },
      CAT_MINI,
    );
    expect(must(addToCart(state, NOW)).lines.map((l) => l._id)).toEqual([weekId(2)]);
  });
});

describe('deleting checked lines', () => {
  // Three children: slot 1 weeks 1-2, slot 2 week 3, slot 3 weeks 1 and 4.
  const three = () => {
    let state = addChild(cartState(summerCamp), [1, 2]);
    state = addChild(state, [3]);
    state = addChild(state, [1, 4], CAT_JUNIOR);
    state = updateParticipant(state, 1, { first_name: 'Ana' });
    state = updateParticipant(state, 2, { first_name: 'Luis' });
    return updateParticipant(state, 3, { first_name: 'Sofía' });
  };
  const check = (state: CartState, keys: string[]) => keys.reduce((s, key) => toggleLine(s, key), state);

  it.each([
    ['nothing checked: unchanged', [], 3, [1, 1, 2, 3, 3], ['Ana', 'Luis', 'Sofía']],
    ["one of child 1's weeks: slots kept", ['L1'], 3, [1, 2, 3, 3], ['Ana', 'Luis', 'Sofía']],
    ["child 2's only week: child 3 becomes 2", ['L3'], 2, [1, 1, 2, 2], ['Ana', 'Sofía']],
    ['all of child 1: 2→1, 3→2', ['L1', 'L2'], 2, [1, 2, 2], ['Luis', 'Sofía']],
    ['children 1 and 2: 3→1', ['L1', 'L2', 'L3'], 1, [1, 1], ['Sofía']],
    ['everything', ['L1', 'L2', 'L3', 'L4', 'L5'], 0, [], []],
  ])('%s', (_name, keys, slotCount, cupos, names) => {
    const state = deleteChecked(check(three(), keys));
    expect(state.slotCount).toBe(slotCount);
    expect(state.lines.map((line) => line.cupo)).toEqual(cupos);
    expect(Object.values(state.participants).map((p) => [p.id, p.first_name])).toEqual(
      names.map((name, index) => [index + 1, name]),
    );
    // Lines and participants agree: every line's slot has a participant with that id.
    for (const line of state.lines) expect(state.participants[line.cupo]?.id).toBe(line.cupo);
  });

  it('the next child after a deletion gets a fresh slot and a fresh key', () => {
    let state = deleteChecked(check(three(), ['L3']));
    state = addChild(state, [2]);
    expect(state.slotCount).toBe(3);
    expect(state.lines.at(-1)).toMatchObject({ key: 'L6', cupo: 3 });
    expect(new Set(state.lines.map((line) => line.key)).size).toBe(state.lines.length);
    expect(state.participants[3]?.first_name).toBe('');
    expect(state.participants[2]?.first_name).toBe('Sofía');
  });

  it('names the children whose typed data a deletion would drop: only those losing their last line', () => {
    const lost = (keys: string[]) => participantsLostByDelete(check(three(), keys)).map((p) => p.first_name);
    expect(lost([])).toEqual([]);
    expect(lost(['L1'])).toEqual([]);
    expect(lost(['L3'])).toEqual(['Luis']);
    expect(lost(['L1', 'L2', 'L3'])).toEqual(['Ana', 'Luis']);
    // A child with nothing typed is dropped without asking.
    const blank = deleteChecked(check(three(), []));
    const untyped = updateParticipant(blank, 2, { first_name: '' });
    expect(participantsLostByDelete(toggleLine(untyped, 'L3'))).toEqual([]);
  });

  it("sums up what 'Agregar' just added", () => {
    const state = addChild(addChild(cartState(summerCamp), [1, 2]), [3]);
    expect(addedSummary(state, 1)).toBe('Participante 1 agregado: 2 semanas.');
    expect(addedSummary(state, 2)).toBe('Participante 2 agregado: 1 semana.');
    expect(addedSummary(state, 3)).toBe('');
  });

  it('toggling a line twice unchecks it', () => {
    const state = toggleLine(toggleLine(three(), 'L2'), 'L2');
    expect(state.lines.some((line) => line.checked)).toBe(false);
  });
});

describe("what 'Pagar' still waits for", () => {
  it('lists the gaps in the order of the form, and says them in one sentence', () => {
    const empty = { ...validPayment, ccName: ' ', ccCVV: '', termsandconditions: false };
    expect(paymentGaps(empty).map((gap) => gap.field)).toEqual(['ccName', 'ccCVV', 'terms']);
    expect(paymentGapsText(paymentGaps(empty))).toBe(
      'Para pagar falta: el nombre en la tarjeta, el CVV y aceptar los términos y condiciones.',
    );
    const invoice = { ...validPayment, comprobantefiscal: true, rnc: '1-01-1____-_', rnc_nombre: '' };
    expect(paymentGapsText(paymentGaps(invoice))).toBe(
      'Para pagar falta: el RNC completo y el nombre o razón social.',
    );
    expect(paymentGaps(validPayment)).toEqual([]);
  });
});

describe('totals (worked examples, whole pesos)', () => {
  const camp = (children: number[][], coupon = null as typeof VERANO10 | null) => {
    let state = cartState(summerCamp);
    for (const weeks of children) state = addChild(state, weeks);
    return cartTotals({ ...state, coupon });
  };
  it.each([
    [
      '1 child × 1 week',
      [[1]],
      null,
      { participants: 1, subtotal: 4700, familyDiscount: 0, multiWeekDiscount: 0, total: 4700, discount: 0 },
    ],
    [
      '1 child × 2 weeks',
      [[1, 2]],
      null,
      { subtotal: 9400, multiWeekDiscount: 100, total: 9300, discount: 100 },
    ],
    ['1 child × 4 weeks', [[1, 2, 3, 4]], null, { subtotal: 18800, multiWeekDiscount: 600, total: 18200 }],
    [
      '2 children × 1 week',
      [[1], [1]],
      null,
      { participants: 2, subtotal: 9400, familyDiscount: 470, familyLabel: '5% OFF x 2 niños', total: 8930 },
    ],
    [
      '2 children × 2 weeks',
      [
        [1, 2],
        [1, 2],
      ],
      null,
      { subtotal: 18800, familyDiscount: 940, multiWeekDiscount: 200, total: 17660, discount: 1140 },
    ],
    [
      '2 children × 2 weeks, VERANO10',
      [
        [1, 2],
        [1, 2],
      ],
      VERANO10,
      {
        subtotal: 18800,
        familyDiscount: 940,
        multiWeekDiscount: 200,
        couponDiscount: 1766,
        total: 15894,
        discount: 2906,
      },
    ],
    [
      '3 children × 1 week',
      [[1], [2], [3]],
      null,
      { participants: 3, familyDiscount: 1410, familyLabel: '10% OFF x 3+ niños', total: 12690 },
    ],
    [
      'amount coupon RD$500',
      [[1]],
      { ...VERANO10, type: 'amount' as const, percent: 0, amount: 500 },
      { couponDiscount: 500, total: 4200 },
    ],
  ])('%s', (_name, children, coupon, expected) => {
    expect(camp(children, coupon)).toMatchObject(expected);
  });

  it('annual: options plus one membership per participant, waived for a declared one', () => {
    let state = cartState(annualProgram, programOptions);
    state = must(addToCart(toggleWeek(selectCategory(state, CAT_MINI), weekId(11)), NOW));
    state = must(
      addToCart(
        setMembership(toggleWeek(selectCategory(state, CAT_JUNIOR), weekId(12)), { have: 'SI', id: 'MB-1' }),
        NOW,
      ),
    );
    expect(cartTotals({ ...state, coupon: null })).toMatchObject({
      participants: 2,
      subtotal: 11500,
      familyDiscount: 0,
      multiWeekDiscount: 0,
      membership: 2500,
      total: 14000,
    });
  });

  it("counts the family's earlier children: unnamed slots as earlier ones, named ones as they are", () => {
    const state = addChild(cartState(summerCamp), [1]);
    const pedro = { first_name: 'Pedro', birth_date: '15/03/2016' };
    // On the calendar the child has no name yet: it may be Pedro again, so no discount is shown.
    expect(cartTotals({ ...state, coupon: null, earlierChildren: [pedro] })).toMatchObject({
      familyDiscount: 0,
      total: 4700,
    });
    const slot = { ...emptyParticipant(1), first_name: 'Ana', birth_date: '01/01/2019' };
    expect(
      cartTotals({ ...state, coupon: null, earlierChildren: [pedro], participants: { 1: slot } }),
    ).toMatchObject({
      familyDiscount: 235,
      familyLabel: '5% OFF x 2 niños, con inscripciones anteriores',
      total: 4465,
    });
    // Pedro himself again: one child.
    const again = { ...slot, first_name: 'pedro', birth_date: '15/03/2016' };
    expect(
      cartTotals({ ...state, coupon: null, earlierChildren: [pedro], participants: { 1: again } })
        .familyDiscount,
    ).toBe(0);
  });

  it('the coupon box is disabled for a camp once a line has a membership id, and the coupon ignored', () => {
    const plain = addChild(cartState(summerCamp), [1]);
    expect(couponDisabled(plain)).toBe(false);
    const member = must(
      addToCart(
        setMembership(selectCategory(toggleAll(plain), CAT_MINI), { have: 'SI', id: 'MB-000007' }),
        NOW,
      ),
    );
    expect(couponDisabled(member)).toBe(true);
    expect(cartTotals({ ...member, coupon: VERANO10 }).couponDiscount).toBe(0);
    // Annual programs always carry a membership id: their coupon box stays enabled.
    const program = must(
      addToCart(
        toggleWeek(selectCategory(cartState(annualProgram, programOptions), CAT_MINI), weekId(11)),
        NOW,
      ),
    );
    expect(couponDisabled(program)).toBe(false);
  });
});

describe('step rules', () => {
  const oneChild = addChild(cartState(summerCamp), [1, 2]);
  const filled = wizardData(updateParticipant(oneChild, 1, validParticipant), {
    additional: validAdditional,
    payment: validPayment,
  });

  it.each([
    ['empty cart', wizardData(cartState(summerCamp)), [false, false, false, false], 0],
    ['cart, blank participant', wizardData(oneChild), [true, false, false, false], 1],
    [
      'participant with an error (weight 30)',
      wizardData(updateParticipant(oneChild, 1, { ...validParticipant, weight: '30' })),
      [true, false, false, false],
      1,
    ],
    [
      'participant complete',
      { ...filled, additional: { ...validAdditional, email: 'x' } },
      [true, true, false, false],
      2,
    ],
    [
      'additional complete, card missing',
      { ...filled, payment: { ...validPayment, ccCVV: '' } },
      [true, true, true, false],
      3,
    ],
    ['everything', filled, [true, true, true, true], 3],
  ] as const)('%s', (_name, state, enabled, reachable) => {
    expect([0, 1, 2, 3].map((step) => canProceed(step as 0 | 1 | 2 | 3, state))).toEqual(enabled);
    expect(maxReachableStep(state)).toBe(reachable);
  });

  it.each([
    ['complete', {}, true],
    ['no holder', { ccName: ' ' }, false],
    ['no number', { ccNumber: '' }, false],
    ['no expiry', { ccDate: '' }, false],
    ['no CVV', { ccCVV: '' }, false],
    ['terms not accepted', { termsandconditions: false }, false],
    ['invoice without RNC', { comprobantefiscal: true, rnc_nombre: 'Empresa SRL' }, false],
    [
      'invoice, RNC incomplete',
      { comprobantefiscal: true, rnc: '1-01-_____-_', rnc_nombre: 'Empresa SRL' },
      false,
    ],
    ['invoice, no name', { comprobantefiscal: true, rnc: '1-01-12345-1', rnc_nombre: '' }, false],
    ['invoice complete', { comprobantefiscal: true, rnc: '1-01-12345-1', rnc_nombre: 'Empresa SRL' }, true],
  ])("'Pagar' — %s", (_name, patch, enabled) => {
    expect(paymentComplete({ ...validPayment, ...patch })).toBe(enabled);
  });
});

describe('the enrolment request', () => {
  it('carries the cart, the forms, the clean card and the priced amounts', () => {
    let cart = addChild(addChild(cartState(summerCamp), [1, 2]), [1, 2], CAT_JUNIOR);
    cart = updateParticipant(updateParticipant(cart, 1, validParticipant), 2, {
      ...validParticipant,
      first_name: 'Luis',
    });
    const body = buildEnrolmentBody(
      wizardData(cart, {
        additional: validAdditional,
        coupon: VERANO10,
        payment: { ...validPayment, ccNumber: '4242 4242 4242 424_', ccDate: '09/2031', rnc: '1-01-12345-1' },
      }),
    );
    expect(body).toEqual({
      uid: 'user-1',
      campament: summerCamp._id,
      listCalendar: [
        {
          id: weekId(1),
          name: 'Semana 1',
          date: '01/07/2025 - 11/07/2025',
          time: CAT_MINI,
          quantity: 1,
          value: 4700,
          membership_id: '',
          cupo: 1,
        },
        {
          id: weekId(2),
          name: 'Semana 2',
          date: '02/07/2025 - 12/07/2025',
          time: CAT_MINI,
          quantity: 1,
          value: 4700,
          membership_id: '',
          cupo: 1,
        },
        {
          id: weekId(1),
          name: 'Semana 1',
          date: '01/07/2025 - 11/07/2025',
          time: CAT_JUNIOR,
          quantity: 1,
          value: 4700,
          membership_id: '',
          cupo: 2,
        },
        {
          id: weekId(2),
          name: 'Semana 2',
          date: '02/07/2025 - 12/07/2025',
          time: CAT_JUNIOR,
          quantity: 1,
          value: 4700,
          membership_id: '',
          cupo: 2,
        },
      ],
      listParticipants: [
        { ...validParticipant, id: 1, time: CAT_MINI, membership_id: '', membership_have: '' },
        {
          ...validParticipant,
          first_name: 'Luis',
          id: 2,
          time: CAT_JUNIOR,
          membership_id: '',
          membership_have: '',
        },
      ],
      emergencyContact: validAdditional,
      cardHolder: 'MARIA GOMEZ',
      cardNumber: '424242424242424',
      expDate: '092031',
      cvv: '123',
      termsandconditions: true,
      comprobantefiscal: false,
      rnc: '',
      rnc_nombre: '',
      amount: 15894,
      discount: 2906,
      coupon: 'VERANO10',
    });
  });

  it('sends the RNC when an invoice is asked for, and no coupon when none applies', () => {
    const cart = updateParticipant(addChild(cartState(summerCamp), [1]), 1, validParticipant);
    const body = buildEnrolmentBody(
      wizardData(cart, {
        additional: validAdditional,
        payment: {
          ...validPayment,
          comprobantefiscal: true,
          rnc: '1-01-12345-1',
          rnc_nombre: ' Empresa SRL ',
        },
      }),
    );
    expect(body).toMatchObject({
      comprobantefiscal: true,
      rnc: '1-01-12345-1',
      rnc_nombre: 'Empresa SRL',
      amount: 4700,
      discount: 0,
    });
    expect(body).not.toHaveProperty('coupon');
    expect(body.cardNumber).toBe('4242424242424242');
    expect(body.expDate).toBe('122030');
  });
});

describe('helpers', () => {
  it("lists a participant's weeks for the 'Calendario' box", () => {
    const state = addChild(addChild(cartState(summerCamp), [1, 3]), [2]);
    expect(participantCalendar(state.lines, 1)).toBe(
      '• Semana 1 / 01/07/2025 - 11/07/2025\n• Semana 3 / 03/07/2025 - 13/07/2025',
    );
    expect(participantCalendar(state.lines, 2)).toBe('• Semana 2 / 02/07/2025 - 12/07/2025');
  });

  it('refreshes names, dates and prices of saved lines from the loaded weeks', () => {
    const state = addChild(cartState(summerCamp), [1, 2]);
    const lines = refreshLines(state.lines, [week(1, { value: 5000, name: 'Semana 1 (nueva)' })]);
    expect(lines.map((line) => [line.name, line.value])).toEqual([
      ['Semana 1 (nueva)', 5000],
      ['Semana 2', 4700],
    ]);
  });

  it('only updates participant form fields, and only of existing slots', () => {
    const state = addChild(cartState(summerCamp), [1]);
    const patched = updateParticipant(state, 1, { first_name: 'Ana', id: 9 } as never);
    expect(patched.participants[1]).toMatchObject({ id: 1, first_name: 'Ana' });
    expect(updateParticipant(state, 5, { first_name: 'X' })).toBe(state);
  });

  it.each([
    [{ size: 1000, type: 'image/jpeg' }, null],
    [{ size: 1000, type: '' }, null],
    [{ size: 6 * 1024 * 1024, type: 'image/png' }, PHOTO_MESSAGES.tooLarge],
    [{ size: 1000, type: 'application/pdf' }, PHOTO_MESSAGES.badType],
  ])('photo %o → %s', (file, problem) => {
    expect(photoProblem(file)).toBe(problem);
  });
});
