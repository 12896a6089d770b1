import { describe, expect, it } from 'vitest';
import { hashPassword, OWASP_SCRYPT, verifyPassword } from './password.ts';
import { TEST_HASHING } from '../testing/build.ts';

describe('password hashing', () => {
  it('uses at least OWASP minimum scrypt parameters by default and a per-user salt', async () => {
    expect(OWASP_SCRYPT.N).toBeGreaterThanOrEqual(2 ** 17);
    expect(OWASP_SCRYPT.r).toBeGreaterThanOrEqual(8);
    const a = await hashPassword('clave-segura');
    const b = await hashPassword('clave-segura');
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('clave-segura');
    expect(await verifyPassword('clave-segura', a)).toBe(true);
  });

  it('refuses a wrong password and a malformed hash', async () => {
    const stored = await hashPassword('clave-segura', TEST_HASHING);
    expect(await verifyPassword('clave-segura', stored)).toBe(true);
    expect(await verifyPassword('Clave-segura', stored)).toBe(false);
    expect(await verifyPassword('clave-segura', 'plain-text')).toBe(false);
  });
});
