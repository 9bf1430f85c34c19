import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHUTDOWN_MESSAGE } from '@estudai/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureServerBuild, isServerBuildCurrent, SERVER_BUILD_INPUTS, SERVER_DIST } from './build-server.ts';
import { sourceHash } from './build-web.ts';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const dirs: string[] = [];
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Resolves with the port the server's log says it listens on (PORT=0: one the system picked). */
function listeningPort(child: ChildProcess, log: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      log.push(chunk.toString());
      const port = buffered.match(/listening at http:\/\/127\.0\.0\.1:(\d+)/)?.[1];
      if (port) resolve(Number(port));
    });
    child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${log.join('')}`)));
  });
}

/** The compiled server on a scratch data directory and a port the system picked. */
async function startCompiled(): Promise<{ child: ChildProcess; port: number; log: string[] }> {
  await ensureServerBuild(false);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-compiled-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, [path.join(SERVER_DIST, 'main.mjs')], {
    cwd: repoRoot,
    // Only what a shell gives: no NODE_OPTIONS from the test runner (it would bring a loader).
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
    },
  });
  children.push(child);
  const log: string[] = [];
  return { child, port: await listeningPort(child, log), log };
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

describe('SIGTERM on the compiled server', () => {
  it('answers a new request 503 in pt-BR while the one in flight finishes, then exits', async () => {
    const { child, port } = await startCompiled();
    const body = JSON.stringify({ email: 'alguem@exemplo.com.br' });
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
    });
    await new Promise((resolve) => socket.once('connect', resolve));
    // In flight: the request's head and half its body are in when SIGTERM comes.
    socket.write(
      `POST /api/auth/forgot-password HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    // A new request meanwhile: 503 in the envelope.
    const refused = await fetch(`http://127.0.0.1:${port}/api/posts`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toEqual({ error: SHUTDOWN_MESSAGE, code: 'UNAVAILABLE' });
    // The one in flight gets its body and its answer.
    socket.write(body.slice(10));
    await new Promise((resolve) => socket.once('close', resolve));
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(await exitOf(child)).toBe(0);
  }, 120_000);
});

describe('npm start runs the compiled server', () => {
  it('serves /api/ready from the bundle, with plain node and no TypeScript loader', async () => {
    await ensureServerBuild(false);
    expect(isServerBuildCurrent(repoRoot, sourceHash(repoRoot, SERVER_BUILD_INPUTS))).toBe(true);
    for (const bundle of [
      'main.mjs',
      'pglite-thread.mjs',
      'calibration.worker.mjs',
      'image-classifier.worker.mjs',
      'migrations',
    ])
      expect(fs.existsSync(path.join(repoRoot, SERVER_DIST, bundle))).toBe(true);

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-compiled-'));
    dirs.push(dataDir);
    const child = spawn(process.execPath, [path.join(SERVER_DIST, 'main.mjs')], {
      cwd: repoRoot,
      // Only what a shell gives: no NODE_OPTIONS from the test runner (it would bring a loader).
      env: {
        PATH: process.env.PATH,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
      },
    });
    children.push(child);
    const log: string[] = [];
    const port = await listeningPort(child, log);

    const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      data: { status: 'ok', database: 'pglite', redis: 'off', storage: 'disk' },
    });
    // The process that listens is node running the bundle itself, with no loader in between.
    const cmdline = fs.readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(cmdline.slice(1)).toEqual([path.join(SERVER_DIST, 'main.mjs')]);

    child.kill('SIGTERM');
    const [code] = (await new Promise((resolve) => child.once('exit', (...args) => resolve(args)))) as [
      number,
    ];
    expect(code).toBe(0);
    expect(log.join('')).not.toMatch(/"level":50/);
  }, 120_000);
});
