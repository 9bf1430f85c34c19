import {
  GROUP_MESSAGES,
  materialSchema,
  pageOf,
  pageQuerySchema,
  updateMaterialInputSchema,
} from '@estudai/contract';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { errorResponses, respond } from '../../lib/responses.ts';
import { uuidParam } from '../../lib/uuid.ts';
import { limitedBy } from '../../plugins/rate-limits.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import { attachmentDisposition } from './materials.present.ts';
import * as materials from './materials.service.ts';
import { MATERIAL_MULTIPART_LIMITS, receiveMaterial, sweepStaleUploads } from './materials.upload.ts';

const groupParams = z.object({ id: uuidParam(GROUP_MESSAGES.notFound) });
const materialParams = groupParams.extend({ materialId: uuidParam(GROUP_MESSAGES.materialNotFound) });
const deletedSchema = z.object({ id: z.string() });
const docs = apiDocs('materials');

export const materialsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Only this plugin reads multipart bodies, and only this small.
  await app.register(multipart, { limits: MATERIAL_MULTIPART_LIMITS });
  await sweepStaleUploads(ctx.config.dataDir, ctx.clock().getTime());
  const guarded = { onRequest: requireVerified };

  app.get(
    '/study-groups/:id/materials',
    {
      ...guarded,
      schema: {
        ...docs.session('listMaterials', 'Lista os materiais de um grupo'),
        params: groupParams,
        querystring: pageQuerySchema,
        response: { 200: pageOf(materialSchema), ...errorResponses },
      },
    },
    (request) => materials.listMaterials(ctx, currentUser(request), request.params.id, request.query),
  );

  app.post(
    '/study-groups/:id/materials',
    {
      ...guarded,
      config: limitedBy(ctx.config, 'writes'),
      schema: {
        ...docs.session('uploadMaterial', 'Envia um material em PDF (multipart/form-data)'),
        params: groupParams,
        response: respond(materialSchema, 201),
      },
    },
    async (request, reply) => {
      const viewer = currentUser(request);
      // Who may upload is decided before a single byte of the file is read.
      const access = await materials.requireMaterialManager(ctx, viewer, request.params.id);
      const received = await receiveMaterial(request, ctx.config.dataDir);
      const material = await materials.createMaterial(ctx, viewer, access, received);
      reply.code(201);
      return { data: material };
    },
  );

  app.get(
    '/study-groups/:id/materials/:materialId/download',
    {
      ...guarded,
      schema: { ...docs.session('downloadMaterial', 'Baixa o PDF de um material'), params: materialParams },
    },
    async (request, reply) => {
      const { id, materialId } = request.params;
      const file = await materials.openDownload(ctx, currentUser(request), id, materialId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', file.size)
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  app.patch(
    '/study-groups/:id/materials/:materialId',
    {
      ...guarded,
      schema: {
        ...docs.session('updateMaterial', 'Atualiza um material'),
        params: materialParams,
        body: updateMaterialInputSchema,
        response: respond(materialSchema),
      },
    },
    async (request) => {
      const { id, materialId } = request.params;
      return {
        data: await materials.updateMaterial(ctx, currentUser(request), id, materialId, request.body),
      };
    },
  );

  app.delete(
    '/study-groups/:id/materials/:materialId',
    {
      ...guarded,
      schema: {
        ...docs.session('deleteMaterial', 'Remove um material'),
        params: materialParams,
        response: respond(deletedSchema),
      },
    },
    async (request) => {
      const { id, materialId } = request.params;
      await materials.deleteMaterial(ctx, currentUser(request), id, materialId);
      return { data: { id: materialId } };
    },
  );
};
