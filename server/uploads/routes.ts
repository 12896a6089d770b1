// POST /api/inscripciones/uploadtoazurecdn (multipart field `foto`) and GET /uploads/:name.
// Reading the multipart body is this adapter's; what a photo must be is src/core/photos.ts.
import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { perAccountKey } from '../auth/guards.ts';
import { ApiError, errorCode } from '../http/errors.ts';
import { LOCAL_PHOTO_NAME } from './storage.ts';
import { PHOTO_ALLOWED_TYPES, PHOTO_MAX_BYTES, PHOTO_MESSAGES } from '../../src/domain/photos.ts';
import { LOGO_RULES, savePhoto, type PictureRules } from '../../src/core/photos.ts';
import { assertRole } from '../../src/core/api/index.ts';
import { SCHOOL_SETTINGS_MESSAGES as M, settingsView } from '../../src/domain/school-settings.ts';
import { saveSchoolLogo, SettingsAnswer } from '../platform/settings-routes.ts';
import { schoolOfRequest } from '../platform/resolve.ts';
import { Type } from 'typebox';

const UploadAnswer = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  result: Type.String(),
});

/**
 * The first file of `field` in a multipart body (others drained), or undefined; a file over the
 * registered limit is refused with `messages.tooLarge`.
 */
async function filePart(
  request: FastifyRequest,
  field: string,
  messages: PictureRules['messages'],
): Promise<Buffer | undefined> {
  if (!request.isMultipart()) throw new ApiError(400, messages.missing);
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === field && !bytes) {
        bytes = await part.toBuffer();
      } else if (part.type === 'file') {
        part.file.resume();
      }
    }
  } catch (error) {
    if (errorCode(error) === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, messages.tooLarge);
    // A broken multipart body (no boundary, cut short, malformed part headers) has no file.
    request.log.warn({ err: error }, 'unreadable upload');
    throw new ApiError(400, messages.missing);
  }
  return bytes;
}

/** Each school's photos are its own: saved through its core, read from its folder (issue 46). */
export async function uploadRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  app.post(
    '/api/inscripciones/uploadtoazurecdn',
    {
      schema: { response: { 201: UploadAnswer } },
      onRequest: app.requireUser,
      config: { rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: perAccountKey } },
    },
    async (request, reply) => {
      const bytes = await filePart(request, 'foto', PHOTO_MESSAGES);
      const url = await savePhoto(schoolOfRequest(request).core.deps, request.account!._id, bytes);
      return reply.status(201).send({ success: true, message: PHOTO_MESSAGES.uploaded, result: url });
    },
  );

  // 'Ajustes de la escuela' (issue 55): the logo parents see, kept with the school's photos and
  // served from its folder like them; its address reaches its pages' runtime configuration.
  app.post(
    '/api/ajustes/escuela/logo',
    {
      schema: { response: { 200: SettingsAnswer } },
      onRequest: async (request) => {
        await app.requireAdmin(request);
        assertRole({ roles: ['administrador'] }, request.account!);
      },
    },
    async (request) => {
      const school = schoolOfRequest(request);
      const bytes = await filePart(request, 'logo', LOGO_RULES.messages);
      const url = await savePhoto(school.core.deps, request.account!._id, bytes, LOGO_RULES);
      const saved = await saveSchoolLogo(school, url, { user: request.account!, ip: request.ip });
      return { status: 'SUCCESS' as const, message: M.logoSaved, data: settingsView(saved) };
    },
  );

  // A school's own logo is its host's /logo.svg (the address every page and the boot preloader
  // show): the parents' scripts carry no address of it. Elsewhere, the site's file.
  app.get('/logo.svg', async (request, reply) => {
    const own = request.school?.branding.logoUrl ?? '';
    const name = own.startsWith('/uploads/') ? own.slice('/uploads/'.length) : '';
    const type = PHOTO_ALLOWED_TYPES.find((candidate) => name.endsWith(`.${candidate.ext}`));
    const file = request.school && name ? path.join(request.school.uploadsDir, name) : '';
    if (type && LOCAL_PHOTO_NAME.test(name) && fs.existsSync(file))
      return reply
        .type(type.mime)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-cache')
        .send(fs.createReadStream(file));
    // Photos kept in Azure: the logo's own address there.
    if (/^https:\/\//.test(own)) return reply.header('cache-control', 'no-cache').redirect(own);
    if (typeof reply.sendFile !== 'function') throw new ApiError(404, 'Logo no encontrado.');
    return reply.header('cache-control', 'public, max-age=3600').sendFile('logo.svg');
  });

  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const { name } = request.params;
    const type = PHOTO_ALLOWED_TYPES.find((candidate) => name.endsWith(`.${candidate.ext}`));
    const file = path.join(schoolOfRequest(request).uploadsDir, name);
    if (!LOCAL_PHOTO_NAME.test(name) || !type || !fs.existsSync(file)) {
      throw new ApiError(404, 'Foto no encontrada.');
    }
    return reply
      .type(type.mime)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('content-disposition', 'inline')
      .send(fs.createReadStream(file));
  });
}
