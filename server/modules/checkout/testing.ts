// Builders for checkout tests and the benchmark: a valid enrolment request for the demo camp.
import crypto from 'node:crypto';
import type { Store } from '../../store/port.ts';
import type { Camp, Category, Week } from '../../../src/domain/records.ts';

export {
  CHILD_NAMES,
  CONTACT,
  enrolmentRequest,
  participant,
  type DemoCart,
} from '../../../src/core/checkout/fixtures.ts';
import type { DemoCart } from '../../../src/core/checkout/fixtures.ts';

export async function demoCart(store: Store, code = 'CV2027'): Promise<DemoCart> {
  const camp = (await store.collection<Camp>('campamentos').findOne({ code }))!;
  const [weeks, categories] = await Promise.all([
    store.collection<Week>('semanas').find({ campament: camp._id }, { sort: { order: 1 } }),
    store.collection<Category>('categorias').find({ campament: camp._id }, { sort: { order: 1 } }),
  ]);
  return { camp, weeks, categories };
}

export const newKey = () => crypto.randomUUID();
