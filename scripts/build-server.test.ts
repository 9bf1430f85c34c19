import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

describe('npm start runs the compiled server', () => {
  it('serves /api/ready from the bundle, with plain node and no TypeScript loader', async () => {
    await ensureServerBuild(false);
    expect(isServerBuildCurrent(repoRoot, sourceHash(repoRoot, SERVER_BUILD_INPUTS))).toBe(true);
    for (const bundle of ['main.mjs', 'pglite-thread.mjs', 'calibration.worker.mjs', 'migrations'])
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
