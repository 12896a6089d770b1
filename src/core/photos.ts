// A participant's photo (spec 01 §4): the type comes from the file's content (file-type reads the
// magic bytes), never from its name or the browser's word; the photo goes to the storage port and
// a record of it to 'uploads'.
import { fileTypeFromBuffer } from 'file-type/core';
import { ApiError } from './errors.ts';
import type { CoreDeps } from './deps.ts';
import type { Store } from './store/port.ts';
import { PHOTO_ALLOWED_TYPES, PHOTO_MAX_BYTES, PHOTO_MESSAGES } from '../domain/photos.ts';
import { LOGO_MAX_BYTES, SCHOOL_SETTINGS_MESSAGES as M } from '../domain/school-settings.ts';

/** A picture's bound and its refusals: a participant's photo, or a school's logo (issue 55). */
export interface PictureRules {
  maxBytes: number;
  messages: { missing: string; tooLarge: string; badType: string };
}

const PHOTO_RULES: PictureRules = { maxBytes: PHOTO_MAX_BYTES, messages: PHOTO_MESSAGES };

/** A school's logo (issue 55): the photos' types, a smaller bound. */
export const LOGO_RULES: PictureRules = {
  maxBytes: LOGO_MAX_BYTES,
  messages: { missing: M.logoMissing, tooLarge: M.logoTooLarge, badType: M.logoBadType },
};

export async function savePhoto(
  { store, photos }: Pick<CoreDeps, 'store' | 'photos'>,
  userId: string,
  bytes: Uint8Array | undefined,
  { maxBytes, messages }: PictureRules = PHOTO_RULES,
): Promise<string> {
  if (!bytes || bytes.length === 0) throw new ApiError(400, messages.missing);
  if (bytes.length > maxBytes) throw new ApiError(413, messages.tooLarge);
  const detected = await fileTypeFromBuffer(bytes);
  const allowed = PHOTO_ALLOWED_TYPES.find((type) => type.mime === detected?.mime);
  if (!allowed) throw new ApiError(400, messages.badType);
  const photo = await photos.save(bytes, allowed.ext, allowed.mime);
  await store.collection('uploads').insertOne({
    name: photo.name,
    url: photo.url,
    mime: allowed.mime,
    size: bytes.length,
    storage: photos.kind,
    user_id: userId,
    created_at: new Date(),
  });
  return photo.url;
}

/**
 * Which of these addresses are photos the account uploaded (issue 43: a participant's photo; issue
 * 53: an account's picture): not an outside address, not a script, not a path into the server, not
 * another account's photo. One read for all of them.
 */
export async function ownPhotos(
  store: Store,
  userIds: string | readonly string[],
  urls: readonly string[],
): Promise<Set<string>> {
  const owners = typeof userIds === 'string' ? [userIds] : [...userIds];
  const own = await store
    .collection<{ _id: string; url: string }>('uploads')
    .find({ user_id: { $in: owners }, url: { $in: [...new Set(urls)] } });
  return new Set(own.map((upload) => upload.url));
}
