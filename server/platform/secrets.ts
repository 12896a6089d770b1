// A school's secrets at rest (issue 46): AES-256-GCM under a key derived from PLATFORM_KEY and the
// school's id (HKDF-SHA256), so one school's ciphertext does not open under another's id, and a
// copy of the store without PLATFORM_KEY holds nothing usable.
import crypto from 'node:crypto';

export interface SealedSecret {
  v: 1;
  iv: string;
  tag: string;
  data: string;
  configured_at: Date;
}

const keyOf = (platformKey: string, schoolId: string): Buffer =>
  Buffer.from(crypto.hkdfSync('sha256', platformKey, 'escuelas-secretos', `cuenta:${schoolId}`, 32));

export function seal(platformKey: string, schoolId: string, secret: string, now = new Date()): SealedSecret {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(platformKey, schoolId), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return {
    v: 1,
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
    configured_at: now,
  };
}

/** The secret, or null when it does not open (another key, another school, a changed byte). */
export function unseal(platformKey: string, schoolId: string, sealed: SealedSecret): string | null {
  try {
    const decipher = crypto.createDecipheriv(
      'aes-256-gcm',
      keyOf(platformKey, schoolId),
      Buffer.from(sealed.iv, 'base64'),
    );
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
