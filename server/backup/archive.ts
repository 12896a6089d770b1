// The backup archive (issue 27): a tar of the school's data folder, gzipped and encrypted with
// AES-256-GCM under a key derived from BACKUP_KEY (scrypt, a salt per archive), with a SHA-256
// checksum of everything before it at the end. Laid out as:
//   one JSON line (format, app version, date, salt, iv, a check of the key) · the ciphertext ·
//   GCM's 16-byte tag · the 32-byte SHA-256 of all of the above.
// The checksum tells a damaged or cut archive from a wrong key before anything is decrypted; the
// tag then proves the contents are the ones written. tar-stream writes and reads the tar.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import { makePrivateDir } from '../private-files.ts';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { BACKUP_MESSAGES } from '../../src/domain/backup.ts';

const FORMAT = 'escuela-respaldo';
const TAG_BYTES = 16;
const SUM_BYTES = 32;
const HEADER_MAX = 4096;

/** A refusal to read an archive, in Spanish (the restore command prints it as it is). */
export class BackupError extends Error {}

/** One file of the archive: bytes in hand, or a file on disk streamed in. */
export type ArchiveEntry = { name: string; data: Buffer } | { name: string; file: string; size: number };

interface Header {
  format: string;
  version: 1;
  app_version: string;
  created_at: string;
  salt: string;
  iv: string;
  check: string;
}

const deriveKey = (secret: string, salt: Buffer) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(secret, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
/** Proves the key without decrypting: a wrong key is told as such, not as damage. */
const keyCheck = (key: Buffer) => createHmac('sha256', key).update(FORMAT).digest('base64');

/** Writes the archive to `dest` (through a '.part' file renamed at the end); answers its size. */
export async function writeArchive(
  dest: string,
  entries: ArchiveEntry[],
  options: { secret: string; appVersion: string; createdAt: Date },
): Promise<{ size: number }> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const key = await deriveKey(options.secret, salt);
  const header: Header = {
    format: FORMAT,
    version: 1,
    app_version: options.appVersion,
    created_at: options.createdAt.toISOString(),
    salt: salt.toString('base64'),
    iv: iv.toString('base64'),
    check: keyCheck(key),
  };
  await mkdir(path.dirname(dest), { recursive: true });
  const part = `${dest}.part`;
  const out = createWriteStream(part, { mode: 0o600 });
  const sum = createHash('sha256');
  let size = 0;
  const write = (bytes: Buffer) =>
    new Promise<void>((resolve, reject) => {
      sum.update(bytes);
      size += bytes.length;
      out.write(bytes, (error) => (error ? reject(error) : resolve()));
    });
  try {
    await write(Buffer.from(`${JSON.stringify(header)}\n`));
    const pack = tar.pack();
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        write(chunk).then(() => done(), done);
      },
    });
    const packing = (async () => {
      for (const entry of entries) {
        if ('data' in entry) {
          await new Promise<void>((resolve, reject) =>
            pack.entry({ name: entry.name, size: entry.data.length, mode: 0o600 }, entry.data, (error) =>
              error ? reject(error) : resolve(),
            ),
          );
        } else {
          const stream = pack.entry({ name: entry.name, size: entry.size, mode: 0o600 });
          await pipeline(
            createReadStream(entry.file, { start: 0, end: Math.max(entry.size - 1, 0) }),
            stream,
          );
        }
      }
      pack.finalize();
    })();
    await Promise.all([pipeline(pack, createGzip(), cipher, sink), packing]);
    await write(cipher.getAuthTag());
    const digest = sum.digest();
    await new Promise<void>((resolve, reject) =>
      out.end(digest, (error?: Error | null) => (error ? reject(error) : resolve())),
    );
    size += digest.length;
    const handle = await open(part, 'r');
    await handle.sync().finally(() => handle.close());
    await rename(part, dest);
    return { size };
  } catch (error) {
    out.destroy();
    await unlink(part).catch(() => undefined);
    throw error;
  }
}

/** The archive's header, once its checksum and the key are proven; refusals in Spanish. */
export async function checkArchive(
  file: string,
  secret: string,
): Promise<{ header: Header; headerBytes: number; size: number; key: Buffer; tag: Buffer }> {
  const size = (await stat(file)).size;
  const handle = await open(file, 'r');
  let header: Header;
  let headerBytes: number;
  let tag: Buffer;
  try {
    const first = Buffer.alloc(Math.min(HEADER_MAX, size));
    await handle.read(first, 0, first.length, 0);
    const end = first.indexOf(0x0a);
    try {
      header = JSON.parse(first.subarray(0, end).toString('utf8')) as Header;
    } catch {
      throw new BackupError(BACKUP_MESSAGES.notAnArchive);
    }
    if (end < 0 || header.format !== FORMAT || header.version !== 1)
      throw new BackupError(BACKUP_MESSAGES.notAnArchive);
    headerBytes = end + 1;
    if (size < headerBytes + TAG_BYTES + SUM_BYTES) throw new BackupError(BACKUP_MESSAGES.checksum);
    const trailer = Buffer.alloc(TAG_BYTES + SUM_BYTES);
    await handle.read(trailer, 0, trailer.length, size - trailer.length);
    tag = trailer.subarray(0, TAG_BYTES);
    const expected = trailer.subarray(TAG_BYTES);
    const sum = createHash('sha256');
    if (size > SUM_BYTES)
      await pipeline(createReadStream(file, { start: 0, end: size - SUM_BYTES - 1 }), sum);
    if (!timingSafeEqual(sum.digest(), expected)) throw new BackupError(BACKUP_MESSAGES.checksum);
  } finally {
    await handle.close();
  }
  const key = await deriveKey(secret, Buffer.from(header.salt, 'base64'));
  const check = Buffer.from(keyCheck(key));
  const stored = Buffer.from(header.check);
  if (check.length !== stored.length || !timingSafeEqual(check, stored))
    throw new BackupError(BACKUP_MESSAGES.wrongKey);
  return { header, headerBytes, size, key, tag };
}

/** A tar entry's name as a path inside `dir`, or null when it would land outside it. */
function inside(dir: string, name: string): string | null {
  const target = path.resolve(dir, name);
  return target.startsWith(dir + path.sep) ? target : null;
}

/**
 * Checks the archive, then writes its files into `dir` (which should be empty). Answers the
 * archive's header and the names it wrote.
 */
export async function extractArchive(
  file: string,
  secret: string,
  dir: string,
): Promise<{ header: Header; names: string[] }> {
  const { header, headerBytes, size, key, tag } = await checkArchive(file, secret);
  const root = path.resolve(dir);
  await makePrivateDir(root);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(header.iv, 'base64'));
  decipher.setAuthTag(tag);
  const extract = tar.extract();
  const names: string[] = [];
  extract.on('entry', (entry, stream, next) => {
    const target = entry.type === 'file' ? inside(root, entry.name) : null;
    if (!target) {
      stream.resume();
      stream.on('end', next);
      return;
    }
    names.push(entry.name);
    makePrivateDir(path.dirname(target))
      .then(() => pipeline(stream, createWriteStream(target, { mode: 0o600 })))
      .then(() => next(), next);
  });
  try {
    await pipeline(
      createReadStream(file, { start: headerBytes, end: size - TAG_BYTES - SUM_BYTES - 1 }),
      decipher,
      createGunzip(),
      new PassThrough(),
      extract,
    );
  } catch (error) {
    // The checksum matched, so a failing tag or gzip means the archive was altered and re-summed.
    if (error instanceof BackupError) throw error;
    throw new BackupError(BACKUP_MESSAGES.checksum);
  }
  return { header, names };
}
