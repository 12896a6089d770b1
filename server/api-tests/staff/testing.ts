// Shared arrangements of the staff tests: the demo school, an admin and a parent signed in.
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import type { PaymentGateway } from '../../../src/core/checkout/gateway.ts';
import type { CreateEnrolmentBody } from '../../../src/domain/enrolment.ts';
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

/** The kit on a gateway that records each refund asked of it (what the money tests read). */
export async function recordingStaffKit(): Promise<
  StaffKit & { refunds: ReturnType<typeof recordingGateway>['refunds'] }
> {
  const recording = recordingGateway();
  return { ...(await staffKit(recording.gateway)), refunds: recording.refunds };
}
