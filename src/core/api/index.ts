// Every call of both catalogues that the server and the mocks answer alike (spec 01 §7, spec 02 §7).
// Left to each adapter: the health probe, the photo upload (multipart), social sign-in (OAuth
// redirects) and the front end's own files.
import { CAMP_DAY_ROUTES } from './camp-day.ts';
import { PERSONAL_ROUTES } from './personal.ts';
import { ACCOUNT_ROUTES } from './accounts.ts';
import { ADMIN_ROUTES } from './admin.ts';
import { CHECKOUT_ROUTES } from './checkout.ts';
import { STAFF_ROUTES } from './staff.ts';
import { WAITLIST_ROUTES } from './waitlist.ts';
import { RECEIPT_ROUTES } from './receipts.ts';
import { PAYMENT_ROUTES } from './payments.ts';
import { MESSAGES_ROUTES } from './messages.ts';
import { NOTICE_ROUTES } from './notices.ts';
import type { ApiRoute } from './route.ts';

export const API_ROUTES: ApiRoute[] = [
  ...ACCOUNT_ROUTES,
  ...CHECKOUT_ROUTES,
  ...ADMIN_ROUTES,
  ...STAFF_ROUTES,
  ...WAITLIST_ROUTES,
  ...RECEIPT_ROUTES,
  ...PAYMENT_ROUTES,
  ...PERSONAL_ROUTES,
  ...CAMP_DAY_ROUTES,
  ...MESSAGES_ROUTES,
  ...NOTICE_ROUTES,
];

export {
  Answer,
  assertRole,
  BytesAnswer,
  FileAnswer,
  FILE_TYPES,
  JsonText,
  HtmlAnswer,
  type ApiRoute,
  type Audience,
  type Call,
  type Method,
} from './route.ts';
