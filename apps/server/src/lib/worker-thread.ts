import { Worker, type WorkerOptions } from 'node:worker_threads';

/** Whether this module runs as TypeScript source (tsx, vitest) or from the bundle of scripts/build-server.ts. */
const fromSource = import.meta.url.endsWith('.ts');

/**
 * A worker thread running the module at `source`, written `new URL('./x.ts', import.meta.url)` by
 * its caller. From source, Node 20 does not hand tsx's loader to a worker, so the thread registers
 * it first and then loads the module; compiled (`npm start`), the caller's URL points into the
 * bundle's folder, where scripts/build-server.ts wrote that module's own bundle as `x.mjs`.
 */
export function startWorker(source: URL, options: WorkerOptions = {}): Worker {
  if (!fromSource) return new Worker(new URL(source.href.replace(/\.ts$/, '.mjs')), options);
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}
