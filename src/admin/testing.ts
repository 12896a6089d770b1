// Test helpers of the admin screens: an admin session the MSW handlers accept, as if the admin had
// signed in at /admin/login, a clipboard the tests can read, and a field retyped.
import type { screen } from '@testing-library/react';
import type { userEvent } from '@testing-library/user-event';
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

/** Replaces what the field labelled `label` (inside `scope`) holds with `text`, as a person retypes it. */
export async function retype(
  user: ReturnType<typeof userEvent.setup>,
  scope: Pick<typeof screen, 'getByLabelText'>,
  label: string,
  text: string,
) {
  const field = scope.getByLabelText(label);
  await user.clear(field);
  await user.type(field, text);
}
