// The camp day's marks made without a connection (issue 25): kept on the phone and sent in order
// when the connection is back (the server stamps them with its own time, issue 53). The server keeps the first mark of a
// child and day, so a mark sent twice is harmless; one the server refuses is dropped (it was said).
import type { CampDayMarkBody } from '../../domain/camp-day.ts';

export interface PendingMark {
  kind: 'llegada' | 'salida';
  body: CampDayMarkBody;
}

const KEY = 'camp-day-pending';

export function pendingMarks(): PendingMark[] {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(saved) ? (saved as PendingMark[]) : [];
  } catch {
    return [];
  }
}

const save = (marks: readonly PendingMark[]) => localStorage.setItem(KEY, JSON.stringify(marks));

export function keepMark(mark: PendingMark): void {
  save([...pendingMarks(), mark]);
}

/**
 * Sends what waits, oldest first: sent or refused marks go; a mark still without connection
 * stops the pass (the rest keep their order). Answers how many are left.
 */
export async function sendPendingMarks(
  send: (mark: PendingMark) => Promise<'sent' | 'refused' | 'offline'>,
): Promise<number> {
  const marks = pendingMarks();
  let index = 0;
  for (; index < marks.length; index += 1) if ((await send(marks[index]!)) === 'offline') break;
  const left = marks.slice(index);
  save(left);
  return left.length;
}
