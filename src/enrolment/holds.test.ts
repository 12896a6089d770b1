import { describe, expect, it } from 'vitest';
import { holdNoticeShown } from './holdNoticeRules.ts';
import { lineHolds, type HoldState } from './holds.ts';
import type { CartLine } from './wizardData.ts';

const line = (key: string, week: string) => ({ key, _id: week }) as CartLine;
const NOW = Date.parse('2027-05-03T15:00:00Z');
const hold: HoldState = { expiresAt: NOW + 60_000, weeks: { w1: { wanted: 2, held: 1 } }, retry: 0 };

describe('the wizard side of holds', () => {
  it("marks a week's lines beyond what is held, but not a line added since the answer", () => {
    const two = [line('a', 'w1'), line('b', 'w1')];
    expect([...lineHolds(two, hold, NOW).values()]).toEqual(['held', 'notHeld']);
    const three = [...two, line('c', 'w1')];
    expect([...lineHolds(three, hold, NOW).values()]).toEqual(['held', 'unknown', 'unknown']);
    expect([...lineHolds(two, hold, NOW + 60_000).values()]).toEqual(['expired', 'notHeld']);
    expect([...lineHolds([line('d', 'w2')], hold, NOW).values()]).toEqual(['unknown']);
  });

  it('a cart that could hold nothing (no expiry in the answer) says so when the camp holds places', () => {
    const none: HoldState = { expiresAt: null, weeks: { w1: { wanted: 1, held: 0 } }, retry: 0 };
    const lines = [line('a', 'w1')];
    expect([...lineHolds(lines, none, NOW, true).values()]).toEqual(['notHeld']);
    expect(holdNoticeShown(lines, none, { hold_minutes: 15 })).toBe(true);
    // A camp with holds turned off answers held 0 too: nothing to say there.
    expect([...lineHolds(lines, none, NOW, false).values()]).toEqual(['unknown']);
    expect(holdNoticeShown(lines, none, { hold_minutes: 0 })).toBe(false);
    expect(holdNoticeShown([], none, { hold_minutes: 15 })).toBe(false);
    // All held: the countdown's notice; nothing asked yet: none.
    expect(holdNoticeShown(lines, hold, { hold_minutes: 15 })).toBe(true);
    expect(holdNoticeShown(lines, { expiresAt: null, weeks: {}, retry: 0 }, {})).toBe(false);
  });
});
