// Test helpers of the admin screens: an admin session the MSW handlers accept, as if the admin had
// signed in at /admin/login, and a clipboard the tests can read.
import { vi } from 'vitest';
import { collection, mockDb, MOCK_CREDENTIALS, type MockUser } from '../../mocks/data.ts';

export const TEST_ADMIN_TOKEN = 'test-admin-token';

export function signInAdmin(): void {
  const admin = collection<MockUser>('usuarios').find((user) => user.email === MOCK_CREDENTIALS.admin.email);
  if (!admin) throw new Error('The mock data has no admin');
  mockDb.sessions.set(TEST_ADMIN_TOKEN, admin._id);
  localStorage.setItem('gatekeeper_token', TEST_ADMIN_TOKEN);
  localStorage.setItem(
    'gatekeeper_user',
    JSON.stringify({ _id: admin._id, email: admin.email, name: admin.name, tipo: admin.tipo }),
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
