// Child process for durability.test.ts: writes to an embedded store until killed, and prints
// "ACK <id> <seq>" once each step (sequence, insert, update) has been acknowledged.
// Usage: node server/store/testing/crash-writer.ts <dir> <max records>
import { openEmbeddedStore } from '../embedded.ts';

const [dir, max] = process.argv.slice(2);
if (!dir || !max) throw new Error('usage: crash-writer.ts <dir> <max records>');

const store = await openEmbeddedStore(dir);
const orders = store.collection('orders');
// A few KB per record, so that the kill can also land while a line is being appended.
const payload = 'x'.repeat(4096);

// Bounded, so that a writer the test failed to kill stops by itself.
for (let i = 0; i < Number(max); i += 1) {
  const seq = await store.nextSequence('orders');
  const order = await orders.insertOne({ i, seq, payload, at: new Date() });
  await orders.updateOne({ _id: order._id }, { set: { confirmed: true } });
  process.stdout.write(`ACK ${order._id} ${seq}\n`);
}
await store.close();
