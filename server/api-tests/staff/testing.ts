// Shared arrangements of the staff tests: the demo school, an admin and a parent signed in.
import { afterEach } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import type { PaymentGateway } from '../../../src/core/checkout/gateway.ts';
import type { CreateEnrolmentBody } from '../../../src/domain/enrolment.ts';
import type { UserRecord } from '../../../src/domain/records.ts';
import { demoCart, payAs, recordingGateway, type DemoCart } from '../checkout/testing.ts';

export interface StaffKit {
  t: TestApp;
  admin: string;
  parent: string;
  cart: DemoCart;
  /** The parent (or any token) pays for an enrolment with a new idempotency key. */
  pay: (token: string, body: CreateEnrolmentBody) => ReturnType<TestApp['api']>;
}

/** `clock`, when given, is the server's time (a test moves `clock.now`); else the system's. */
export async function staffKit(gateway?: PaymentGateway, clock?: { now: Date }): Promise<StaffKit> {
  const t = await buildTestApp(
    {},
    gateway || clock
      ? { deps: { ...(gateway ? { gateway } : {}), ...(clock ? { clock: () => clock.now } : {}) } }
      : {},
  );
  await seedDemoData(t.store);
  const admin = await t.createUser({ admin: true, email: 'direccion@escuela.do' });
  const parent = await t.createUser({ email: 'carmen@correo.do' });
  return {
    t,
    admin: admin.token,
    parent: parent.token,
    cart: await demoCart(t.store),
    pay: (token, body) => payAs(t, token, body),
  };
}

/**
 * Coach Luis: staff with the coach's role, assigned to `weeks` (issue 25: a coach sees only what is
 * assigned); their token.
 */
export async function coachOfWeeks(k: StaffKit, weeks: string[]): Promise<string> {
  const users = k.t.store.collection<UserRecord>('usuarios');
  const coach = await users.insertOne({
    ...(await users.findOne({ email: 'direccion@escuela.do' }))!,
    _id: '6b06c9fd66a20ec364ad1fff',
    email: 'coach@escuela.do',
    name: 'Coach Luis',
    tipo: 'personal',
    role: 'entrenador',
    assigned_weeks: weeks,
  });
  return k.t.app.signToken(coach._id);
}

/** The kit on a gateway that records each refund asked of it (what the money tests read). */
export async function recordingStaffKit(): Promise<
  StaffKit & { refunds: ReturnType<typeof recordingGateway>['refunds'] }
> {
  const recording = recordingGateway();
  return { ...(await staffKit(recording.gateway)), refunds: recording.refunds };
}

/**
 * A file's kit: `setup()` makes a new one with `make` for the test that calls it, closed after that
 * test. `kit` stays one object for the whole file (filled by `setup()`), so the file's own
 * functions may read `kit.t`.
 */
export function staffKitPerTest<K extends StaffKit>(make: () => Promise<K>) {
  const kit = {} as K;
  let open: TestApp | undefined;
  afterEach(async () => {
    await open?.close();
    open = undefined;
  });
  const setup = async (): Promise<K> => {
    Object.assign(kit, await make());
    open = kit.t;
    return kit;
  };
  return { kit, setup };
}
