// Builders for checkout tests and the benchmark: a valid enrolment request for the demo camp.
import crypto from 'node:crypto';

export {
  CHILD_NAMES,
  CONTACT,
  demoCart,
  enrolmentRequest,
  participant,
  type DemoCart,
} from '../../../src/core/checkout/fixtures.ts';

export const newKey = () => crypto.randomUUID();
