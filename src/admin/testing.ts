// Test helpers of the admin screens: an admin session the MSW handlers accept, as if the admin had
// signed in at /admin/login, and a clipboard the tests can read.
import { vi } from 'vitest';
import { MOCK_CREDENTIALS, mockCore, sessions } from '../../mocks/data.ts';
import type { UserRecord } from '../domain/records.ts';

export const TEST_ADMIN_TOKEN = 'test-admin-token';

/** Signs in a staff member of the mock data: the administrator, or another (the coach) by e-mail. */
export async function signInAdmin(email: string = MOCK_CREDENTIALS.admin.email): Promise<void> {
  const admin = await mockCore().deps.store.collection<UserRecord>('usuarios').findOne({ email });
  if (!admin) throw new Error(`The mock data has no ${email}`);
  sessions.set(TEST_ADMIN_TOKEN, admin._id);
  localStorage.setItem('gatekeeper_token', TEST_ADMIN_TOKEN);
  localStorage.setItem(
    'gatekeeper_user',
    JSON.stringify({
      _id: admin._id,
      email: admin.email,
      name: admin.name,
      tipo: admin.tipo,
      ...(admin.role ? { role: admin.role } : {}),
    }),
  );
}

/** navigator.clipboard as a test double; `fail` makes writeText refuse (a denied permission). */
export function stubClipboard(fail = false) {
  const writeText = vi.fn((text: string) =>
    (fail ? Promise.reject(new Error('denied')) : Promise.resolve(text)).then(() => undefined),
  );
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}
