import { timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@estudai/contract';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import { apiDocs } from '../lib/openapi.ts';
import type { Jobs } from './jobs.ts';

export interface MetricsSources {
  /** The token from METRICS_TOKEN; unset, the route answers 404 as if it did not exist. */
  token: string | undefined;
  database: Database;
  /** Sockets connected to this process. */
  sockets: () => number;
  /** The durable job queue: its depth (shared by every process) and this process's failed tries. */
  jobs: Pick<Jobs, 'counts' | 'failures'>;
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Prometheus metrics of this process at GET /api/metrics: requests by route and status with their
 * latency, Node's own (event-loop delay, memory, GC), the database pool, the job queue and the open
 * sockets. Only
 * for `Authorization: Bearer $METRICS_TOKEN` (401 otherwise); without the variable, a 404, and no
 * request is timed. Each app has its own registry (tests build several in one process).
 */
export async function metricsPlugin(app: FastifyInstance, sources: MetricsSources): Promise<void> {
  const docs = apiDocs('health');
  const { token } = sources;
  const registry = new Registry();
  if (token) {
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
    const labelNames = ['method', 'route', 'status'] as const;
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by method, route pattern and status',
      labelNames,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request to reply, by method, route pattern and status',
      labelNames,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    app.addHook('onResponse', (request, reply, done) => {
      // The route's pattern, never the raw address: one series per route, not per post id.
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? 'não encontrada',
        status: String(reply.statusCode),
      };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
      done();
    });
    new Gauge({
      name: 'estudai_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting clients); absent on PGlite',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = sources.database.poolStats?.();
        if (!stats) return;
        for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
      },
    });
    new Gauge({
      name: 'estudai_jobs',
      help: 'Durable jobs by name and state: queued (new or waiting for a retry), active, failed (out of tries)',
      labelNames: ['name', 'state'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const { name, queued, active, failed } of await sources.jobs.counts()) {
          this.set({ name, state: 'queued' }, queued);
          this.set({ name, state: 'active' }, active);
          this.set({ name, state: 'failed' }, failed);
        }
      },
    });
    new Counter({
      name: 'estudai_job_failures_total',
      help: 'Failed tries of durable jobs run by this process, by name',
      labelNames: ['name'],
      registers: [registry],
      collect() {
        this.reset();
        for (const [name, n] of sources.jobs.failures) this.inc({ name }, n);
      },
    });
    new Gauge({
      name: 'estudai_sockets_connected',
      help: 'Socket.IO connections held by this process',
      registers: [registry],
      collect() {
        this.set(sources.sockets());
      },
    });
  }

  app.get(
    '/api/metrics',
    {
      config: { rateLimit: false },
      schema: docs.public(
        'getMetrics',
        'Métricas do processo no formato Prometheus (com Authorization: Bearer e o METRICS_TOKEN)',
      ),
    },
    async (request, reply) => {
      if (!token) {
        return reply.code(404).send({ error: 'Recurso não encontrado.', code: ErrorCode.notFound });
      }
      const [scheme, given] = (request.headers.authorization ?? '').split(' ');
      if (scheme !== 'Bearer' || !given || !sameToken(given, token)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send({ error: 'Token de métricas ausente ou inválido.', code: ErrorCode.unauthenticated });
      }
      return reply
        .header('content-type', registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    },
  );
}
