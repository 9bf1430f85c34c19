import path from 'node:path';
import zlib from 'node:zlib';
import { ErrorCode, SHUTDOWN_MESSAGE } from '@estudai/contract';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import underPressure from '@fastify/under-pressure';
import Fastify, { type FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { type Database, openDatabase } from './db/client.ts';
import { DomainEventBus } from './events/events.ts';
import { authRoutes, registerAuthJobs, SessionStore } from './features/auth/index.ts';
import { chatRoutes } from './features/chat/index.ts';
import { decksRoutes, flashcardReviews } from './features/decks/index.ts';
import { subscribeEnforcement } from './features/enforcement/index.ts';
import { essaysRoutes, registerEssayJobs } from './features/essays/index.ts';
import { forumRoutes } from './features/forum/index.ts';
import { groupsRoutes } from './features/groups/index.ts';
import { guardiansRoutes, PresenceRecorder } from './features/guardians/index.ts';
import { healthRoutes } from './features/health/index.ts';
import { hiddenWordsRoutes } from './features/hidden-words/index.ts';
import { importsRoutes, registerImportJobs } from './features/imports/index.ts';
import { materialsRoutes, registerMaterialPurgeJobs } from './features/materials/index.ts';
import {
  imageModerationQueue,
  importedImages,
  mediaReadCheck,
  mediaRoutes,
  registerMediaJobs,
  subscribeMedia,
} from './features/media/index.ts';
import {
  newVapidKeys,
  notificationsRoutes,
  registerLeagueJobs,
  registerNotificationJobs,
  registerStudyReminderJobs,
  subscribeNotifications,
} from './features/notifications/index.ts';
import { paymentsRoutes } from './features/payments/index.ts';
import { commentsRoutes, FeedCache, postsRoutes, sharedPostMeta } from './features/posts/index.ts';
import { practiceRoutes, resolutionsRoutes } from './features/practice/index.ts';
import { privacyRoutes, registerPrivacyJobs } from './features/privacy/index.ts';
import { appealsRoutes, moderationRoutes, moderatorRoutes, reportsRoutes } from './features/reports/index.ts';
import { roomsRoutes } from './features/rooms/index.ts';
import { searchRoutes } from './features/search/index.ts';
import { registerSimuladoJobs, simuladosRoutes, subscribeSimulados } from './features/simulados/index.ts';
import {
  notebookRoutes,
  questionReportsRoutes,
  questionsRoutes,
  reviewsRoutes,
  studyRoutes,
  subscribeStudy,
} from './features/study/index.ts';
import {
  registerClassReminderJobs,
  registerRenewalReminderJobs,
  teachingRoutes,
} from './features/teaching/index.ts';
import { subscribeUsers, usersRoutes } from './features/users/index.ts';
import { videosRoutes } from './features/videos/index.ts';
import { waitlistRoutes } from './features/waitlist/index.ts';
import { BackgroundTasks } from './lib/background.ts';
import { BROTLI_QUALITY, ENCODINGS, JSON_GZIP_OPTIONS } from './lib/precompressed.ts';
import { OPENAPI_DEFINITION } from './openapi.ts';
import { createMessageBus } from './plugins/bus.ts';
import { errorsPlugin, frameworkErrorReply } from './plugins/errors.ts';
import { Jobs } from './plugins/jobs.ts';
import { createMailer, type Mailer } from './plugins/mailer.ts';
import { mediaPlugin } from './plugins/media.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { originCheckPlugin } from './plugins/origin-check.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import { createRealtime } from './plugins/realtime.ts';
import { createRobotCheck } from './plugins/robot-check.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { sessionPlugin } from './plugins/session.ts';
import { derivedKey, shareSecrets } from './plugins/shared-secrets.ts';
import { createObjectStore, type ObjectStore } from './plugins/storage.ts';
import { textInputPlugin } from './plugins/text-input.ts';
import { webPlugin } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Shutdown begins: new requests get 503 in pt-BR (main.ts, before `close()` waits for the ones in flight). */
    beginShutdown(): void;
  }
}

export interface AppDeps {
  database?: Database;
  mailer?: Mailer;
  /** Outbound HTTP to the payment provider; tests pass a fake (there is no internet there). */
  fetch?: typeof fetch;
  /** The clock services read (simulado windows and timers); tests pass a fake one. */
  clock?: () => Date;
  /** Where files are kept; default: from `config.storage`. */
  storage?: ObjectStore;
}

