// The embedded database's own thread (docs/decisions/032): PGlite answers the PostgreSQL protocol on
// a Unix socket, so the server's thread only sends queries and reads rows while PGlite computes.
// Started by openPgliteThread() in client.ts; it is never imported by the server's own thread.
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { pgliteExtensions } from './pglite-extensions.ts';

export interface PgliteThreadData {
  dataDir?: string;
  /** The Unix socket to listen on (`<dir>/.s.PGSQL.5432`, as node-postgres looks for it). */
  socketPath: string;
}

export type PgliteThreadMessage =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'closed' };

const port = parentPort;
if (!port) throw new Error('pglite-thread.ts runs as a worker thread');
const { dataDir, socketPath } = workerData as PgliteThreadData;
const post = (message: PgliteThreadMessage) => port.postMessage(message);

/**
 * On Linux a thread has its own niceness: this one yields the cores to the thread answering requests,
 * so a long query slows other queries, not `/api/health` (docs/decisions/032). Elsewhere it stays as is.
 */
const NICENESS = 5;
function yieldToTheServer() {
  try {
    const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (threadId > 0) os.setPriority(threadId, NICENESS);
  } catch {
    // No /proc (macOS, Windows): the thread keeps the process's priority.
  }
}

try {
  yieldToTheServer();
  const db = await PGlite.create({ dataDir, extensions: pgliteExtensions });
  // One connection: PGlite is a single session, and the socket server would otherwise interleave
  // two clients' statements inside one transaction. The server's pool holds that one connection.
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 1 });
  await server.start();
  port.on('message', async (message: { type: 'close' }) => {
    if (message.type !== 'close') return;
    await server.stop();
    await db.close();
    post({ type: 'closed' });
    port.close();
  });
  post({ type: 'ready' });
} catch (error) {
  post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
