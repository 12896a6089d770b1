// A datafile's line for a document, byte for byte as NeDB's own `model.serialize` writes it, in
// half its time. NeDB passes a replacer function to JSON.stringify (to check every key and write
// dates as {"$$date": ms}), which keeps V8 off its fast path: it was a fifteenth of a paid
// checkout's CPU (each order writes some thirty documents). Here the dates are swapped out first,
// copying only the objects and arrays on the way to one, and JSON.stringify runs plain. The keys
// need no check again: NeDB checked every document on insert and on update (`checkObject`).

/** `value` with each Date as NeDB stores it; the same object where no date is inside it. */
function withStoredDates(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) {
    // An invalid date reaches NeDB's replacer as null (its toJSON), and is written so.
    const time = value.getTime();
    return Number.isNaN(time) ? null : { $$date: time };
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      const stored = withStoredDates(item);
      if (stored !== item) {
        copy ??= value.slice();
        copy[index] = stored;
      }
    }
    return copy ?? value;
  }
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | null = null;
  for (const key of Object.keys(record)) {
    const item = record[key];
    const stored = withStoredDates(item);
    if (stored !== item) {
      // The same keys in the same order: the line is the one NeDB writes.
      copy ??= { ...record };
      copy[key] = stored;
    }
  }
  return copy ?? value;
}

/** The line NeDB's `model.serialize(doc)` gives, for a document NeDB has checked. */
export function serializeDocument(doc: unknown): string {
  return JSON.stringify(withStoredDates(doc));
}
