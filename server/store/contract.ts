// The storage port's contract as a vitest suite: every adapter must pass it unchanged. Test code
// (run by each adapter's test file), over 500 lines on purpose: one contract, read as one.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DELETED_STATUS, DuplicateKeyError } from './port.ts';
import { searchPattern } from '../../src/core/admin/listing.ts';
import type { Collection, AnyDoc, GuardedIncrement, Store } from './port.ts';

export interface StoreHarness {
  /** Opens a store on this harness's own storage, empty at first; later calls see the same data. */
  open(): Promise<Store>;
  /** Removes the storage, once its stores are closed. */
  cleanup(): Promise<void>;
}

interface Player extends AnyDoc {
  name: string;
  age: number;
  address?: { city: string };
  nickname?: string;
  status?: string;
}

interface Camp extends AnyDoc {
  name: string;
  quota_q?: number;
  quota_f?: number;
  holds?: Record<string, number>;
  hold_expiry?: Record<string, Date>;
}

const HEX_ID = /^[0-9a-f]{24}$/;
const TAKE: GuardedIncrement = { field: 'quota_f', by: 1, limitField: 'quota_q' };
const release = (by: number): GuardedIncrement => ({ ...TAKE, by: -by });

const PLAYERS = [
  { name: 'Ana', age: 10, address: { city: 'Santo Domingo' }, nickname: 'Anita' },
  { name: 'Bruno', age: 14, address: { city: 'Santiago' } },
  { name: 'Carla', age: 17, address: { city: 'Santo Domingo' }, nickname: 'Caro' },
  { name: 'Diego', age: 12, address: { city: 'La Romana' }, status: 'activo' },
  { name: 'Elena', age: 14, address: { city: 'Santiago' }, status: 'inactivo' },
];

/** Awaits a promise that must reject with DuplicateKeyError, and returns the error. */
async function duplicateKey(promise: Promise<unknown>): Promise<DuplicateKeyError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a DuplicateKeyError, but the write succeeded');
    },
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(DuplicateKeyError);
  return error as DuplicateKeyError;
}

const names = (docs: Player[]) => docs.map((doc) => doc.name);

