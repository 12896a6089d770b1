// Randomness and digests on Web Crypto, which Node and browsers both have: the services run on
// the server and, in mock mode, in the browser.

const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** Plain base64 of any size (an e-mail attachment), in chunks: one spread call has an argument limit. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** An unguessable token of `bytes` random bytes, base64url. */
export const randomToken = (bytes = 32): string => base64url(crypto.getRandomValues(new Uint8Array(bytes)));

/** A uniform random integer in [min, max) (rejection sampling: no modulo bias). */
export function randomInt(min: number, max: number): number {
  const range = max - min;
  const limit = Math.floor(0x1_0000_0000 / range) * range;
  for (;;) {
    const [value] = crypto.getRandomValues(new Uint32Array(1));
    if (value! < limit) return min + (value! % range);
  }
}

/** Random bytes as upper-case hex. */
export const randomHex = (bytes: number): string =>
  [...crypto.getRandomValues(new Uint8Array(bytes))]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();

/** SHA-256 of a text, lower-case hex. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
