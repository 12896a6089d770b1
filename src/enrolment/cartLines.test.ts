// The lines in the cart (./cartLines.ts): deleting checked lines, and refreshing them after a reload.
import { describe, expect, it } from 'vitest';
import { deleteChecked, participantsLostByDelete, refreshLines, toggleLine } from './cartLines.ts';
import { updateParticipant } from './stepRules.ts';
import type { CartState } from './wizardData.ts';
import { CAT_JUNIOR, addChild, cartState, summerCamp, week } from './test-fixtures.ts';

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

  it('toggling a line twice unchecks it', () => {
    const state = toggleLine(toggleLine(three(), 'L2'), 'L2');
    expect(state.lines.some((line) => line.checked)).toBe(false);
  });
});

describe('helpers', () => {
  it('refreshes names, dates and prices of saved lines from the loaded weeks', () => {
    const state = addChild(cartState(summerCamp), [1, 2]);
    const lines = refreshLines(state.lines, [week(1, { value: 5000, name: 'Semana 1 (nueva)' })]);
    expect(lines.map((line) => [line.name, line.value])).toEqual([
      ['Semana 1 (nueva)', 5000],
      ['Semana 2', 4700],
    ]);
  });
});
