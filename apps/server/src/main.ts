import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { seedDemoData } from './seed.ts';

const config = loadConfig();
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
  // New requests get 503 while close() waits for the ones in flight, then the DB closes.
  const timer = setTimeout(() => {
    app.log.error('graceful shutdown timed out');
    process.exit(1);
  }, config.shutdownGraceMs);
  timer.unref();
  try {
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
