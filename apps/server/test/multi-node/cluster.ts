import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestPostgresDatabase } from '../app.ts';
import { startTestS3, type TestS3 } from '../s3.ts';

// The two-node harness (issue 22): real server processes (`src/main.ts`, as `npm start` runs it)
// behind a small round-robin HTTP + WebSocket proxy on loopback. Reusable by any multi-node test:
// start the proxy first (its address is every node's PUBLIC_URL), then the nodes with the shared
// environment; a node can be stopped (SIGTERM) or killed (SIGKILL) and another started in its place.

const serverRoot = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = path.join(serverRoot, 'src/main.ts');
/** A request carrying this header goes to that node (0-based) instead of the next in turn. */
export const NODE_HEADER = 'x-test-node';
/** Every proxied answer says which node gave it. */
export const SERVED_BY_HEADER = 'x-served-by';

async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerNode {
  index: number;
  /** The node's own address (tests go through the proxy; this is for diagnosis). */
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** What the process printed (warnings and errors at LOG_LEVEL=warn). */
  output(): string;
  /** Resolves with the exit code (or signal) once the process is gone. */
  exited: Promise<number | NodeJS.Signals | null>;
  /** SIGTERM (graceful) or SIGKILL (a crash); resolves once the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts one server process on a free port and waits until `/api/ready` answers 200. Each node has
 * its own DATA_DIR (so nothing reaches another node through the local disk) unless `env` sets one.
 */
export async function startNode(
  index: number,
  env: Record<string, string>,
  { readyTimeoutMs = 120_000 } = {},
): Promise<ServerNode> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), `estudai-node${index}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // A loaded test machine is busy, not an overloaded server: no 503s for event-loop delay.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  const url = `http://127.0.0.1:${port}`;
  const node: ServerNode = {
    index,
    url,
    dataDir,
    process: child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`node ${index} exited before it was ready:\n${output}`);
    }
    const ready = await fetch(`${url}/api/ready`).catch(() => null);
    if (ready?.status === 200) return node;
    if (Date.now() > deadline) {
      await node.stop('SIGKILL');
      throw new Error(`node ${index} was not ready within ${readyTimeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export interface LoadBalancer {
  url: string;
  /** The nodes' addresses, by index; set (or replace) them as nodes start. */
  targets: (string | undefined)[];
  /** Which node took each request and each WebSocket, in order. */
  log: { kind: 'http' | 'websocket'; node: number; url: string }[];
  close(): Promise<void>;
}

/**
 * A round-robin proxy on loopback for HTTP and WebSocket upgrades, like the compose load balancer:
 * each request or socket goes to the next live target in turn (or to the one `x-test-node` names),
 * with `X-Forwarded-For` appended and `x-served-by` on the answer.
 */
async function startLoadBalancer(): Promise<LoadBalancer> {
  const targets: (string | undefined)[] = [];
  const log: LoadBalancer['log'] = [];
  let turn = 0;
  const pick = (headers: http.IncomingHttpHeaders): number => {
    const pinned = headers[NODE_HEADER];
    if (typeof pinned === 'string') return Number(pinned);
    const live = targets.flatMap((target, index) => (target ? [index] : []));
    const index = live[turn % live.length] ?? 0;
    turn++;
    return index;
  };
  const forwardedHeaders = (request: http.IncomingMessage) => {
    const { [NODE_HEADER]: _pinned, ...headers } = request.headers;
    const previous = headers['x-forwarded-for'];
    headers['x-forwarded-for'] = previous
      ? `${previous}, ${request.socket.remoteAddress}`
      : (request.socket.remoteAddress ?? '');
    return headers;
  };

  const server = http.createServer((request, response) => {
    const node = pick(request.headers);
    const target = targets[node];
    log.push({ kind: 'http', node, url: request.url ?? '' });
    if (!target) {
      response.writeHead(502).end(`no node ${node}`);
      return;
    }
    const upstream = http.request(
      new URL(request.url ?? '/', target),
      { method: request.method, headers: forwardedHeaders(request) },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, [SERVED_BY_HEADER]: String(node) });
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { [SERVED_BY_HEADER]: String(node) });
      response.end();
    });
    request.pipe(upstream);
  });

  const tunnels = new Set<net.Socket>();
  server.on('upgrade', (request, client: net.Socket, head: Buffer) => {
    tunnels.add(client);
    client.once('close', () => tunnels.delete(client));
    const node = pick(request.headers);
    const target = targets[node];
    log.push({ kind: 'websocket', node, url: request.url ?? '' });
    if (!target) {
      client.destroy();
      return;
    }
    const { hostname, port } = new URL(target);
    const upstream = net.connect(Number(port), hostname, () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (const [name, value] of Object.entries(forwardedHeaders(request))) {
        for (const one of Array.isArray(value) ? value : [value ?? '']) lines.push(`${name}: ${one}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });

  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    targets,
    log,
    close: async () => {
      for (const tunnel of tunnels) tunnel.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export interface Cluster {
  balancer: LoadBalancer;
  nodes: ServerNode[];
  s3: TestS3;
  /** The fresh PostgreSQL database every node shares. */
  databaseUrl: string;
  /** The environment every node starts with (add to it per node in `startNode`). */
  env: Record<string, string>;
  /** Starts node `index` (again, after a stop or a kill) and puts it behind the balancer. */
  startNode(index: number, extraEnv?: Record<string, string>): Promise<ServerNode>;
  /** Takes node `index` from the balancer and stops it (SIGKILL: as a crash would). */
  stopNode(index: number, signal?: NodeJS.Signals): Promise<void>;
  close(): Promise<void>;
}

/**
 * The issue 22 topology: `count` nodes on a fresh PostgreSQL database (TEST_DATABASE_URL's server,
 * copied from the migrated template), one Redis (`redisUrl`), one s3rver bucket, each node with its
 * own DATA_DIR, behind the round-robin balancer (its address is every node's PUBLIC_URL).
 */
export async function startCluster({
  count = 2,
  redisUrl,
  env = {},
}: {
  count?: number;
  redisUrl: string;
  env?: Record<string, string>;
}): Promise<Cluster> {
  const s3 = await startTestS3();
  const balancer = await startLoadBalancer();
  const database = await createTestPostgresDatabase();
  const shared = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    PUBLIC_URL: balancer.url,
    // The balancer is the only way in: the client address is the one it forwards.
    TRUST_PROXY: 'true',
    ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
    ...s3.env,
    ...env,
  };
  const nodes: ServerNode[] = [];
  const cluster: Cluster = {
    balancer,
    nodes,
    s3,
    databaseUrl: database.url,
    env: shared,
    async startNode(index, extraEnv = {}) {
      const node = await startNode(index, { ...shared, ...extraEnv });
      nodes[index] = node;
      balancer.targets[index] = node.url;
      return node;
    },
    async stopNode(index, signal = 'SIGTERM') {
      balancer.targets[index] = undefined;
      await nodes[index]?.stop(signal);
    },
    async close() {
      await Promise.all(nodes.map((node) => node?.stop()));
      await balancer.close();
      await database.drop();
      await s3.close();
      for (const node of nodes) if (node) fs.rmSync(node.dataDir, { recursive: true, force: true });
    },
  };
  try {
    // One after the other: the machine running the suite has few cores.
    for (let index = 0; index < count; index++) await cluster.startNode(index);
  } catch (error) {
    await cluster.close();
    throw error;
  }
  return cluster;
}
