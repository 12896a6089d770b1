import { describe, expect, it } from 'vitest';
import { CAMP_FILTERED_AREAS, SORTABLE_FIELDS, type ListArea } from './listing.ts';
import { listCampFilter, listSort } from './listing.ts';

describe('listSort', () => {
  it("sorts by an allowed field, '-' for descending, ties by _id in the same direction", () => {
    expect(listSort('campamentos', 'start_date', { name: 1 })).toEqual({ start_date: 1, _id: 1 });
    expect(listSort('campamentos', '-start_date', { name: 1 })).toEqual({ start_date: -1, _id: -1 });
    expect(listSort('cupones', '-_id', { code: 1 })).toBeNull();
    expect(listSort('clientes', '-_id', { name: 1 })).toEqual({ _id: -1 });
  });

  it("keeps the area's order without a sort, adding the _id tie-break when it lacks one", () => {
    expect(listSort('semanas', undefined, { order: 1, _id: 1 })).toEqual({ order: 1, _id: 1 });
    expect(listSort('semanas', '', { order: 1, _id: 1 })).toEqual({ order: 1, _id: 1 });
    expect(listSort('usuarios', undefined, { created_at: -1 })).toEqual({ created_at: -1, _id: -1 });
  });

  it('refuses fields the area does not list', () => {
    for (const sort of ['description', '-', '--name', 'Name', ' name', 'quota_f_left', 'campament_name'])
      expect(listSort('semanas', sort, { order: 1 })).toBeNull();
    expect(listSort('categorias', 'value', { order: 1 })).toBeNull();
    expect(listSort('semanas', 'value', { order: 1 })).toEqual({ value: 1, _id: 1 });
  });

  it('accepts every declared field of every area', () => {
    for (const [area, fields] of Object.entries(SORTABLE_FIELDS))
      for (const field of fields)
        expect(listSort(area as ListArea, `-${field}`, { _id: 1 })).toMatchObject({ [field]: -1 });
  });
});

describe('listCampFilter', () => {
  const camp = '0123456789abcdef01234567';

  it('restricts the areas whose records carry a camp', () => {
    expect([...CAMP_FILTERED_AREAS].sort()).toEqual([
      'calendarios',
      'categorias',
      'inscripciones',
      'semanas',
    ]);
    for (const area of CAMP_FILTERED_AREAS) expect(listCampFilter(area, camp)).toEqual({ campament: camp });
  });

  it('adds nothing without the query, and refuses it on the other areas', () => {
    expect(listCampFilter('cupones', undefined)).toEqual({});
    expect(listCampFilter('semanas', undefined)).toEqual({});
    for (const area of ['campamentos', 'cupones', 'clientes', 'usuarios'] as const)
      expect(listCampFilter(area, camp)).toBeNull();
  });
});
