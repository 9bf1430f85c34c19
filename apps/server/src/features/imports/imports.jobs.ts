import type { AppContext } from '../../context.ts';
import type { ImportedImages } from '../../plugins/media.ts';
import { runImport } from './imports.service.ts';

/**
 * An import runs off the request path; a try that dies midway resumes from its progress. `images`:
 * media's port (app.ts), which releases a failed import's images.
 */
export function registerImportJobs(ctx: AppContext, images: ImportedImages): void {
  ctx.jobs.define('imports.run', ({ importId }) => runImport(ctx, importId, images), {
    retryLimit: 2,
    expireInSeconds: 10 * 60,
  });
}