/** The whole server: plugins and feature routes. `main.ts` listens with it; tests inject into it. */
export async function buildApp(config: Config, deps: AppDeps = {}) {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.cookie', 'res.headers["set-cookie"]'] },
    trustProxy: config.trustProxy,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    forceCloseConnections: 'idle',
    // Closing, the hook below answers new requests itself, in the envelope.
    return503OnClosing: false,
    frameworkErrors: (error, _request, reply) => {
      const { status, body } = frameworkErrorReply(error);
      (reply as FastifyReply).code(status).send(body);
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    deps.database ??
    (await openDatabase(config, (error) => app.log.warn({ err: error }, 'idle database connection lost')));
  // Issue 37: the keys every node must share (list cursors, push), from the environment or the database.
  await shareSecrets(database.db, config.dataDir, [
    { name: 'cursor-hmac-key', fromEnv: config.cursorHmacKey && derivedKey(config.cursorHmacKey, 'feed') },
    {
      name: 'list-cursor-hmac-key',
      fromEnv: config.cursorHmacKey && derivedKey(config.cursorHmacKey, 'lists'),
    },
    {
      name: 'vapid-keys',
      fromEnv: config.vapidKeys && JSON.stringify(config.vapidKeys),
      generate: newVapidKeys,
    },
  ]);
  const bus = await createMessageBus({
    redisUrl: config.redisUrl,
    keyPrefix: config.redisKeyPrefix,
    log: app.log,
  });
  const clock = deps.clock ?? (() => new Date());
  const sessions = new SessionStore(database.db, config.sessionCacheMs, clock);
  const feedCache = new FeedCache({ maxPages: config.feedCachePages, maxAgeMs: config.feedCacheMaxAgeMs });
  // The memories follow the data: each listens to the events it cares about, from every process.
  sessions.listen(bus);
  feedCache.listen(bus);
  const tasks = new BackgroundTasks(app.log);
  const ctx: AppContext = {
    config,
    database,
    sessions,
    feedCache,
    bus,
    events: new DomainEventBus(database, app.log, clock),
    storage: deps.storage ?? createObjectStore(config.storage, config.dataDir),
    mailer:
      deps.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: path.join(config.dataDir, 'outbox'),
        log: app.log,
      }),
    tasks,
    jobs: new Jobs(database, config.jobs, app.log, tasks),
    realtime: await createRealtime(app, { config, sessions, log: app.log }),
    robotCheck: createRobotCheck(config, database.db),
    log: app.log,
    clock,
  };
  app.decorate('ctx', ctx);
  // Shutdown: responses finished while closing end their keep-alive connection, so close() can return.
  let closing = false;
  app.decorate('beginShutdown', () => {
    closing = true;
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A callback hook, not async: it runs on every reply and has nothing to wait for.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  // Shutting down (SIGTERM: main.ts closes the app): a request that arrives meanwhile on an open
  // connection gets 503 in pt-BR and the connection closes; the requests in flight finish.
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    return reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', '5')
      .send({ error: SHUTDOWN_MESSAGE, code: ErrorCode.unavailable });
  });
  app.addHook('preClose', async () => {
    ctx.realtime.disconnectClients();
  });
  // Durable jobs (plugins/jobs.ts): every mail goes through one; features define their own.
  ctx.jobs.define('mail.send', (mail) => ctx.mailer.send(mail), {
    retryLimit: 5,
    retryDelaySeconds: 30,
    expireInSeconds: 120,
    deleteWhenDone: true,
  });
  // Domain events a crash or a failed try left in the outbox, run again on any process.
  ctx.jobs.every('events.outbox', config.outboxSweepIntervalMs, () => ctx.events.sweep());
  subscribeStudy(ctx);
  subscribeEnforcement(ctx);
  subscribeMedia(ctx);
  subscribeSimulados(ctx);
  subscribeUsers(ctx);
  subscribeNotifications(ctx);
  registerAuthJobs(ctx);
  registerNotificationJobs(ctx);
  // The periodic passes, once per slot across processes: the daily review reminders, simulado
  // attempts whose time ran out and the hourly recalibration, data exports and erasures, live-class
  // reminders 15 minutes before, paid members' renewal reminders 7 days before the end, materials
  // deleted over 30 days ago purged, graders reminded of essay assignments about to expire.
  registerStudyReminderJobs(ctx);
  registerLeagueJobs(ctx);
  registerEssayJobs(ctx);
  registerSimuladoJobs(ctx);
  registerPrivacyJobs(ctx);
  registerClassReminderJobs(ctx);
  registerRenewalReminderJobs(ctx);
  registerMaterialPurgeJobs(ctx);
  const imageClassifier = registerMediaJobs(ctx);
  // Imported questions' and cards' images are stored through media's own checks (a port).
  const images = importedImages(ctx);
  registerImportJobs(ctx, images);
  await ctx.jobs.start();
  app.addHook('onClose', async () => {
    // Background work (a notification after a like) may still publish through Redis or queue a
    // job: it goes first. Jobs queued and not yet run stay in the database for the next start.
    await ctx.tasks.drain();
    await ctx.jobs.stop();
    await imageClassifier.close();
    await ctx.realtime.close();
    await bus.close();
    ctx.storage.close();
    ctx.mailer.close();
    await database.close();
  });

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, { config });
  await app.register(cookie);
  await registerRateLimits(app, config);
  await metricsPlugin(app, {
    token: config.metricsToken,
    database,
    sockets: () => ctx.realtime.io.engine.clientsCount,
    jobs: ctx.jobs,
  });
  await app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    exposeStatusRoute: false,
  });
  // The document is also committed: apps/server/openapi.json (`npm run openapi`, src/openapi.ts).
  await app.register(swagger, {
    openapi: OPENAPI_DEFINITION,
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(originCheckPlugin, { config });
  await app.register(textInputPlugin);
  await app.register(sessionPlugin, { config, sessions });
  // A minor's time in the app, for their guardian (features/guardians/presence.service.ts).
  const presence = new PresenceRecorder(ctx);
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.user) presence.record(request.user);
    done();
  });
  ctx.realtime.onConnection((socket) => presence.recordConnection(socket.data.userId));

  await app.register(
    async (api) => {
      // JSON shrinks to a third or less: a feed page is 2 KB instead of 7 on a slow mobile link. The
      // app's own files are compressed at build time (plugins/web.ts), uploaded images are already.
      await api.register(compress, {
        // gzip first, with blocks glibc keeps in its arenas (decision 069); br for a client that asks only for it.
        encodings: [...ENCODINGS],
        zlibOptions: JSON_GZIP_OPTIONS,
        // The app never sends compressed bodies: one that is fails to parse (400) rather than being inflated.
        globalDecompression: false,
        brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
      });
      // Issue 37: no answer of the JSON API is kept by a browser or a proxy (a deleted post, a
      // profile that became followers-only), unless a route says otherwise (a download, private).
      api.addHook('onSend', async (_request, reply, payload) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        return payload;
      });
      await api.register(healthRoutes, { ctx });
      await api.register(authRoutes, { ctx });
      await api.register(usersRoutes, { ctx });
      await api.register(hiddenWordsRoutes, { ctx });
      await api.register(reportsRoutes, { ctx });
      await api.register(moderationRoutes, { ctx });
      await api.register(appealsRoutes, { ctx });
      // The queue's 'Imagens' tab is media's, through a port (reports sits above media).
      await api.register(moderatorRoutes, { ctx, images: imageModerationQueue(ctx) });
      await api.register(studyRoutes, { ctx });
      await api.register(roomsRoutes, { ctx });
      await api.register(questionsRoutes, { ctx });
      await api.register(questionReportsRoutes, { ctx });
      await api.register(notebookRoutes, { ctx });
      // The review queue lists and reviews the decks' flashcards beside the caderno's entries.
      await api.register(reviewsRoutes, { ctx, flashcards: flashcardReviews(ctx) });
      await api.register(decksRoutes, { ctx, images });
      await api.register(practiceRoutes, { ctx });
      await api.register(resolutionsRoutes, { ctx });
      await api.register(postsRoutes, { ctx });
      await api.register(commentsRoutes, { ctx });
      await api.register(waitlistRoutes, { ctx });
      await api.register(chatRoutes, { ctx });
      await api.register(notificationsRoutes, { ctx });
      await api.register(groupsRoutes, { ctx });
      await api.register(videosRoutes, { ctx });
      await api.register(paymentsRoutes, { ctx, fetch: deps.fetch });
      await api.register(materialsRoutes, { ctx });
      await api.register(forumRoutes, { ctx });
      await api.register(teachingRoutes, { ctx, fetch: deps.fetch });
      await api.register(simuladosRoutes, { ctx });
      await api.register(importsRoutes, { ctx, images });
      await api.register(essaysRoutes, { ctx });
      await api.register(guardiansRoutes, { ctx });
      await api.register(privacyRoutes, { ctx });
      await api.register(searchRoutes, { ctx });
      await api.register(mediaRoutes, { ctx });
    },
    { prefix: '/api' },
  );

  await app.register(mediaPlugin, { storage: ctx.storage, canRead: mediaReadCheck(ctx) });
  await app.register(webPlugin, {
    webDist: config.webDist,
    launchAt: config.launchAt,
    // Seeded with the README's public password: the landing page's 'Testar Demo' opens Ana's account.
    demo: config.seedDemo && !config.demoPassword,
    sharedPages: { '/post/:id': ({ id }) => sharedPostMeta(ctx, id ?? '') },
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
