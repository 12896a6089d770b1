import { startAzurite } from '../testing/azurite.ts';
import { FIXTURE_PHOTO } from '../../src/core/checkout/fixtures.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build.ts';
import { PHOTO_MESSAGES } from '../../src/domain/photos.ts';
import { azurePhotoStorage } from './storage.ts';
import { expectRefused } from '../api-tests/testing.ts';

let t: TestApp;
afterEach(async () => t?.close());

// Tiny but real images: the magic bytes are what the server looks at.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64),
]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(32),
]);

/** A new app and a signed-in parent's token. */
async function parentToken() {
  t = await buildTestApp();
  return (await t.createUser()).token;
}

function form(field: string, bytes: Buffer, filename: string, type: string): FormData {
  const data = new FormData();
  data.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return data;
}

async function upload(token: string | undefined, payload: FormData | string) {
  return t.api({ method: 'POST', url: '/api/inscripciones/uploadtoazurecdn', token, payload });
}

describe('POST /api/inscripciones/uploadtoazurecdn (local disk)', () => {
  it.each([
    ['PNG', PNG, 'image/png', 'png'],
    ['JPEG', JPEG, 'image/jpeg', 'jpg'],
    ['WebP', WEBP, 'image/webp', 'webp'],
  ])(
    'stores a %s under a random name and serves it back with its type and nosniff',
    async (_name, bytes, mime, ext) => {
      t = await buildTestApp();
      const { token, user } = await t.createUser();
      // The browser's name and type are ignored: only the content counts.
      const res = await upload(token, form('foto', bytes, 'mi foto.exe', 'application/octet-stream'));
      expect(res.statusCode).toBe(201);
      const url: string = res.json().result;
      expect(res.json()).toMatchObject({ success: true, message: 'Foto subida' });
      expect(url).toMatch(new RegExp(`^/uploads/[0-9a-f]{32}\\.${ext}$`));
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(mime);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(bytes)).toBe(true);
      expect(await t.store.collection('uploads').findOne({ url })).toMatchObject({
        user_id: user._id,
        mime,
        size: bytes.length,
      });
    },
  );

  it('refuses a file that is not an image, whatever its name says', async () => {
    const token = await parentToken();
    const res = await upload(
      token,
      form('foto', Buffer.from('<svg onload="alert(1)"/>'), 'foto.png', 'image/png'),
    );
    expectRefused(res, 400, PHOTO_MESSAGES.badType);
    // Nothing but the test family's fixture photo.
    expect(await t.store.collection('uploads').count({ url: { $ne: FIXTURE_PHOTO } })).toBe(0);
  });

  it('refuses a photo over 5 MB with 413 and a Spanish message', async () => {
    const token = await parentToken();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(token, form('foto', big, 'grande.png', 'image/png'));
    expectRefused(res, 413, PHOTO_MESSAGES.tooLarge);
  });

  it('asks for the foto field when it is missing or the body is not multipart', async () => {
    const token = await parentToken();
    const wrongField = await upload(token, form('imagen', PNG, 'a.png', 'image/png'));
    expectRefused(wrongField, 400, PHOTO_MESSAGES.missing);
    const json = await t.api({
      method: 'POST',
      url: '/api/inscripciones/uploadtoazurecdn',
      token,
      payload: { foto: 'x' },
    });
    expectRefused(json, 400, PHOTO_MESSAGES.missing);
  });

  it('needs a signed-in user', async () => {
    t = await buildTestApp();
    const res = await upload(undefined, form('foto', PNG, 'a.png', 'image/png'));
    expect(res.statusCode).toBe(401);
  });

  it('serves nothing but stored photo names', async () => {
    t = await buildTestApp();
    for (const url of [
      '/uploads/..%2F..%2Fjwt-secret',
      '/uploads/abc.png',
      `/uploads/${'a'.repeat(32)}.png`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});

// Azure Blob Storage, tested against Azurite (Microsoft's emulator, from npm) on loopback.
describe('Azure Blob Storage adapter (Azurite)', () => {
  let azurite: Awaited<ReturnType<typeof startAzurite>>;
  let connectionString: string;

  beforeAll(async () => {
    azurite = await startAzurite();
    connectionString = azurite.connectionString;
  }, 20_000);

  afterAll(() => {
    azurite?.stop();
  });

  it('uploads through the API into a blob the browser can load, with its content type', async () => {
    const storage = await azurePhotoStorage(connectionString, 'fotos-prueba');
    t = await buildTestApp({
      AZURE_STORAGE_CONNECTION_STRING: connectionString,
      AZURE_STORAGE_CONTAINER: 'fotos-prueba',
    });
    const { token } = await t.createUser();
    const res = await upload(token, form('foto', PNG, 'a.png', 'image/png'));
    expect(res.statusCode).toBe(201);
    const url: string = res.json().result;
    expect(
      url.startsWith(
        `${new URL(connectionString.split('BlobEndpoint=')[1]!).origin}/devstoreaccount1/fotos-prueba/`,
      ),
    ).toBe(true);
    const fetched = await fetch(url);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await fetched.arrayBuffer()).equals(PNG)).toBe(true);
    // The CSP lets the page show photos from the blob host.
    const page = await t.app.inject({ method: 'GET', url: '/calendario' });
    expect(String(page.headers['content-security-policy'])).toContain(storage.origin!);
  });
});
