// Where participants' photos are kept (DESIGN.md §2.11): local disk under DATA_DIR/uploads by
// default, served back by this server; Azure Blob Storage when a connection string is configured.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { azureContainerClient } from '../azure.ts';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../private-files.ts';
import type { Photo, PhotoStorage as PhotoPort } from '../../src/core/deps.ts';

export type StoredPhoto = Photo;

export interface PhotoStorage extends PhotoPort {
  readonly kind: 'local' | 'azure';
  /** Origin to allow in the CSP's img-src, when photos live elsewhere. */
  readonly origin: string | null;
}

export function randomPhotoName(ext: string): string {
  return `${crypto.randomBytes(16).toString('hex')}.${ext}`;
}

/** Names the local route accepts: exactly what randomPhotoName produces (no path tricks). */
export const LOCAL_PHOTO_NAME = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

export function localPhotoStorage(dir: string): PhotoStorage {
  return {
    kind: 'local',
    origin: null,
    async save(bytes, ext) {
      await makePrivateDir(dir);
      const name = randomPhotoName(ext);
      // 'wx': never overwrite, even in the unlikely case of a name collision.
      await fs.writeFile(path.join(dir, name), bytes, { flag: 'wx', mode: PRIVATE_FILE_MODE });
      return { name, url: `/uploads/${name}` };
    },
  };
}

export async function azurePhotoStorage(
  connectionString: string,
  containerName: string,
): Promise<PhotoStorage> {
  const container = await azureContainerClient(connectionString, containerName);
  // Photos are read by the school's staff and the parent's browser: public read of blobs only.
  await container.createIfNotExists({ access: 'blob' });
  return {
    kind: 'azure',
    origin: new URL(container.url).origin,
    async save(bytes, ext, mime) {
      const name = randomPhotoName(ext);
      const blob = container.getBlockBlobClient(name);
      await blob.uploadData(bytes, {
        blobHTTPHeaders: { blobContentType: mime, blobCacheControl: 'public, max-age=31536000, immutable' },
        conditions: { ifNoneMatch: '*' },
      });
      return { name, url: blob.url };
    },
  };
}
