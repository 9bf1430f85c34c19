// The media feature's public face: what the app and other features may use (docs/conventions.md).
// Nothing else in this folder is imported from outside it; the lint refuses it.

export { imageModerationQueue } from './image-check.service.ts';
export { mediaReadCheck } from './media.access.ts';
export { subscribeMedia } from './media.events.ts';
export { uploadKeysOf } from './media.queries.ts';
export { mediaRoutes } from './media.routes.ts';
export {
  importedImages,
  registerMediaJobs,
  releasePostFiles,
  requireOwnUploads,
} from './post-files.service.ts';
