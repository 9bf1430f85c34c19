// The videos feature's public face: what the app and other features may use (docs/conventions.md).
// Nothing else in this folder is imported from outside it; the lint refuses it.

export { seedDemoVideos } from './videos.demo.ts';
export { videosRoutes } from './videos.routes.ts';
