// What a child's tab shows besides the form (./participantTab.ts).
import { describe, expect, it } from 'vitest';
import { participantCalendar } from './participantTab.ts';
import { addChild, cartState, summerCamp } from './test-fixtures.ts';

describe('helpers', () => {
  it("lists a participant's weeks for the 'Calendario' box", () => {
    const state = addChild(addChild(cartState(summerCamp), [1, 3]), [2]);
    expect(participantCalendar(state.lines, 1)).toBe(
      '• Semana 1 / 01/07/2025 - 11/07/2025\n• Semana 3 / 03/07/2025 - 13/07/2025',
    );
    expect(participantCalendar(state.lines, 2)).toBe('• Semana 2 / 02/07/2025 - 12/07/2025');
  });
});
