// Participant photo rules (DESIGN.md §2.11), shared by the upload route, the browser and the mocks.

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

export const PHOTO_ALLOWED_TYPES = [
  { mime: 'image/jpeg', ext: 'jpg' },
  { mime: 'image/png', ext: 'png' },
  { mime: 'image/webp', ext: 'webp' },
] as const;

export const PHOTO_MESSAGES = {
  uploaded: 'Foto subida',
  missing: 'Debe adjuntar una foto en el campo "foto".',
  tooLarge: 'La foto no puede pesar más de 5 MB.',
  badType: 'El archivo no es una foto (JPEG, PNG o WebP).',
  /** Shown by the browser when an upload fails (spec 01 §8). */
  failed: 'Error al subir foto. Por favor vuelva a intentarlo.',
} as const;
