import {
  dueCardsSchema,
  dueQuerySchema,
  reminderSettingsSchema,
  reviewInputSchema,
  reviewResultSchema,
  STUDY_LOOP_MESSAGES,
  undoReviewResultSchema,
} from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { errorResponses, respond } from '../../lib/responses.ts';
import { uuidParam } from '../../lib/uuid.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import type { FlashcardReviews } from './flashcard-reviews.ts';
import { getReminder, setReminder } from './reminders.service.ts';
import { listDue, reviewEntry, undoReview } from './reviews.service.ts';

const entryParams = z.object({ entryId: uuidParam(STUDY_LOOP_MESSAGES.entryNotFound) });
const reviewParams = entryParams.extend({ clientId: uuidParam(STUDY_LOOP_MESSAGES.reviewNotFound) });
const guarded = { onRequest: requireVerified };
const docs = apiDocs('study');

/** `flashcards`: the decks' cards (issue 42), listed and reviewed beside the caderno's entries. */
export const reviewsRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  flashcards?: FlashcardReviews;
}> = async (app, { ctx, flashcards }) => {
  app.get(
    '/reviews/due',
    {
      ...guarded,
      schema: {
        ...docs.session('listDueReviews', 'Lista as questões e os cartões a revisar agora'),
        querystring: dueQuerySchema,
        response: { 200: dueCardsSchema, ...errorResponses },
      },
    },
    (request) => listDue(ctx, currentUser(request), request.query.limit, flashcards),
  );

  app.get(
    '/reviews/reminder',
    {
      ...guarded,
      schema: {
        ...docs.session('getReviewReminder', 'Mostra o lembrete diário de revisão'),
        response: respond(reminderSettingsSchema),
      },
    },
    async (request) => ({
      data: await getReminder(ctx, currentUser(request)),
    }),
  );

  app.put(
    '/reviews/reminder',
    {
      ...guarded,
      schema: {
        ...docs.session('setReviewReminder', 'Liga, desliga ou muda a hora do lembrete diário'),
        body: reminderSettingsSchema,
        response: respond(reminderSettingsSchema),
      },
    },
    async (request) => ({ data: await setReminder(ctx, currentUser(request), request.body) }),
  );

  app.post(
    '/reviews/:entryId',
    {
      ...guarded,
      schema: {
        ...docs.session(
          'reviewNotebookEntry',
          'Registra uma revisão (FSRS) de uma questão do caderno ou de um cartão',
        ),
        params: entryParams,
        body: reviewInputSchema,
        response: { ...respond(reviewResultSchema, 201), 200: respond(reviewResultSchema)[200] },
      },
    },
    async (request, reply) => {
      const viewer = currentUser(request);
      const { entryId } = request.params;
      const result =
        (await flashcards?.review(viewer, entryId, request.body)) ??
        (await reviewEntry(ctx, viewer, entryId, request.body));
      reply.code(result.applied ? 201 : 200);
      return { data: result };
    },
  );

  app.delete(
    '/reviews/:entryId/:clientId',
    {
      ...guarded,
      schema: {
        ...docs.session('undoReview', 'Desfaz uma revisão: o cartão volta ao estado anterior'),
        params: reviewParams,
        response: respond(undoReviewResultSchema),
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      const { entryId, clientId } = request.params;
      const undone =
        (await flashcards?.undo(viewer, entryId, clientId)) ??
        (await undoReview(ctx, viewer, entryId, clientId));
      return { data: undone };
    },
  );
};
