// The calendar's rules (./calendarRules.ts): 'Agregar' and its checks, the week and category choice.
import { describe, expect, it } from 'vitest';
import {
  ADD_MESSAGES,
  addError,
  addToCart,
  addedSummary,
  allChecked,
  provisionalMembershipId,
  selectCategory,
  setMembership,
  toggleAll,
  toggleWeek,
} from './calendarRules.ts';
import type { CartState } from './wizardData.ts';
import {
  CAT_JUNIOR,
  CAT_MINI,
  NOW,
  addChild,
  annualProgram,
  campWeeks,
  cartState,
  must,
  programOptions,
  summerCamp,
  week,
  weekId,
} from './test-fixtures.ts';

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

  it("sums up what 'Agregar' just added", () => {
    const state = addChild(addChild(cartState(summerCamp), [1, 2]), [3]);
    expect(addedSummary(state, 1)).toBe('Participante 1 agregado: 2 semanas.');
    expect(addedSummary(state, 2)).toBe('Participante 2 agregado: 1 semana.');
    expect(addedSummary(state, 3)).toBe('');
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
