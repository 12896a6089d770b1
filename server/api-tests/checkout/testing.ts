// Builders for checkout tests and the benchmark: a valid enrolment request for the demo camp.
import crypto from 'node:crypto';
import type { TestApp } from '../../testing/build.ts';
import type { CreateEnrolmentBody } from '../../../src/domain/enrolment.ts';

export {
  CHILD_NAMES,
  CONTACT,
  demoCart,
  enrolmentRequest,
  participant,
  type DemoCart,
} from '../../../src/core/checkout/fixtures.ts';

export const newKey = () => crypto.randomUUID();

/** POST /api/inscripciones/create as `token`, with a new idempotency key. */
export const payAs = (t: TestApp, token: string, body: CreateEnrolmentBody) =>
  t.api({
    method: 'POST',
    url: '/api/inscripciones/create',
    token,
    headers: { 'idempotency-key': newKey() },
    payload: body,
  });
