import { describe, expect, it } from 'vitest';
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
});
