import { describe, expect, it } from 'vitest';
import { searchPattern } from './listing.ts';

describe('what staff type in a search', () => {
  it('ignores case, accents and spacing, and stays literal', () => {
    expect(searchPattern('sofia').test('Sofía Rodríguez')).toBe(true);
    expect(searchPattern('ANGEL').test('Ángel')).toBe(true);
    expect(searchPattern('maria  jose').test('María José')).toBe(true);
    expect(searchPattern('Peña').test('PENA')).toBe(true);
    expect(searchPattern('sofía').test('Sofia')).toBe(true);
    expect(searchPattern('a.b').test('axb')).toBe(false);
    expect(searchPattern('(1005)').test('Orden (1005)')).toBe(true);
    expect(searchPattern('mateo').test('Sofía')).toBe(false);
  });
});