export function describeStoreContract(name: string, factory: () => Promise<StoreHarness>): void {
  describe(`${name} store contract`, () => {
    let harness: StoreHarness;
    let store: Store;
    let players: Collection<Player>;
    let camps: Collection<Camp>;

    beforeEach(async () => {
      harness = await factory();
      store = await harness.open();
      players = store.collection<Player>('players');
      camps = store.collection<Camp>('camps');
    });

    afterEach(async () => {
      await store.close();
      await harness.cleanup();
    });

    it('answers ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
      expect(['embedded', 'mongodb', 'memory']).toContain(store.kind);
    });

    it("counts each finished write per collection, and no read (cached reads' revision)", async () => {
      expect(store.revision('players')).toBe(0);
      const ana = await players.insertOne({ name: 'Ana', age: 9 });
      await players.insertMany([{ name: 'Luis', age: 10 }]);
      expect(store.revision('players')).toBe(2);
      await players.find({});
      await players.findById(ana._id);
      await players.count({});
      expect(store.revision('players')).toBe(2);
      await players.updateOne({ _id: ana._id }, { set: { age: 10 } });
      await players.softDelete(ana._id);
      await players.deleteMany({ name: 'Luis' });
      expect(store.revision('players')).toBe(5);
      const camp = await camps.insertOne({ name: 'Verano', quota_f: 0, quota_q: 1 });
      await camps.incrementWithin(camp._id, { field: 'quota_f', by: 1, limitField: 'quota_q' });
      // A refused write is counted too: a count too many only costs a cached read.
      await camps.incrementWithin(camp._id, { field: 'quota_f', by: 1, limitField: 'quota_q' });
      expect(store.revision('camps')).toBe(3);
      expect(store.revision('players')).toBe(5);
    });

    describe('insert and find by id', () => {
      it('generates 24-hex ids and finds the document by id', async () => {
        const ana = await players.insertOne({ name: 'Ana', age: 10 });
        expect(ana).toEqual({ _id: expect.stringMatching(HEX_ID), name: 'Ana', age: 10 });
        expect(await players.findById(ana._id)).toEqual(ana);
        expect(await players.findById('0123456789abcdef01234567')).toBeNull();
      });

      it('keeps an id given by the caller', async () => {
        const id = '65a1b2c3d4e5f60718293a4b';
        expect(await players.insertOne({ _id: id, name: 'Ana', age: 10 })).toMatchObject({ _id: id });
        expect(await players.findById(id)).toEqual({ _id: id, name: 'Ana', age: 10 });
      });

      it('inserts many with distinct ids', async () => {
        const inserted = await players.insertMany(PLAYERS);
        expect(names(inserted)).toEqual(PLAYERS.map((player) => player.name));
        expect(new Set(inserted.map((doc) => doc._id)).size).toBe(PLAYERS.length);
        for (const doc of inserted) {
          expect(doc._id).toMatch(HEX_ID);
          expect(await players.findById(doc._id)).toEqual(doc);
        }
        expect(await players.insertMany([])).toEqual([]);
      });

      it('round-trips dates as Date objects, also inside nested objects and arrays', async () => {
        const paidAt = new Date('2025-03-01T10:20:30.123Z');
        const doc = await camps.insertOne({
          name: 'Camp',
          paid_at: paidAt,
          history: [{ at: paidAt }],
          meta: { at: paidAt },
        });
        const found = (await camps.findById(doc._id))!;
        expect(found.paid_at).toBeInstanceOf(Date);
        expect(found).toEqual({
          _id: doc._id,
          name: 'Camp',
          paid_at: paidAt,
          history: [{ at: paidAt }],
          meta: { at: paidAt },
        });
        expect(await camps.count({ paid_at: { $gte: new Date('2025-01-01') } })).toBe(1);
        expect(await camps.count({ paid_at: { $lt: new Date('2025-01-01') } })).toBe(0);
      });
    });

    describe('find', () => {
      beforeEach(async () => {
        await players.insertMany(PLAYERS);
      });

      it.each([
        ['everything', {}, ['Ana', 'Bruno', 'Carla', 'Diego', 'Elena']],
        ['$in', { name: { $in: ['Ana', 'Carla', 'Zoe'] } }, ['Ana', 'Carla']],
        ['$nin', { name: { $nin: ['Ana', 'Carla'] } }, ['Bruno', 'Diego', 'Elena']],
        [
          '$ne (a missing field is not equal)',
          { status: { $ne: 'activo' } },
          ['Ana', 'Bruno', 'Carla', 'Elena'],
        ],
        ['$eq', { age: { $eq: 14 } }, ['Bruno', 'Elena']],
        ['$gte with $lt', { age: { $gte: 12, $lt: 17 } }, ['Bruno', 'Diego', 'Elena']],
        ['$gt', { age: { $gt: 14 } }, ['Carla']],
        ['$lte', { age: { $lte: 10 } }, ['Ana']],
        ['a dotted path', { 'address.city': 'Santiago' }, ['Bruno', 'Elena']],
        ['$regex on a dotted path', { 'address.city': { $regex: /^santo/i } }, ['Ana', 'Carla']],
        ['$exists: true', { nickname: { $exists: true } }, ['Ana', 'Carla']],
        ['$exists: false', { nickname: { $exists: false } }, ['Bruno', 'Diego', 'Elena']],
        ['$or', { $or: [{ age: 10 }, { 'address.city': 'La Romana' }] }, ['Ana', 'Diego']],
        ['$and', { $and: [{ age: { $gte: 12 } }, { 'address.city': 'Santiago' }] }, ['Bruno', 'Elena']],
        ['no match', { name: 'Zoe' }, []],
      ])('filters with %s', async (_label, filter, expected) => {
        expect(names(await players.find(filter, { sort: { name: 1 } }))).toEqual(expected);
        expect(await players.count(filter)).toBe(expected.length);
      });

      it('sorts on several keys, skips and limits', async () => {
        const page = await players.find({}, { sort: { age: -1, name: 1 }, skip: 1, limit: 3 });
        expect(names(page)).toEqual(['Bruno', 'Elena', 'Diego']);
        expect(names(await players.find({}, { sort: { name: -1 }, limit: 2 }))).toEqual(['Elena', 'Diego']);
        expect(names(await players.find({}, { sort: { name: 1 }, skip: 4 }))).toEqual(['Elena']);
      });

      it('sorts a staff list in Spanish order, accent-blind search finds accented names (issue 57)', async () => {
        const staff = store.collection<Player>('staff_list');
        const inserted = await staff.insertMany(
          ['Zoe', 'Ángel', 'Ana', 'Álvaro', 'Ñico', 'Nora'].map((name, age) => ({ name, age })),
        );
        // A rename keeps its place in the order (the key follows the text).
        await staff.updateOne({ _id: inserted[5]!._id }, { set: { name: 'nora' } });
        const listed = await staff.find({}, { sort: { name: 1, _id: 1 }, spanish: true });
        expect(names(listed)).toEqual(['Álvaro', 'Ana', 'Ángel', 'nora', 'Ñico', 'Zoe']);
        expect(
          names(await staff.find({}, { sort: { name: -1, _id: -1 }, skip: 1, limit: 2, spanish: true })),
        ).toEqual(['Ñico', 'nora']);
        // What a list answers is the record as written, nothing added.
        expect(Object.keys(listed[0]!).sort()).toEqual(['_id', 'age', 'name']);
        const found = await staff.find({ name: { $regex: searchPattern('ANGEL') } });
        expect(names(found)).toEqual(['Ángel']);
      });

      it('findOne honours the sort and answers null when nothing matches', async () => {
        expect((await players.findOne({ 'address.city': 'Santiago' }, { sort: { name: -1 } }))?.name).toBe(
          'Elena',
        );
        expect((await players.findOne({}, { sort: { age: 1 } }))?.name).toBe('Ana');
        expect(await players.findOne({ name: 'Zoe' })).toBeNull();
      });
    });

    describe('updateOne', () => {
      it('applies set (dotted), unset and inc and returns the stored document', async () => {
        const ana = await players.insertOne({ ...PLAYERS[0]!, visits: 1 });
        const updated = await players.updateOne(
          { _id: ana._id },
          { set: { age: 11, 'address.city': 'Santiago' }, unset: ['nickname'], inc: { visits: 2 } },
        );
        expect(updated).toEqual({
          _id: ana._id,
          name: 'Ana',
          age: 11,
          address: { city: 'Santiago' },
          visits: 3,
        });
        expect(await players.findById(ana._id)).toEqual(updated);
      });

      it('returns null when nothing matched and changes only the first match', async () => {
        await players.insertMany(PLAYERS);
        expect(await players.updateOne({ name: 'Zoe' }, { set: { age: 1 } })).toBeNull();
        const updated = await players.updateOne({ 'address.city': 'Santiago' }, { set: { flagged: true } });
        expect(updated).toMatchObject({ flagged: true, address: { city: 'Santiago' } });
        expect(await players.count({ flagged: true })).toBe(1);
      });

      it('returns the current document for an empty update', async () => {
        const ana = await players.insertOne(PLAYERS[0]!);
        expect(await players.updateOne({ _id: ana._id }, {})).toEqual(ana);
      });
    });

    describe('soft delete', () => {
      it('hides the record from reads, counts and updates unless withDeleted', async () => {
        const [ana, bruno] = await players.insertMany(PLAYERS.slice(0, 2));
        expect(await players.softDelete(ana!._id)).toBe(true);

        expect(await players.findById(ana!._id)).toBeNull();
        expect(await players.findOne({ name: 'Ana' })).toBeNull();
        expect(names(await players.find({}))).toEqual(['Bruno']);
        expect(await players.find({ status: DELETED_STATUS })).toEqual([]);
        expect(await players.count({})).toBe(1);
        expect(await players.updateOne({ _id: ana!._id }, { set: { age: 99 } })).toBeNull();

        const deleted = await players.findById(ana!._id, { withDeleted: true });
        expect(deleted).toMatchObject({ name: 'Ana', age: 10, status: DELETED_STATUS });
        expect(deleted!.deleted_at).toBeInstanceOf(Date);
        expect(await players.count({}, { withDeleted: true })).toBe(2);
        expect(names(await players.find({ status: DELETED_STATUS }, { withDeleted: true }))).toEqual(['Ana']);
        expect(await players.findOne({ name: 'Ana' }, { withDeleted: true })).toMatchObject({
          _id: ana!._id,
        });
        expect(
          await players.updateOne({ _id: ana!._id }, { set: { age: 99 } }, { withDeleted: true }),
        ).toMatchObject({
          age: 99,
          status: DELETED_STATUS,
        });
        expect(await players.findById(bruno!._id)).toEqual(bruno);
      });

      it('answers false the second time and for an unknown id', async () => {
        const ana = await players.insertOne(PLAYERS[0]!);
        expect(await players.softDelete(ana._id)).toBe(true);
        expect(await players.softDelete(ana._id)).toBe(false);
        expect(await players.softDelete('0123456789abcdef01234567')).toBe(false);
      });
    });

    describe('indexes', () => {
      it('enforces a unique index on insert, insertMany and update', async () => {
        await players.ensureIndex({ fields: ['email'], unique: true });
        await players.ensureIndex({ fields: ['email'], unique: true }); // idempotent
        const ana = await players.insertOne({ name: 'Ana', age: 10, email: 'ana@example.com' });
        const bruno = await players.insertOne({ name: 'Bruno', age: 14, email: 'bruno@example.com' });

        const error = await duplicateKey(
          players.insertOne({ name: 'Other', age: 9, email: 'ana@example.com' }),
        );
        expect(error).toMatchObject({ code: 'DUPLICATE_KEY', collection: 'players', fields: ['email'] });
        expect(await players.count({ email: 'ana@example.com' })).toBe(1);

        const onUpdate = await duplicateKey(
          players.updateOne({ _id: bruno._id }, { set: { email: ana.email } }),
        );
        expect(onUpdate.fields).toEqual(['email']);
        expect(await players.findById(bruno._id)).toEqual(bruno);

        const onMany = await duplicateKey(
          players.insertMany([
            { name: 'C', age: 1, email: 'c@example.com' },
            { name: 'D', age: 1, email: 'c@example.com' },
          ]),
        );
        expect(onMany.fields).toEqual(['email']);
      });

      it('rejects a duplicate _id', async () => {
        const ana = await players.insertOne(PLAYERS[0]!);
        const error = await duplicateKey(players.insertOne({ _id: ana._id, name: 'Copy', age: 1 }));
        expect(error.fields).toEqual(['_id']);
      });

      it('enforces a compound unique index on the combination only', async () => {
        const enrolments = store.collection('enrolments');
        await enrolments.ensureIndex({ fields: ['camp_id', 'player_id'], unique: true });
        await enrolments.insertMany([
          { camp_id: 'c1', player_id: 'p1' },
          { camp_id: 'c1', player_id: 'p2' },
          { camp_id: 'c2', player_id: 'p1' },
        ]);
        const error = await duplicateKey(enrolments.insertOne({ camp_id: 'c1', player_id: 'p1' }));
        expect(error.collection).toBe('enrolments');
        expect([...error.fields].sort()).toEqual(['camp_id', 'player_id']);
        expect(await enrolments.count({})).toBe(3);
      });

      it('a sparse unique index ignores documents without the field', async () => {
        await players.ensureIndex({ fields: ['code'], unique: true, sparse: true });
        await players.insertMany([
          { name: 'Ana', age: 10 },
          { name: 'Bruno', age: 14 },
        ]);
        await players.insertOne({ name: 'Carla', age: 17, code: 'X1' });
        const error = await duplicateKey(players.insertOne({ name: 'Diego', age: 12, code: 'X1' }));
        expect(error.fields).toEqual(['code']);
        expect(await players.count({})).toBe(3);
      });

      it('refuses to create a unique index over existing duplicates, and a plain index allows them', async () => {
        await players.insertMany([
          { name: 'Ana', age: 10 },
          { name: 'Ana', age: 11 },
        ]);
        await duplicateKey(players.ensureIndex({ fields: ['name'], unique: true }));
        await players.ensureIndex({ fields: ['name'] });
        await players.insertOne({ name: 'Ana', age: 12 });
        expect(await players.count({ name: 'Ana' })).toBe(3);
      });
    });

    it('deleteMany removes matching documents for good, deleted or not, and counts them', async () => {
      const tokens = store.collection('tokens');
      const [first] = await tokens.insertMany([
        { kind: 'reset' },
        { kind: 'reset' },
        { kind: 'reset' },
        { kind: 'invite' },
      ]);
      await tokens.softDelete(first!._id);
      expect(await tokens.deleteMany({ kind: 'reset' })).toBe(3);
      expect(await tokens.count({}, { withDeleted: true })).toBe(1);
      expect(await tokens.deleteMany({ kind: 'none' })).toBe(0);
    });

    describe('incrementWithin', () => {
      it('increments up to the bound and then refuses without changing anything', async () => {
        const camp = await camps.insertOne({ name: 'Camp', quota_q: 3, quota_f: 0 });
        expect(await camps.incrementWithin(camp._id, TAKE)).toMatchObject({ quota_f: 1 });
        expect(await camps.incrementWithin(camp._id, { ...TAKE, by: 2 })).toMatchObject({
          quota_f: 3,
          quota_q: 3,
        });
        expect(await camps.incrementWithin(camp._id, TAKE)).toBeNull();
        expect(await camps.findById(camp._id)).toMatchObject({ quota_f: 3 });
        await camps.incrementWithin(camp._id, release(1));
        expect(await camps.incrementWithin(camp._id, { ...TAKE, by: 2 })).toBeNull();
        expect(await camps.findById(camp._id)).toMatchObject({ quota_f: 2 });
      });

      it('treats a bound of 0 or a missing bound as unlimited, and a missing counter as 0', async () => {
        const zero = await camps.insertOne({ name: 'Open', quota_q: 0, quota_f: 5 });
        expect(await camps.incrementWithin(zero._id, { ...TAKE, by: 100 })).toMatchObject({ quota_f: 105 });
        const bare = await camps.insertOne({ name: 'Bare' });
        expect(await camps.incrementWithin(bare._id, { ...TAKE, by: 3 })).toEqual({
          _id: bare._id,
          name: 'Bare',
          quota_f: 3,
        });
        const fresh = await camps.insertOne({ name: 'Fresh', quota_q: 2 });
        expect(await camps.incrementWithin(fresh._id, { ...TAKE, by: 2 })).toMatchObject({ quota_f: 2 });
        expect(await camps.incrementWithin(fresh._id, TAKE)).toBeNull();
      });

      it('releases without going below 0, even over a lowered capacity', async () => {
        const camp = await camps.insertOne({ name: 'Camp', quota_q: 3, quota_f: 2 });
        expect(await camps.incrementWithin(camp._id, release(1))).toMatchObject({ quota_f: 1 });
        expect(await camps.incrementWithin(camp._id, release(5))).toMatchObject({ quota_f: 0 });
        expect(await camps.findById(camp._id)).toMatchObject({ quota_f: 0 });
        const bare = await camps.insertOne({ name: 'Bare', quota_q: 3 });
        expect(await camps.incrementWithin(bare._id, release(1))).toMatchObject({ quota_f: 0 });
        const over = await camps.insertOne({ name: 'Over', quota_q: 3, quota_f: 5 });
        expect(await camps.incrementWithin(over._id, release(1))).toMatchObject({ quota_f: 4 });
      });

      it('answers null for an unknown or soft-deleted id', async () => {
        expect(await camps.incrementWithin('0123456789abcdef01234567', TAKE)).toBeNull();
        const camp = await camps.insertOne({ name: 'Camp', quota_q: 3, quota_f: 0 });
        await camps.softDelete(camp._id);
        expect(await camps.incrementWithin(camp._id, TAKE)).toBeNull();
        expect(await camps.incrementWithin(camp._id, release(1))).toBeNull();
      });

      it('never oversells under concurrent calls', async () => {
        const camp = await camps.insertOne({ name: 'Camp', quota_q: 5, quota_f: 0 });
        const results = await Promise.all(
          Array.from({ length: 40 }, () => camps.incrementWithin(camp._id, TAKE)),
        );
        const taken = results.filter((result) => result !== null);
        expect(taken).toHaveLength(5);
        expect(taken.map((result) => result.quota_f).sort()).toEqual([1, 2, 3, 4, 5]);
        expect(await camps.findById(camp._id)).toMatchObject({ quota_f: 5 });

        const released = await Promise.all(
          Array.from({ length: 8 }, () => camps.incrementWithin(camp._id, release(1))),
        );
        expect(released.every((result) => result !== null)).toBe(true);
        expect(await camps.findById(camp._id)).toMatchObject({ quota_f: 0 });
      });
    });

    describe('incrementWithin with a hold', () => {
      const holder = 'fedcba9876543210fedcba98';
      it('records who holds the places, refuses the same hold twice, and releases it exactly once', async () => {
        const camp = await camps.insertOne({ name: 'Camp', quota_q: 5, quota_f: 1 });
        expect(await camps.incrementWithin(camp._id, { ...TAKE, by: 2, hold: holder })).toMatchObject({
          quota_f: 3,
          holds: { [holder]: 2 },
        });
        // A retry of the same holder takes nothing more.
        expect(await camps.incrementWithin(camp._id, { ...TAKE, by: 2, hold: holder })).toBeNull();
        expect(await camps.findById(camp._id)).toMatchObject({ quota_f: 3 });
        const released = await camps.incrementWithin(camp._id, { ...release(2), hold: holder });
        expect(released).toMatchObject({ quota_f: 1 });
        expect(released?.holds?.[holder]).toBeUndefined();
        // Released once: a second release (a crash recovery running again) changes nothing.
        expect(await camps.incrementWithin(camp._id, { ...release(2), hold: holder })).toBeNull();
        expect(await camps.findById(camp._id)).toMatchObject({ quota_f: 1 });
      });

      it('releases nothing for a holder that never took places', async () => {
        const camp = await camps.insertOne({ name: 'Camp', quota_q: 5, quota_f: 4 });
        expect(await camps.incrementWithin(camp._id, { ...release(1), hold: holder })).toBeNull();
        expect(await camps.findById(camp._id)).toMatchObject({ quota_f: 4 });
      });

      it('never oversells when many holders take places at once', async () => {
        const camp = await camps.insertOne({ name: 'Camp', quota_q: 3, quota_f: 0 });
        const results = await Promise.all(
          Array.from({ length: 12 }, (_, index) =>
            camps.incrementWithin(camp._id, { ...TAKE, hold: index.toString(16).padStart(24, '0') }),
          ),
        );
        expect(results.filter((result) => result !== null)).toHaveLength(3);
        const stored = await camps.findById(camp._id);
        expect(stored?.quota_f).toBe(3);
        expect(Object.keys(stored?.holds ?? {})).toHaveLength(3);
      });
    });

    describe('moveHold', () => {
      const PLACES = { field: 'quota_f', limitField: 'quota_q' };
      const cart = 'cart-0123456789abcdef01234567';
      const order = 'fedcba9876543210fedcba98';
      const at = (iso: string) => new Date(iso);

      it('takes a hold with its expiry, resizes it within the bound and removes it', async () => {
        const camp = await camps.insertOne({ name: 'Camp', quota_q: 4, quota_f: 1 });
        const expiresAt = at('2027-06-01T12:15:00.000Z');
        const taken = await camps.moveHold(camp._id, { ...PLACES, to: { hold: cart, amount: 2, expiresAt } });
        expect(taken).toMatchObject({ quota_f: 3, holds: { [cart]: 2 } });
        expect(taken?.hold_expiry?.[cart]?.getTime()).toBe(expiresAt.getTime());
        // A second take of the same hold is refused: it exists.
        expect(await camps.moveHold(camp._id, { ...PLACES, to: { hold: cart, amount: 1 } })).toBeNull();
        // Growing past the bound changes nothing; within it, it grows by the difference.
        const grow = (amount: number) => ({
          ...PLACES,
          from: { hold: cart, amount: 2 },
          to: { hold: cart, amount, expiresAt },
        });
        expect(await camps.moveHold(camp._id, grow(4))).toBeNull();
        expect(await camps.moveHold(camp._id, grow(3))).toMatchObject({ quota_f: 4, holds: { [cart]: 3 } });
        // An amount read before that change is stale: refused.
        expect(await camps.moveHold(camp._id, grow(1))).toBeNull();
        const removed = await camps.moveHold(camp._id, { ...PLACES, from: { hold: cart, amount: 3 } });
        expect(removed).toMatchObject({ quota_f: 1 });
        expect(removed?.holds?.[cart]).toBeUndefined();
        expect(removed?.hold_expiry?.[cart]).toBeUndefined();
      });

      it('bounds what holds of one prefix take together, and never a move that does not raise them', async () => {
        const camp = await camps.insertOne({ name: 'Camp', quota_q: 10, quota_f: 0 });
        const groupCap = { prefix: 'cart-', max: 5 };
        const take = (hold: string, amount: number) =>
          camps.moveHold(camp._id, { ...PLACES, to: { hold, amount }, groupCap });
        expect(await take('cart-a', 3)).toMatchObject({ quota_f: 3 });
        // 3 + 3 > 5: refused; 3 + 2 fits.
        expect(await take('cart-b', 3)).toBeNull();
        expect(await take('cart-b', 2)).toMatchObject({ quota_f: 5 });
        // Another prefix is not in the group; the counter's own bound still applies.
        expect(await take(order, 5)).toMatchObject({ quota_f: 10 });
        // A cart's hold becoming an order's lowers the group: allowed.
        expect(
          await camps.moveHold(camp._id, {
            ...PLACES,
            from: { hold: 'cart-a', amount: 3 },
            to: { hold: 'paid-1', amount: 3 },
            groupCap,
          }),
        ).toMatchObject({ quota_f: 10, holds: { 'cart-b': 2, 'paid-1': 3 } });
      });

      it('gives back an expired hold only once it has expired, and only once', async () => {
        const camp = await camps.insertOne({ name: 'Camp', quota_q: 2, quota_f: 0 });
        await camps.moveHold(camp._id, {
          ...PLACES,
          to: { hold: cart, amount: 2, expiresAt: at('2027-06-01T12:15:00.000Z') },
        });
        const expired = (now: string) => ({ ...PLACES, from: { hold: cart, amount: 2, expiredBy: at(now) } });
        expect(await camps.moveHold(camp._id, expired('2027-06-01T12:14:59.000Z'))).toBeNull();
        expect(await camps.moveHold(camp._id, expired('2027-06-01T12:15:00.000Z'))).toMatchObject({
          quota_f: 0,
        });
        expect(await camps.moveHold(camp._id, expired('2027-06-01T12:16:00.000Z'))).toBeNull();
        expect(await camps.findById(camp._id)).toMatchObject({ quota_f: 0 });
      });

      it("turns a cart's hold into an order's in one update, never freeing the place between", async () => {
        const camp = await camps.insertOne({ name: 'Camp', quota_q: 2, quota_f: 0 });
        await camps.moveHold(camp._id, {
          ...PLACES,
          to: { hold: cart, amount: 1, expiresAt: at('2027-06-01T12:15:00.000Z') },
        });
        await camps.incrementWithin(camp._id, TAKE); // someone else takes the last free place
        // The order wants two places: one comes from the hold, the other is not free.
        const move = (amount: number) => ({
          ...PLACES,
          from: { hold: cart, amount: 1 },
          to: { hold: order, amount },
        });
        expect(await camps.moveHold(camp._id, move(2))).toBeNull();
        const converted = await camps.moveHold(camp._id, move(1));
        expect(converted).toMatchObject({ quota_f: 2, holds: { [order]: 1 } });
        expect(converted?.holds?.[cart]).toBeUndefined();
        expect(converted?.hold_expiry?.[order]).toBeUndefined();
        // The order's hold is released as incrementWithin's holds are.
        expect(await camps.incrementWithin(camp._id, { ...release(1), hold: order })).toMatchObject({
          quota_f: 1,
        });
      });

      it("moves a paid order's hold out and back with its places still counted, and leaves a mark at 0", async () => {
        const camp = await camps.insertOne({ name: 'Camp', quota_q: 2, quota_f: 0 });
        await camps.incrementWithin(camp._id, { ...TAKE, by: 2, hold: order });
        // Out of the document (to the order's own record): only while it holds what was read.
        const out = (amount: number) => ({ ...PLACES, from: { hold: order, amount }, counted: 0 });
        expect(await camps.moveHold(camp._id, out(1))).toBeNull();
        const moved = await camps.moveHold(camp._id, out(2));
        expect(moved).toMatchObject({ quota_f: 2 });
        expect(moved?.holds?.[order]).toBeUndefined();
        // Back, only while it has no hold there, still without changing the count.
        const back = { ...PLACES, to: { hold: order, amount: 2 }, counted: 0 };
        expect(await camps.moveHold(camp._id, back)).toMatchObject({ quota_f: 2, holds: { [order]: 2 } });
        expect(await camps.moveHold(camp._id, back)).toBeNull();
        // Given back with a mark: the hold stays at 0, so bringing it back again is refused.
        const marked = await camps.moveHold(camp._id, {
          ...PLACES,
          from: { hold: order, amount: 2 },
          to: { hold: order, amount: 0, mark: true },
        });
        expect(marked).toMatchObject({ quota_f: 0, holds: { [order]: 0 } });
        expect(await camps.moveHold(camp._id, back)).toBeNull();
        expect(await camps.findById(camp._id)).toMatchObject({ quota_f: 0, holds: { [order]: 0 } });
      });

      it('never oversells when holds and plain takes race', async () => {
        const camp = await camps.insertOne({ name: 'Camp', quota_q: 5, quota_f: 0 });
        const expiresAt = at('2027-06-01T12:15:00.000Z');
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, index) =>
            index % 2
              ? camps.incrementWithin(camp._id, TAKE)
              : camps.moveHold(camp._id, { ...PLACES, to: { hold: `cart-${index}`, amount: 1, expiresAt } }),
          ),
        );
        expect(results.filter((result) => result !== null)).toHaveLength(5);
        expect(await camps.findById(camp._id)).toMatchObject({ quota_f: 5 });
      });
    });

    describe('nextSequence', () => {
      it('counts 1, 2, 3… per name', async () => {
        expect([
          await store.nextSequence('orders'),
          await store.nextSequence('orders'),
          await store.nextSequence('orders'),
        ]).toEqual([1, 2, 3]);
        expect(await store.nextSequence('members')).toBe(1);
        expect(await store.nextSequence('orders')).toBe(4);
      });

      it('never hands out the same number twice under concurrent calls', async () => {
        const numbers = await Promise.all(Array.from({ length: 50 }, () => store.nextSequence('orders')));
        expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      });
    });

    it('keeps data, deletions, indexes and sequences across close and reopen', async () => {
      const joinedAt = new Date('2024-09-01T08:00:00.000Z');
      await players.ensureIndex({ fields: ['email'], unique: true });
      const ana = await players.insertOne({
        name: 'Ana',
        age: 10,
        email: 'ana@example.com',
        joined_at: joinedAt,
      });
      const updated = await players.updateOne({ _id: ana._id }, { set: { age: 11 }, inc: { visits: 1 } });
      const bruno = await players.insertOne({ name: 'Bruno', age: 14, email: 'bruno@example.com' });
      await players.softDelete(bruno._id);
      const camp = await camps.insertOne({ name: 'Camp', quota_q: 2, quota_f: 0 });
      await camps.incrementWithin(camp._id, TAKE);
      for (let i = 0; i < 3; i += 1) await store.nextSequence('orders');

      await store.close();
      store = await harness.open();
      players = store.collection<Player>('players');
      camps = store.collection<Camp>('camps');

      const reloaded = await players.findById(ana._id);
      expect(reloaded).toEqual(updated);
      expect(reloaded!.joined_at).toBeInstanceOf(Date);
      expect(await players.findById(bruno._id)).toBeNull();
      expect(await players.findById(bruno._id, { withDeleted: true })).toMatchObject({
        status: DELETED_STATUS,
      });
      expect(await camps.findById(camp._id)).toMatchObject({ quota_f: 1 });
      expect(await store.nextSequence('orders')).toBe(4);
      // The index survived the restart, before and after the app ensures it again at startup.
      await duplicateKey(players.insertOne({ name: 'Copy', age: 1, email: 'ana@example.com' }));
      await players.ensureIndex({ fields: ['email'], unique: true });
      expect(
        (await duplicateKey(players.insertOne({ name: 'Copy', age: 1, email: 'ana@example.com' }))).fields,
      ).toEqual(['email']);
    });
  });
}
