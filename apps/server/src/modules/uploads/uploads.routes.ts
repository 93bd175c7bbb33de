import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminImageUploadQuerySchema,
  errorResponseSchema,
  imageWidths,
  MAX_IMAGE_SIDE,
  uploadResponseSchema,
} from '@shop/shared';
import { DomainError, InvalidError } from '../../domain-errors.js';
import { rateLimited } from '../../plugins/rate-limit.js';
import { requireStaff } from '../../auth/require-staff.js';
import { currentUser } from '../../auth/current-user.js';
import { requireRegisteredUser } from '../../auth/authenticated-user.js';
import type { FileStorage } from './storage.js';
import { MAX_INPUT_PIXELS, UploadsService } from './uploads.service.js';

/** The multipart limits app.ts registers @fastify/multipart with: one file, no real fields. */
export const multipartLimits = (maxMegabytes: number) => ({
  files: 1,
  fileSize: maxMegabytes * 1024 * 1024,
  fields: 5,
  fieldSize: 1024,
  parts: 6,
});

const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code;

/**
 * The bytes of the file in the field `image`. Only that file is read; a file over the size
 * limit stops at the limit (the multipart reader truncates it and throws).
 */
async function readImageField(request: FastifyRequest, maxMegabytes: number): Promise<Buffer> {
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'image') {
      file?.file.resume();
      throw new InvalidError('errors.uploads.noFile');
    }
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (errorCode(error) === 'FST_REQ_FILE_TOO_LARGE')
      throw new InvalidError('errors.uploads.tooLarge', { values: { megabytes: maxMegabytes } });
    // Not multipart, or a malformed form.
    throw new InvalidError('errors.uploads.noFile');
  }
}

/** `storage`: the store of the configuration (`createFileStorage`), shared with /uploads/*. */
export const uploadsRoutes: FastifyPluginAsync<{ storage: FileStorage }> = async (
  instance,
  options,
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { env, database } = app.deps;
  const maxMegabytes = env.UPLOAD_MAX_MEGABYTES;
  const service = new UploadsService({
    db: database.db,
    storage: options.storage,
    maxMegabytes,
  });

  app.post(
    '/upload',
    {
      onRequest: app.authenticate,
      preHandler: [
        async (request) => requireRegisteredUser(currentUser(request)),
        ...rateLimited(app, ['upload-user', 'upload-ip']),
      ],
      schema: {
        tags: ['Reviews'],
        summary: 'Upload a review image',
        description:
          `A multipart form with one file in the field \`image\`, at most ${maxMegabytes} MB and ` +
          `${MAX_INPUT_PIXELS / 1_000_000} megapixels: JPEG, PNG, WebP, GIF, AVIF or TIFF, ` +
          `recognised by its content. The image is turned upright, scaled to at most ` +
          `${MAX_IMAGE_SIDE} px, stripped of EXIF (GPS) data and stored as WebP; the answer is ` +
          'its path as a JSON string, relative to the uploads location (`"/reviews/3f2a….webp"`, ' +
          'served at `/uploads/reviews/3f2a….webp`). Signed-in customers only (a guest gets 403).',
        consumes: ['multipart/form-data'],
        security: [{ bearerAuth: [] }],
        response: {
          200: uploadResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const data = await readImageField(request, maxMegabytes);
      const stored = await service.storeImage({ data, userId: user.id });
      // Fastify sends a string reply as it is, even as JSON; the contract answers a JSON string.
      return reply.type('application/json').send(JSON.stringify(stored));
    },
  );

  app.post(
    '/admin/images',
    {
      onRequest: app.authenticate,
      preHandler: requireStaff,
      schema: {
        tags: ['Back office'],
        summary: 'Upload a back-office image (ours)',
        description:
          'As `/api/upload`, for product, item and category pictures, slides, banners and the ' +
          "cleaning page's gallery (`folder`): one file in the field " +
          '`image`, checked by its content, turned upright, scaled, stripped of EXIF and stored ' +
          'as WebP; the answer is its path in the chosen folder, named after its width ' +
          '(`"/products/3f2a…_1200w.webp"`). It is stored at each of ' +
          `${imageWidths.join(', ')} px below its width as well, named so (\`…_640w.webp\`; ` +
          'never enlarged), for a `srcset` of exactly those. The back office sends several ' +
          'files as several calls. Owner and staff.',
        consumes: ['multipart/form-data'],
        security: [{ bearerAuth: [] }],
        querystring: adminImageUploadQuerySchema,
        response: {
          200: uploadResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const data = await readImageField(request, maxMegabytes);
      const { folder } = request.query;
      const stored = await service.storeImage({ data, userId: user.id, folder });
      return reply.type('application/json').send(JSON.stringify(stored));
    },
  );
};
