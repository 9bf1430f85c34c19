import {
  announcementSchema,
  classesQuerySchema,
  createAnnouncementInputSchema,
  createClassInputSchema,
  GROUP_MESSAGES,
  liveClassSchema,
} from '@estudai/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { apiDocs } from '../../lib/openapi.ts';
import { respond } from '../../lib/responses.ts';
import { uuidParam } from '../../lib/uuid.ts';
import { currentUser, requireVerified } from '../../plugins/session.ts';
import * as announcements from './announcements.service.ts';
import * as classes from './classes.service.ts';

const groupParams = z.object({ id: uuidParam(GROUP_MESSAGES.notFound) });
const classParams = groupParams.extend({ classId: z.string() });
const docs = apiDocs('teaching');

/** 'Avisos' and 'Agenda' of a group. */
export const agendaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guarded = { onRequest: requireVerified };

  app.get(
    '/study-groups/:id/announcements',
    {
      ...guarded,
      schema: {
        ...docs.session('listAnnouncements', 'Lista os avisos do grupo, o mais recente fixado no topo'),
        params: groupParams,
        response: respond(z.array(announcementSchema)),
      },
    },
    async (request) => ({
      data: await announcements.listAnnouncements(ctx, currentUser(request), request.params.id),
    }),
  );

  app.post(
    '/study-groups/:id/announcements',
    {
      ...guarded,
      schema: {
        ...docs.session('createAnnouncement', 'Publica um aviso fixado e notifica todos do grupo'),
        params: groupParams,
        body: createAnnouncementInputSchema,
        response: respond(announcementSchema, 201),
      },
    },
    async (request, reply) => {
      const created = await announcements.createAnnouncement(
        ctx,
        currentUser(request),
        request.params.id,
        request.body.content,
      );
      reply.code(201);
      return { data: created };
    },
  );

  app.get(
    '/study-groups/:id/classes',
    {
      ...guarded,
      schema: {
        ...docs.session('listClasses', 'Lista as aulas ao vivo do grupo (próximas ou passadas)'),
        params: groupParams,
        querystring: classesQuerySchema,
        response: respond(z.array(liveClassSchema)),
      },
    },
    async (request) => ({
      data: await classes.listClasses(ctx, currentUser(request), request.params.id, request.query.when),
    }),
  );

  app.post(
    '/study-groups/:id/classes',
    {
      ...guarded,
      schema: {
        ...docs.session('createClass', 'Agenda uma aula ao vivo e avisa todos do grupo'),
        params: groupParams,
        body: createClassInputSchema,
        response: respond(liveClassSchema, 201),
      },
    },
    async (request, reply) => {
      const created = await classes.createClass(ctx, currentUser(request), request.params.id, request.body);
      reply.code(201);
      return { data: created };
    },
  );

  app.get(
    '/study-groups/:id/classes/:classId/calendar.ics',
    {
      ...guarded,
      schema: {
        ...docs.session('downloadClassCalendar', 'Baixa a aula ao vivo como arquivo de calendário (.ics)'),
        params: classParams,
      },
    },
    async (request, reply) => {
      const { text, fileName } = await classes.classIcs(
        ctx,
        currentUser(request),
        request.params.id,
        request.params.classId,
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(text);
    },
  );
};
