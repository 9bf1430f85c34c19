import {
  cardSuggestionInputSchema,
  cardSuggestionSchema,
  DECK_IMPORT_MAX_BYTES,
  DECK_MESSAGES,
  deckSchema,
  decksListSchema,
  ErrorCode,
  importDeckResultSchema,
  shareDeckInputSchema,
} from '@estudai/contract';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
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
import * as decks from './decks.service.ts';

const M = DECK_MESSAGES;
const deckParams = z.object({ id: uuidParam(M.deckNotFound) });
const cardParams = z.object({ id: uuidParam(M.cardNotFound) });
const suggestionParams = z.object({ id: uuidParam(M.suggestionNotFound) });
const guarded = { onRequest: requireVerified };
const docs = apiDocs('decks');
/** Room for the form's boundary and headers around the file. */
const FORM_OVERHEAD_BYTES = 16 * 1024;

const tooLarge = () => new AppError(413, ErrorCode.tooLarge, M.tooLarge);

/** The one `file` part of the form, in memory (10 MB at most: refused past that, 413). */
async function receiveApkg(request: FastifyRequest): Promise<{ bytes: Uint8Array; fileName?: string }> {
  if (Number(request.headers['content-length'] ?? 0) > DECK_IMPORT_MAX_BYTES + FORM_OVERHEAD_BYTES) {
    throw tooLarge();
  }
  if (!request.isMultipart()) throw badRequest(M.fileRequired);
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw tooLarge();
      return { bytes, fileName: part.filename };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw badRequest(M.fileRequired);
  }
  throw badRequest(M.fileRequired);
}

/** `images`: media's port (app.ts) that stores an imported card's images as the importer's uploads. */
export const decksRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; images: ImportedImages }> = async (
  app,
  { ctx, images },
) => {
  await app.register(multipart, {
    limits: {
      fileSize: DECK_IMPORT_MAX_BYTES,
      files: 1,
      fields: 2,
      fieldSize: 1024,
      parts: 4,
      headerPairs: 100,
    },
  });

  app.post(
    '/decks/import',
    {
      ...guarded,
      config: limitedBy(ctx.config, 'writes'),
      schema: {
        ...docs.session('importDeck', 'Importa um baralho do Anki (.apkg, multipart/form-data)'),
        response: { 201: importDeckResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const viewer = currentUser(request);
      const { bytes, fileName } = await receiveApkg(request);
      const result = await decks.importDeck(ctx, viewer, bytes, fileName, images);
      reply.code(201);
      return result;
    },
  );

  app.get(
    '/decks',
    {
      ...guarded,
      schema: {
        ...docs.session('listDecks', 'Lista os baralhos de cartões (seus e os dos seus grupos)'),
        response: { 200: decksListSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await decks.listDecks(ctx, currentUser(request)) }),
  );

  app.post(
    '/decks/:id/share',
    {
      ...guarded,
      schema: {
        ...docs.session('shareDeck', 'Compartilha um baralho com um grupo que você ensina'),
        params: deckParams,
        body: shareDeckInputSchema,
        response: respond(deckSchema),
      },
    },
    async (request) => {
      const deck = await decks.shareDeckWithGroup(
        ctx,
        currentUser(request),
        request.params.id,
        request.body.groupId,
      );
      if (!deck) throw badRequest(M.deckNotFound);
      return { data: deck };
    },
  );

  app.delete(
    '/decks/:id',
    {
      ...guarded,
      schema: {
        ...docs.session('deleteDeck', 'Exclui um baralho seu (e seus cartões)'),
        params: deckParams,
        response: respond(z.object({ id: z.string() })),
      },
    },
    async (request) => {
      await decks.deleteDeck(ctx, currentUser(request), request.params.id, images);
      return { data: { id: request.params.id } };
    },
  );

  app.get(
    '/decks/:id/suggestions',
    {
      ...guarded,
      schema: {
        ...docs.session('listCardSuggestions', 'Lista as sugestões de edição pendentes de um baralho'),
        params: deckParams,
        response: respond(z.array(cardSuggestionSchema)),
      },
    },
    async (request) => ({ data: await decks.listSuggestions(ctx, currentUser(request), request.params.id) }),
  );

  app.post(
    '/cards/:id/suggestions',
    {
      ...guarded,
      config: limitedBy(ctx.config, 'writes'),
      schema: {
        ...docs.session('suggestCardEdit', 'Sugere uma edição de um cartão compartilhado'),
        params: cardParams,
        body: cardSuggestionInputSchema,
        response: respond(cardSuggestionSchema, 201),
      },
    },
    async (request, reply) => {
      const suggestion = await decks.suggestEdit(ctx, currentUser(request), request.params.id, request.body);
      reply.code(201);
      return { data: suggestion };
    },
  );

  for (const [action, decision] of [
    ['accept', 'accepted'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/card-suggestions/:id/${action}`,
      {
        ...guarded,
        schema: {
          ...docs.session(
            action === 'accept' ? 'acceptCardSuggestion' : 'rejectCardSuggestion',
            action === 'accept' ? 'Aceita uma sugestão de edição' : 'Recusa uma sugestão de edição',
          ),
          params: suggestionParams,
          response: respond(cardSuggestionSchema),
        },
      },
      async (request) => ({
        data: await decks.answerSuggestion(ctx, currentUser(request), request.params.id, decision),
      }),
    );
  }
};
