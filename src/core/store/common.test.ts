import { describe, expect, it } from 'vitest';
import { Datastore, nedbCollection } from './nedb.ts';
import { visible } from './common.ts';
import { DELETED_STATUS } from './port.ts';

describe('visible: the filter plus "not deleted", kept flat for the embedded store\'s indexes', () => {
  it('keeps every field but the status at the top, where NeDB looks for an index', () => {
    expect(visible({ campament: 'c1' })).toEqual({ campament: 'c1', status: { $ne: DELETED_STATUS } });
    // A status asked by value already leaves deleted records out.
    expect(visible({ campament: 'c1', status: 'active' })).toEqual({ campament: 'c1', status: 'active' });
    expect(visible({ campament: 'c1', status: { $in: ['active', 'paid'] } })).toEqual({
      campament: 'c1',
      $and: [{ status: { $in: ['active', 'paid'] } }, { status: { $ne: DELETED_STATUS } }],
    });
    expect(visible({ status: DELETED_STATUS }, true)).toEqual({ status: DELETED_STATUS });
  });

  it('finds the same records as before: deleted ones only when asked for', async () => {
    const db = new Datastore({ inMemoryOnly: true });
    const weeks = nedbCollection('semanas', async () => db);
    await weeks.ensureIndex({ fields: ['campament'] });
    await weeks.insertMany([
      { campament: 'c1', status: 'active', name: 'Semana 1' },
      { campament: 'c1', status: 'inactive', name: 'Semana 2' },
      { campament: 'c1', status: DELETED_STATUS, name: 'Semana 3' },
      { campament: 'c2', status: 'active', name: 'Otra' },
    ]);
    const names = async (filter: Record<string, unknown>, withDeleted = false) =>
      (await weeks.find(filter, { withDeleted })).map((week) => week.name).sort();
    expect(await names({ campament: 'c1' })).toEqual(['Semana 1', 'Semana 2']);
    expect(await names({ campament: 'c1', status: 'active' })).toEqual(['Semana 1']);
    expect(await names({ campament: 'c1', status: { $in: ['active', DELETED_STATUS] } })).toEqual([
      'Semana 1',
    ]);
    expect(await names({ campament: 'c1', status: DELETED_STATUS })).toEqual([]);
    expect(await names({ campament: 'c1', status: DELETED_STATUS }, true)).toEqual(['Semana 3']);
  });
});

describe('sorting texts', () => {
  it('orders names as Spanish does in the embedded and in-memory stores (issue 24)', async () => {
    const { openMemoryStore } = await import('./memory.ts');
    const store = openMemoryStore();
    const names = ['Zoe', 'Ángel', 'Beatriz', 'Semana 2', 'Semana 1', 'Ñico', 'Nora', 'ana'];
    await store.collection('nombres').insertMany(names.map((name) => ({ name })));
    const sorted = await store
      .collection<{ _id: string; name: string }>('nombres')
      .find({}, { sort: { name: 1 } });
    expect(sorted.map((record) => record.name)).toEqual([
      'ana',
      'Ángel',
      'Beatriz',
      'Nora',
      'Ñico',
      'Semana 1',
      'Semana 2',
      'Zoe',
    ]);
  });
});
