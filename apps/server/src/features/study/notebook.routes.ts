import {
  addNotebookEntrySchema,
  notebookEntrySchema,
  notebookExportQuerySchema,
  notebookQuerySchema,
  notebookSummarySchema,
  pageOf,
  STUDY_LOOP_MESSAGES,
  updateNotebookEntrySchema,
} from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { errorResponses, respond } from '../../lib/responses.ts';
import { uuidParam } from '../../lib/uuid.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import * as notebook from './notebook.service.ts';
import { exportNotebook } from './notebook-export.service.ts';

const entryParams = z.object({ id: uuidParam(STUDY_LOOP_MESSAGES.entryNotFound) });
const guarded = { onRequest: requireVerified };
const docs = apiDocs('study');

export const notebookRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/notebook',
    {
      ...guarded,
      schema: {
        ...docs.session('listNotebookEntries', 'Lista o caderno de erros'),
        querystring: notebookQuerySchema,
        response: { 200: pageOf(notebookEntrySchema), ...errorResponses },
      },
    },
    (request) => notebook.listEntries(ctx, currentUser(request), request.query),
  );

  app.get(
    '/notebook/summary',
    {
      ...guarded,
      schema: {
        ...docs.session('getNotebookSummary', 'Conta as questões do caderno por matéria'),
        response: respond(notebookSummarySchema),
      },
    },
    async (request) => ({
      data: await notebook.notebookSummary(ctx, currentUser(request)),
    }),
  );

  // Issue 42: the whole caderno as a file, for Anki (.apkg) or a spreadsheet (CSV).
  app.get(
    '/notebook/export',
    {
      ...guarded,
      schema: {
        ...docs.session('exportNotebook', 'Exporta o caderno de erros para o Anki (.apkg) ou CSV'),
        querystring: notebookExportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await exportNotebook(ctx, currentUser(request), request.query.format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  app.post(
    '/notebook',
    {
      ...guarded,
      schema: {
        ...docs.session('addNotebookEntry', 'Adiciona uma questão ao caderno de erros'),
        body: addNotebookEntrySchema,
        response: { ...respond(notebookEntrySchema, 201), 200: respond(notebookEntrySchema)[200] },
      },
    },
    async (request, reply) => {
      const { entry, created } = await notebook.addEntry(ctx, currentUser(request), request.body);
      reply.code(created ? 201 : 200);
      return { data: entry };
    },
  );

  app.patch(
    '/notebook/:id',
    {
      ...guarded,
      schema: {
        ...docs.session('updateNotebookNote', 'Escreve a anotação de uma questão do caderno'),
        params: entryParams,
        body: updateNotebookEntrySchema,
        response: respond(notebookEntrySchema),
      },
    },
    async (request) => ({
      data: await notebook.updateNote(ctx, currentUser(request), request.params.id, request.body.note),
    }),
  );

  app.delete(
    '/notebook/:id',
    {
      ...guarded,
      schema: {
        ...docs.session('removeNotebookEntry', 'Remove uma questão do caderno de erros'),
        params: entryParams,
        response: respond(z.object({ id: z.string() })),
      },
    },
    async (request) => {
      await notebook.removeEntry(ctx, currentUser(request), request.params.id);
      return { data: { id: request.params.id } };
    },
  );
};
