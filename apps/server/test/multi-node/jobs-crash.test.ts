import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestPostgresDatabase } from '../app.ts';

// Issue 22: 'a mail job queued on node 1, then node 1 killed with SIGKILL, is delivered once by
// node 2'. Real server processes (src/main.ts, as `npm start` runs it) on one PostgreSQL database,
// mailing through SMTP to a tiny SMTP sink in the test. PostgreSQL only (TEST_DATABASE_URL).

const serverRoot = fileURLToPath(new URL('../../', import.meta.url));

/** An SMTP server that accepts every message and keeps it (what nodemailer needs, no TLS, no auth). */
async function startSmtpSink() {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 OK queued\r\n');
          continue;
        }
        const line = buffer.indexOf('\r\n');
        if (line < 0) return;
        const command = buffer.slice(0, line).toUpperCase();
        buffer = buffer.slice(line + 2);
        if (command.startsWith('EHLO') || command.startsWith('HELO')) socket.write('250 sink\r\n');
        else if (command.startsWith('DATA')) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (command.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => {});
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `smtp://127.0.0.1:${port}`, messages, close: () => new Promise((r) => server.close(r)) };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Node {
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<unknown>;
}

async function startNode(env: Record<string, string>): Promise<Node> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-jobnode-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/main.ts')], {
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
  const exited = once(child, 'exit');
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`node exited before it was ready:\n${output}`);
    if ((await fetch(`${url}/api/ready`).catch(() => null))?.status === 200) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`node not ready in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, child, output: () => output, exited };
}

const enabled = Boolean(process.env.TEST_DATABASE_URL);
let database: Awaited<ReturnType<typeof createTestPostgresDatabase>> | undefined;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const nodes: Node[] = [];

beforeAll(async () => {
  if (!enabled) return;
  database = await createTestPostgresDatabase();
  sink = await startSmtpSink();
});
afterAll(async () => {
  for (const node of nodes) if (node.child.exitCode === null) node.child.kill('SIGKILL');
  await Promise.all(nodes.map((node) => node.exited));
  await sink?.close();
  await database?.drop();
});

it.skipIf(!enabled)(
  'delivers once, from node 2, a mail queued on node 1 before node 1 was killed',
  async () => {
    const env = { DATABASE_URL: database?.url ?? '', SMTP_URL: sink.url, JOB_POLL_MS: '300' };
    // Node 1 takes the request and queues the mail; it runs no jobs, so nothing leaves it before the kill.
    const one = await startNode({ ...env, JOB_WORKER: 'false' });
    nodes.push(one);
    const email = 'ana@exemplo.com.br';
    const signup = await fetch(`${one.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: one.url },
      body: JSON.stringify({
        displayName: 'Ana Júlia',
        email,
        password: 'girassol-no-enem',
        profile: 'aluno',
        birthDate: '2001-09-17',
      }),
    });
    expect(signup.status, await signup.clone().text()).toBeLessThan(300);
    const forgot = await fetch(`${one.url}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: one.url },
      body: JSON.stringify({ email }),
    });
    expect(forgot.status).toBe(200);
    one.child.kill('SIGKILL');
    await one.exited;
    expect(sink.messages).toEqual([]);

    // Node 2 on the same database finds the job and mails it, once.
    const two = await startNode(env);
    nodes.push(two);
    const deadline = Date.now() + 60_000;
    while (sink.messages.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(sink.messages, two.output()).toHaveLength(1);
    expect(sink.messages[0]).toContain(`To: ${email}`);
    expect(sink.messages[0]).toContain('mode=3DresetPassword');
    // A few more polls later, still one.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(sink.messages).toHaveLength(1);
  },
  300_000,
);
