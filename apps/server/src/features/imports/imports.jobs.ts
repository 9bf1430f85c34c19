import type { AppContext } from '../../context.ts';
import { runImport } from './imports.service.ts';

/** An import runs off the request path; a try that dies midway resumes from its progress. */
export function registerImportJobs(ctx: AppContext): void {
  ctx.jobs.define('imports.run', ({ importId }) => runImport(ctx, importId), {
    retryLimit: 2,
    expireInSeconds: 10 * 60,
  });
}
