// The staff lists' Spanish order on MongoDB (issues 24 and 57): a list that asks for it is sorted
// by the Spanish keys the adapter stores beside each text (no collation, which FerretDB, Cosmos DB
// and older DocumentDB lack); every other read keeps the plain order its indexes serve, and no
// caller ever sees the keys. (The store contract suite runs the real adapter on a MongoDB-wire
// server, CI's FerretDB, and checks the order itself.)
import type { Collection as MongoCollection } from 'mongodb';
import { describe, expect, it } from 'vitest';
import type { AnyDoc } from './port.ts';
import { mongoCollection } from './mongo.ts';

function recordingCollection(stored: AnyDoc[] = []) {
  const asked: unknown[] = [];
  const cursor = (docs: AnyDoc[]) => ({
    project: () => cursor([]),
    toArray: async () => docs.map((doc) => ({ ...doc })),
  });
  const collection = {
    find: (_filter: unknown, options: unknown) => {
      asked.push(options);
      return cursor(stored);
    },
  } as unknown as MongoCollection<AnyDoc>;
  return { asked, collection: mongoCollection(collection, 'campamentos') };
}

describe('MongoDB reads in Spanish order', () => {
  it('a staff list sorted by a name is read by its stored Spanish keys, no collation', async () => {
    const { asked, collection } = recordingCollection();
    await collection.find({}, { sort: { name: 1, _id: 1 }, skip: 0, limit: 10, spanish: true });
    expect(asked.at(-1)).toEqual({ sort: { '_orden.name': 1, name: 1, _id: 1 }, skip: 0, limit: 10 });
  });

  it('other reads keep the plain order (their indexes serve them), and never answer the keys', async () => {
    const { asked, collection } = recordingCollection([
      { _id: 'a', name: 'Ángel', _orden: { name: 'angel\u0000a\u0301ngel' } },
    ]);
    const found = await collection.find({ email: 'ana@correo.do' });
    expect(asked).toEqual([{ sort: undefined, skip: undefined, limit: undefined }]);
    expect(found).toEqual([{ _id: 'a', name: 'Ángel' }]);
  });
});
