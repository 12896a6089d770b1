// The staff lists' Spanish order on MongoDB (issue 24): a list that asks for it sends the driver a
// Spanish collation; every other read keeps the plain comparison its string indexes serve. (The
// store contract suite runs the real adapter where a MongoDB is reachable.)
import type { Collection as MongoCollection } from 'mongodb';
import { describe, expect, it } from 'vitest';
import type { AnyDoc } from './port.ts';
import { mongoCollection, SPANISH_COLLATION } from './mongo.ts';

function recordingCollection() {
  const asked: unknown[] = [];
  const collection = {
    find: (_filter: unknown, options: unknown) => {
      asked.push(options);
      return { toArray: async () => [] };
    },
  } as unknown as MongoCollection<AnyDoc>;
  return { asked, collection: mongoCollection(collection, 'campamentos') };
}

describe('MongoDB reads in Spanish order', () => {
  it('a staff list sorted by a name is read with the Spanish collation', async () => {
    const { asked, collection } = recordingCollection();
    await collection.find({}, { sort: { name: 1 }, skip: 0, limit: 10, spanish: true });
    expect(asked).toEqual([{ sort: { name: 1 }, skip: 0, limit: 10, collation: { locale: 'es' } }]);
    expect(SPANISH_COLLATION).toEqual({ locale: 'es' });
  });

  it('other reads keep the plain comparison (their indexes serve them)', async () => {
    const { asked, collection } = recordingCollection();
    await collection.find({ email: 'ana@correo.do' });
    expect(asked).toEqual([{ sort: undefined, skip: undefined, limit: undefined }]);
  });
});
