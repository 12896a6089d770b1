// Each datafile line must be the one NeDB writes (its loader reads them back, and an older server
// must read a newer one's files): compared with NeDB's own serialize on documents of every shape.
import model from '@seald-io/nedb/lib/model.js';
import { describe, expect, it } from 'vitest';
import { serializeDocument } from './serialize.ts';

const when = new Date('2026-11-29T12:00:00.123Z');

describe('serializeDocument', () => {
  it.each([
    [
      'an order',
      {
        _id: 'a1',
        order_number: '1003',
        created_at: when,
        paid_at: null,
        lines: [
          { week: 'w1', amount: 4700, at: when },
          { week: 'w2', amount: 4465 },
        ],
        participants: [{ first_name: 'María', birth_date: '15/03/2016', tags: ['ñ', '"x"', '\\', '\n'] }],
        autopay: { authorised_at: when, text: 'Autorizo <cargos> & más', agreement: { dates: [when, when] } },
        missing: undefined,
        nothing: null,
        flag: false,
        ratio: 0.05,
        huge: 1e21,
        notANumber: Number.NaN,
        emptyObject: {},
        emptyArray: [],
        sparseArray: [undefined, null, when],
      },
    ],
    ['no date anywhere', { _id: 'b', a: { b: { c: [1, 2, { d: 'e' }] } } }],
    ['an invalid date', { _id: 'c', at: new Date('no es fecha') }],
    ['a deletion mark', { $$deleted: true, _id: 'd' }],
    ['an index mark', { $$indexCreated: { fieldName: 'autopay.text', unique: false, sparse: true } }],
    ['a date at the top of an array of arrays', { _id: 'e', grid: [[when], [1, [when, 'x']]] }],
  ])('writes %s as NeDB does', (_, doc) => {
    expect(serializeDocument(doc)).toBe(model.serialize(doc));
    // And reads back to the same document.
    expect(model.deserialize(serializeDocument(doc))).toEqual(model.deserialize(model.serialize(doc)));
  });

  it('leaves the document it is given as it was', () => {
    const doc = { _id: 'f', at: when, nested: { at: when, list: [when] } };
    serializeDocument(doc);
    expect(doc.at).toBe(when);
    expect(doc.nested.at).toBe(when);
    expect(doc.nested.list[0]).toBe(when);
  });

  it('matches NeDB on many generated documents', () => {
    // A small deterministic generator (no dependency): nested objects, arrays, dates, text.
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const value = (depth: number): unknown => {
      const pick = Math.floor(next() * (depth > 3 ? 6 : 8));
      if (pick === 0) return new Date(Math.floor(next() * 2e12));
      if (pick === 1) return Math.floor(next() * 1e6) / 100;
      if (pick === 2) return `texto ${Math.floor(next() * 1000)} “ñ” \u0000 \u2028`;
      if (pick === 3) return next() > 0.5;
      if (pick === 4) return null;
      if (pick === 5) return undefined;
      if (pick === 6) return Array.from({ length: Math.floor(next() * 4) }, () => value(depth + 1));
      return Object.fromEntries(
        Array.from({ length: Math.floor(next() * 5) }, (_, i) => [
          `k${i}_${Math.floor(next() * 9)}`,
          value(depth + 1),
        ]),
      );
    };
    for (let round = 0; round < 500; round += 1) {
      const doc = { _id: `g${round}`, body: value(0), at: value(1) };
      expect(serializeDocument(doc)).toBe(model.serialize(doc));
    }
  });
});
