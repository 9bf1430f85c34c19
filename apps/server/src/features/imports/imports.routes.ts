import {
  ErrorCode,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  questionExportQuerySchema,
  questionImportFieldsSchema,
  questionImportPreviewSchema,
  questionImportStatusSchema,
  SIMULADO_MESSAGES,
  simuladoExportQuerySchema,
} from '@estudai/contract';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { errorResponses, respond } from '../../lib/responses.ts';
import { uuidParam } from '../../lib/uuid.ts';
import type { ImportedImages } from '../../plugins/media.ts';
import { limitedBy } from '../../plugins/rate-limits.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import { type ExportFile, exportQuestions, exportSimulado } from './exports.service.ts';
import {
  confirmImport,
  importStatus,
  previewImport,
  type ReceivedImport,
  requireImporter,
  tooLarge,
} from './imports.service.ts';

const docs = apiDocs('imports');
const importParams = z.object({ id: uuidParam(IMPORT_MESSAGES.notFound) });
const simuladoParams = z.object({ id: uuidParam(SIMULADO_MESSAGES.notFound) });
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** The multipart form: `file`, `format`, `groupId?`, `as`; the file is held in memory (10 MB at most). */
async function receiveImport(request: FastifyRequest): Promise<ReceivedImport> {
  if (Number(request.headers['content-length'] ?? 0) > IMPORT_MAX_BYTES + FORM_OVERHEAD_BYTES)
    throw tooLarge();
  if (!request.isMultipart()) throw badRequest(IMPORT_MESSAGES.fileRequired, ErrorCode.validation);
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; fileName: string } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && !file)
          file = { bytes: await part.toBuffer(), fileName: part.filename ?? '' };
        else part.file.resume();
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (error instanceof AppError) throw error;
    throw badRequest(IMPORT_MESSAGES.fileRequired, ErrorCode.validation);
  }
  const parsed = questionImportFieldsSchema.safeParse({ ...fields, groupId: fields.groupId || undefined });
  if (!parsed.success) {
    throw badRequest(parsed.error.issues[0]?.message ?? IMPORT_MESSAGES.formatInvalid, ErrorCode.validation);
  }
  if (!file || file.bytes.length === 0) throw badRequest(IMPORT_MESSAGES.fileRequired, ErrorCode.validation);
  const fileName =
    file.fileName
      .split(/[\\/]/)
      .pop()
      ?.replace(/[^\p{L}\p{N} ._-]/gu, '')
      .slice(0, 150) ?? '';
  return { fields: parsed.data, bytes: file.bytes, fileName };
}

function sendFile(reply: FastifyReply, file: ExportFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.body);
}

export const importsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; images: ImportedImages }> = async (
  app,
  { ctx, images },
) => {
  // Only this plugin reads these multipart bodies, and only this small.
  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 8, headerPairs: 100 },
  });
  const guarded = { onRequest: requireVerified };

  app.post(
    '/question-imports',
    {
      ...guarded,
      config: limitedBy(ctx.config, 'writes'),
      schema: {
        ...docs.session(
          'previewQuestionImport',
          'Lê um arquivo de questões e mostra a prévia (multipart/form-data)',
        ),
        response: respond(questionImportPreviewSchema, 201),
      },
    },
    async (request, reply) => {
      const viewer = currentUser(request);
      // A student is refused before a byte of the file is read.
      requireImporter(viewer);
      const preview = await previewImport(ctx, viewer, await receiveImport(request), images);
      reply.code(201);
      return { data: preview };
    },
  );

  app.post(
    '/question-imports/:id/confirm',
    {
      ...guarded,
      config: limitedBy(ctx.config, 'writes'),
      schema: {
        ...docs.session(
          'confirmQuestionImport',
          'Confirma a importação: as questões são criadas em segundo plano',
        ),
        params: importParams,
        response: { 202: respond(questionImportStatusSchema)[200], ...errorResponses },
      },
    },
    async (request, reply) => {
      const status = await confirmImport(ctx, currentUser(request), request.params.id, images);
      reply.code(202);
      return { data: status };
    },
  );

  app.get(
    '/question-imports/:id',
    {
      ...guarded,
      schema: {
        ...docs.session('getQuestionImport', 'O andamento de uma importação'),
        params: importParams,
        response: respond(questionImportStatusSchema),
      },
    },
    async (request) => ({ data: await importStatus(ctx, currentUser(request), request.params.id) }),
  );

  app.get(
    '/question-exports',
    {
      ...guarded,
      schema: {
        ...docs.session(
          'exportQuestions',
          'Baixa as questões de um grupo (ou as suas) em Moodle XML ou GIFT',
        ),
        querystring: questionExportQuerySchema,
      },
    },
    async (request, reply) =>
      sendFile(reply, await exportQuestions(ctx, currentUser(request), request.query)),
  );

  app.get(
    '/simulados/:id/export',
    {
      ...guarded,
      schema: {
        ...docs.session('exportSimulado', 'Baixa as questões de um simulado em Moodle XML'),
        params: simuladoParams,
        querystring: simuladoExportQuerySchema,
      },
    },
    async (request, reply) =>
      sendFile(reply, await exportSimulado(ctx, currentUser(request), request.params.id)),
  );
};
