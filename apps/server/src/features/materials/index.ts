// The materials feature's public face: what the app and other features may use (docs/conventions.md).
// Nothing else in this folder is imported from outside it; the lint refuses it.

export { seedDemoMaterials } from './materials.demo.ts';
export { materialsRoutes } from './materials.routes.ts';
export { materialKey, registerMaterialPurgeJobs } from './materials.service.ts';
