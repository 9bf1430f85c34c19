import { fork } from 'node:child_process';
import { once } from 'node:events';
import { buildApp } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { isNewEmbeddedDatabase, openDatabase } from './db/client.ts';
import { createObjectStore } from './plugins/storage.ts';
import { seedDemoData } from './seed.ts';

const PREPARE_FLAG = '--prepare-embedded-database';

/**
 * The embedded database's first start is made (initdb), migrated and given the demo data by a child
 * process that then exits, and only then opened by the server. That one-off work left hundreds of
 * MiB behind in the process that did it (PGlite's WebAssembly memory never shrinks, and initdb's own
 * instance waited for a collection an idle thread may never run): 0.6–0.8 GiB after a first start
 * against 0.3 GiB after a second one (decision 043). The child exits 0 once the database is ready.
 */
async function prepareEmbeddedDatabase(config: Config): Promise<void> {
  const database = await openDatabase(config);
  const storage = createObjectStore(config.storage, config.dataDir);
  try {
    if (config.seedDemo && (await seedDemoData(database.db, config.publicUrl, storage, config.demoPassword)))
      console.log(
        JSON.stringify({ level: 30, msg: 'empty database: demo data loaded (see README for the accounts)' }),
      );
  } finally {
    storage.close();
    await database.close();
  }
}

const config = loadConfig();
if (process.argv.includes(PREPARE_FLAG)) {
  await prepareEmbeddedDatabase(config);
  process.exit(0);
}
if (isNewEmbeddedDatabase(config)) {
  // The same entry (the bundle, or this file through tsx's loader: fork passes execArgv on).
  const child = fork(process.argv[1] as string, [PREPARE_FLAG], { stdio: 'inherit' });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the embedded database could not be prepared (exit ${code})`);
}
const app = await buildApp(config);

if (
  config.seedDemo &&
  (await seedDemoData(app.ctx.database.db, config.publicUrl, app.ctx.storage, config.demoPassword))
) {
  app.log.info('empty database: demo data loaded (see README for the accounts)');
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  // New requests get 503 while the ones in flight finish (close() waits for them), then the DB closes.
  const timer = setTimeout(() => {
    app.log.error('graceful shutdown timed out');
    process.exit(1);
  }, config.shutdownGraceMs);
  timer.unref();
  try {
    // A while still listening, answering new requests 503 (readiness too), then close.
    app.beginShutdown();
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error while shutting down');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Estudaí em ${config.publicUrl}`);
