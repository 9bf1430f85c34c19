import {
  decideImageSchema,
  MEDIA_MAX_BYTES,
  MEDIA_MESSAGES,
  mediaPurposeSchema,
  moderatedImageSchema,
  uploadedMediaSchema,
} from '@estudai/contract';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, forbidden } from '../../lib/errors.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { respond } from '../../lib/responses.ts';
import { limitedBy } from '../../plugins/rate-limits.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import { decideImage, listImagesToReview } from './image-check.service.ts';
import { mediaTooLarge, uploadMedia } from './media.service.ts';

/** One file of at most 10 MB and the `purpose` field. */
const LIMITS = { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 2, fieldSize: 100, parts: 4, headerPairs: 100 };
/** Room for the form's boundaries and headers around the file. */
const FORM_OVERHEAD_BYTES = 16 * 1024;
const docs = apiDocs('media');
const invalidForm = () => badRequest(MEDIA_MESSAGES.fileMissing);

/** The image list and decisions are the moderators' (issue 43: anyone else gets a 403). */
async function requireModerator(request: FastifyRequest): Promise<void> {
  await requireVerified(request);
  if (currentUser(request).userType !== 'admin') throw forbidden(MEDIA_MESSAGES.moderatorsOnly);
}

const reviewQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  before: z.iso.datetime({ offset: true }).optional(),
});

/** Reads `purpose` and `file` in any order; the file is held in memory (10 MB at most). */
async function readUpload(request: FastifyRequest) {
  if (Number(request.headers['content-length'] ?? 0) > MEDIA_MAX_BYTES + FORM_OVERHEAD_BYTES) {
    throw mediaTooLarge();
  }
  if (!request.isMultipart()) throw invalidForm();
  let purpose: string | undefined;
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && !bytes) bytes = await part.toBuffer();
        else part.file.resume();
      } else if (part.fieldname === 'purpose' && typeof part.value === 'string') {
        purpose = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw mediaTooLarge();
    throw invalidForm();
  }
  const parsed = mediaPurposeSchema.safeParse(purpose);
  if (!parsed.success) throw badRequest(MEDIA_MESSAGES.purposeInvalid);
  if (!bytes?.length) throw invalidForm();
  return { purpose: parsed.data, bytes };
}

export const mediaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Only this plugin (and the materials') reads multipart bodies, and only this small.
  await app.register(multipart, { limits: LIMITS });

  app.post(
    '/media',
    {
      onRequest: requireVerified,
      config: limitedBy(ctx.config, 'mediaUploads'),
      schema: {
        ...docs.session('uploadMedia', 'Envia uma imagem ou um PDF (multipart/form-data: purpose, file)'),
        response: respond(uploadedMediaSchema, 201),
      },
    },
    async (request, reply) => {
      const { purpose, bytes } = await readUpload(request);
      const media = await uploadMedia(ctx, currentUser(request).id, purpose, bytes);
      reply.code(201);
      return { data: media };
    },
  );

  app.get(
    '/admin/images',
    {
      onRequest: requireModerator,
      schema: {
        ...docs.session('listImagesToReview', 'Lista as imagens sensíveis e bloqueadas à espera de revisão'),
        querystring: reviewQuerySchema,
        response: respond(z.array(moderatedImageSchema)),
      },
    },
    async (request) => {
      const { limit, before } = request.query;
      return {
        data: await listImagesToReview(ctx, { limit, before: before ? new Date(before) : undefined }),
      };
    },
  );

  app.post(
    '/admin/images/:key/decide',
    {
      onRequest: requireModerator,
      schema: {
        ...docs.session('decideImage', 'Decide uma imagem: ok, sensitive ou blocked'),
        params: z.object({ key: z.string().min(1).max(300) }),
        body: decideImageSchema,
        response: respond(moderatedImageSchema),
      },
    },
    async (request) => ({
      data: await decideImage(ctx, currentUser(request).id, request.params.key, request.body),
    }),
  );
};
