// The practice feature's public face (issue 40): adaptive practice, the mastery map, resolutions.
// Nothing else in this folder is imported from outside it; the lint refuses it.

export { seedDemoPractice } from './practice.demo.ts';
export { practiceRoutes } from './practice.routes.ts';
export { resolutionsRoutes } from './resolutions.routes.ts';
